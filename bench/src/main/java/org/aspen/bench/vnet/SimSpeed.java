package org.aspen.bench.vnet;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.node.TraceHasher;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.sim.SimNetwork;

/**
 * Simulation speed: packet-hops (link transmissions) per second of wall time.
 *
 * <pre>{@code
 * SimSpeed.Result r = SimSpeed.run(10, 2_000_000_000L, 1);
 * System.out.println(r);
 * }</pre>
 *
 * The topology is a ring of {@code nodes} with a chord from every even node to the one opposite,
 * 1 Gb/s links with 1 ms delay, link-state routing. After the routes converge (not measured), every
 * node sends a steady stream of 120-byte frames to the node opposite it (several hops), and every
 * packet event is folded into a trace hash, as in a real determinism check. A benchmark, so it
 * reads the wall clock; node code never does.
 */
public final class SimSpeed {
    static final long WARM_UP_NANOS = 2_000_000_000L;
    static final long SEND_INTERVAL_NANOS = 5_000;
    static final int PAYLOAD = 100;

    private SimSpeed() {
    }

    /**
     * @param packetHops link transmissions during the measured phase (data and control)
     * @param delivered  data packets that reached their destination
     */
    public record Result(int nodes, long virtualNanos, long packetHops, long delivered, long events, long wallNanos,
                         long cpuNanos, double hopsPerSecond, double eventsPerSecond, String traceHash) {
        /**
         * Packet-hops per second of the JVM's CPU time (including GC and JIT threads): the figure to
         * trust when other processes share the cores and wall time is inflated.
         */
        public double hopsPerCpuSecond() {
            return cpuNanos <= 0 ? 0 : packetHops * 1e9 / cpuNanos;
        }

        @Override
        public String toString() {
            return String.format("%d nodes, %.2f s virtual: %,d packet-hops (%,d delivered), %,d events in %.3f s wall"
                            + " (%.3f s cpu) -> %,.0f packet-hops/s wall, %,.0f per cpu-s, %,.0f events/s, trace %s",
                    nodes, virtualNanos / 1e9, packetHops, delivered, events, wallNanos / 1e9, cpuNanos / 1e9,
                    hopsPerSecond, hopsPerCpuSecond(), eventsPerSecond, traceHash);
        }
    }

    public static Result run(int nodes, long virtualNanos, long seed) {
        return run(nodes, virtualNanos, seed, SEND_INTERVAL_NANOS);
    }

    /** As {@link #run(int, long, long)} with each source sending one packet every {@code sendIntervalNanos}. */
    public static Result run(int nodes, long virtualNanos, long seed, long sendIntervalNanos) {
        if (nodes < 4) {
            throw new IllegalArgumentException("need at least 4 nodes");
        }
        SimNetwork net = new SimNetwork(seed);
        LinkConfig link = new LinkConfig(1_000_000_000L, 1_000_000L, QueueLimit.packets(1000), 1);
        TraceHasher hasher = new TraceHasher();
        long[] delivered = new long[1];
        for (int i = 0; i < nodes; i++) {
            Node n = net.addNode("n" + i, VAddr.of(0x0A000001 + i), NodeConfig.DEFAULT, null);
            n.setTrace(hasher);
            n.registerHandler(Protocol.RAW, (p, in) -> delivered[0]++);
        }
        for (int i = 0; i < nodes; i++) {
            net.connect("ring" + i, "n" + i, "n" + (i + 1) % nodes, link);
        }
        for (int i = 0; i < nodes / 2; i += 2) {
            net.connect("chord" + i, "n" + i, "n" + (i + nodes / 2), link);
        }
        for (Node n : net.nodes()) {
            ControlPlane.install(n, true);
        }
        net.run(WARM_UP_NANOS);
        for (int i = 0; i < nodes; i++) {
            Node src = net.node("n" + i);
            VAddr dst = VAddr.of(0x0A000001 + (i + nodes / 2 + 1) % nodes);
            byte[] payload = new byte[PAYLOAD];
            Runnable[] tick = new Runnable[1];
            tick[0] = () -> {
                src.send(Packet.builder().source(src.address()).destination(dst).protocol(Protocol.RAW).payload(payload).build());
                net.scheduler().schedule(sendIntervalNanos, tick[0]);
            };
            // spread the sources over one interval so they do not all fire in the same instant
            net.scheduler().schedule(i * sendIntervalNanos / nodes, tick[0]);
        }
        long hops0 = hops(net);
        long events0 = net.scheduler().executedEvents();
        long delivered0 = delivered[0];
        long c0 = processCpuNanos();
        long t0 = System.nanoTime();
        net.run(virtualNanos);
        long wall = System.nanoTime() - t0;
        long cpu = processCpuNanos() - c0;
        long hops = hops(net) - hops0;
        long events = net.scheduler().executedEvents() - events0;
        return new Result(nodes, virtualNanos, hops, delivered[0] - delivered0, events, wall, cpu, hops * 1e9 / wall,
                events * 1e9 / wall, hasher.hex());
    }

    /** CPU time of the whole JVM (simulation thread plus GC and JIT), or 0 when unavailable. */
    private static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }

    private static long hops(SimNetwork net) {
        long h = 0;
        for (Node n : net.nodes()) {
            for (Link l : n.links()) {
                h += l.counters().sentPackets;
            }
        }
        return h;
    }

    /**
     * {@code SimSpeed [nodes] [virtual seconds] [seed] [repeats] [send interval ns]}: one line per
     * run, then the best (the first runs include JIT warm-up).
     */
    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 2.0;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        int repeats = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        long interval = args.length > 4 ? Long.parseLong(args[4]) : SEND_INTERVAL_NANOS;
        Result best = null;
        for (int i = 0; i < repeats; i++) {
            Result r = run(nodes, (long) (seconds * 1e9), seed, interval);
            System.out.println(r);
            if (best == null || r.hopsPerSecond() > best.hopsPerSecond()) {
                best = r;
            }
        }
        System.out.printf("best: %,.0f packet-hops/s wall, %,.0f packet-hops per cpu-second%n", best.hopsPerSecond(),
                best.hopsPerCpuSecond());
    }
}
