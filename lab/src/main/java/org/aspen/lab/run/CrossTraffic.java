package org.aspen.lab.run;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.aspen.lab.report.CrossReport;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.time.Seeds;

/**
 * One uncontrolled on/off source of the workload ({@code cross}): raw VNet datagrams at a constant
 * rate during 'on' periods, nothing during 'off' periods.
 *
 * <pre>{@code
 * cross: [{from: x1, to: y1, rate: 100kbps, on: 2.5s, off: 2.5s, size: 1000}]
 * }</pre>
 *
 * As ns's exponential on/off source (the ACC paper's cross traffic): period lengths are drawn from an
 * exponential distribution with the given means (seeded per flow from the scenario seed and the flow's
 * name), or are fixed with {@code durations: fixed}. The first period is 'on', starting at
 * {@code start}. {@code size} is the whole VNet packet (20-byte header included), and the rate counts
 * whole packets: 100 kb/s of 1000-byte packets is one packet every 80 ms. The destination counts
 * what arrives with a RAW handler ({@link Receiver}); nothing is acknowledged or retransmitted.
 */
public final class CrossTraffic {
    final Scenario.CrossSpec spec;
    final String name;
    final long rateBps;
    final long onMean;
    final long offMean;
    final int size;
    final long start;
    final long stop;
    final boolean exponential;
    private final long intervalNanos;
    private long sentPackets;
    private long sendFailures;
    private long bursts;
    private long onNanos;
    private Receiver receiver;
    private VAddr source;

    public CrossTraffic(Scenario.CrossSpec spec, int index, long runEnd) {
        this.spec = spec;
        this.name = nameOf(spec, index);
        this.rateBps = Units.bitsPerSecond(spec.rate() == null ? "100kbps" : spec.rate());
        this.onMean = Units.nanos(spec.on() == null ? "2.5s" : spec.on());
        this.offMean = Units.nanos(spec.off() == null ? "2.5s" : spec.off());
        this.size = spec.size() == null ? 1000 : spec.size();
        this.start = spec.start() == null ? 0 : Units.nanos(spec.start());
        this.stop = spec.stop() == null ? runEnd : Units.nanos(spec.stop());
        this.exponential = spec.durations() == null || spec.durations().equals("exponential");
        this.intervalNanos = Math.max(1, Math.round(size * 8e9 / rateBps));
    }

    static String nameOf(Scenario.CrossSpec c, int index) {
        return c.name() != null ? c.name() : "cross-" + c.from() + "-" + c.to() + "-" + index;
    }

    /** Schedules the source; {@code receivers} holds one counting RAW handler per destination node (null: install none). */
    public void schedule(Network net, Map<String, Receiver> receivers, long seed) {
        Node from = net.node(spec.from());
        Node to = net.node(spec.to());
        source = from.address();
        receiver = receivers == null ? null : receivers.computeIfAbsent(spec.to(), n -> Receiver.install(to));
        SplittableRandom random = Seeds.stream(seed, "cross", name);
        byte[] payload = new byte[Math.max(0, size - Packet.HEADER_LENGTH)];
        VAddr dest = to.address();
        if (spec.randomPhase()) {
            scheduleFromPhase(net, from, dest, payload, random);
            return;
        }
        net.at(start, spec.from(), () -> new Source(from, dest, payload, random).on());
    }

    /**
     * {@code phase: random}: the cycle of fixed periods ({@code on} then {@code off}) began at a phase
     * drawn uniformly from [0, on + off) before time 0, so the burst under way at time 0 sends from 0 on,
     * every packet scheduled now, one event each (as ACC-ABCD's cross traffic always ran).
     */
    private void scheduleFromPhase(Network net, Node from, VAddr dest, byte[] payload, SplittableRandom random) {
        long period = onMean + offMean;
        long phase = random.nextLong(period);
        for (long burst = phase - period; burst < stop; burst += period) {
            if (burst + onMean > 0) {
                bursts++;
                onNanos += Math.min(stop, burst + onMean) - Math.max(0, burst);
            }
            for (long t = Math.max(0, burst); t < burst + onMean && t < stop; t += intervalNanos) {
                net.at(t, spec.from(), () -> {
                    sentPackets++;
                    if (!from.send(Packet.builder().source(from.address()).destination(dest).protocol(Protocol.RAW)
                            .payload(payload).build())) {
                        sendFailures++;
                    }
                });
            }
        }
    }

    /** The on/off state machine, run on the source node's loop. */
    private final class Source {
        private final Node node;
        private final VAddr dest;
        private final byte[] payload;
        private final SplittableRandom random;
        private long onEnd;

        Source(Node node, VAddr dest, byte[] payload, SplittableRandom random) {
            this.node = node;
            this.dest = dest;
            this.payload = payload;
            this.random = random;
        }

        void on() {
            long now = node.scheduler().nanos();
            if (now >= stop) {
                return;
            }
            bursts++;
            long length = draw(onMean);
            onEnd = Math.min(stop, now + length);
            onNanos += onEnd - now;
            send();
        }

        void send() {
            long now = node.scheduler().nanos();
            if (now >= onEnd) {
                long off = draw(offMean);
                if (onEnd + off < stop) {
                    node.scheduler().schedule(onEnd + off - now, this::on);
                }
                return;
            }
            Packet p = Packet.builder().source(node.address()).destination(dest).protocol(Protocol.RAW).payload(payload).build();
            sentPackets++;
            if (!node.send(p)) {
                sendFailures++;
            }
            node.scheduler().schedule(intervalNanos, this::send);
        }

        private long draw(long mean) {
            if (!exponential) {
                return mean;
            }
            return Math.max(1, Math.round(-mean * Math.log(1 - random.nextDouble())));
        }
    }

    long sentPackets() {
        return sentPackets;
    }

    long receivedPackets() {
        return receiver == null ? 0 : receiver.packets(source);
    }

    long bursts() {
        return bursts;
    }

    /** Total time spent 'on' (the last period cut at {@code stop}). */
    long onNanos() {
        return onNanos;
    }

    public CrossReport report() {
        return new CrossReport(name, spec.from(), spec.to(), rateBps, size, exponential ? "exponential" : "fixed", bursts,
                onNanos / 1e9, sentPackets, sendFailures, receivedPackets(), receiver == null ? 0 : receiver.bytes(source));
    }

    public String summary() {
        return String.format(java.util.Locale.ROOT, "cross %s (%s -> %s): %d bursts, %.1f s on, %d packets sent, %d received",
                name, spec.from(), spec.to(), bursts, onNanos / 1e9, sentPackets, receivedPackets());
    }

    /** Counts the RAW packets a node receives, by source address. */
    public static final class Receiver {
        private final Map<Integer, long[]> bySource = new HashMap<>();

        static Receiver install(Node n) {
            Receiver r = new Receiver();
            n.registerHandler(Protocol.RAW, (p, in) -> {
                long[] c = r.bySource.computeIfAbsent(p.sourceBits(), k -> new long[2]);
                c[0]++;
                c[1] += p.length();
            });
            return r;
        }

        long packets(VAddr from) {
            long[] c = bySource.get(from.value());
            return c == null ? 0 : c[0];
        }

        long bytes(VAddr from) {
            long[] c = bySource.get(from.value());
            return c == null ? 0 : c[1];
        }
    }
}
