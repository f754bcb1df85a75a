package org.aspen.bench.vnet;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aspen.vnet.udp.UdpCounters;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * Packets per second one VNet node relays on loopback (sender -> relay -> sink), beside a plain
 * Java NIO relay (receive, send on, nothing else) measured in the same run with the same sender
 * and sink.
 *
 * <pre>{@code
 * java -cp vnet/target/classes:$(cat cp.txt) org.aspen.bench.vnet.ForwardingBench [trialMillis] [frameBytes] [nio]
 * ForwardingBench.Result r = ForwardingBench.run(ForwardingBench.Options.DEFAULT);
 * }</pre>
 *
 * Method: the sender offers a paced load that rises step by step (x1.4); at each step both relays
 * get one trial, alternating, so background load on the machine hits both alike. A trial counts
 * what the sender sent, what the relay forwarded and what the sink got, so loss is attributed to
 * the relay (its socket overflowed) or to the sink. Reported per relay: the highest delivered rate
 * with at most 1% loss, and the highest delivered rate at any step (saturation). The ladder stops
 * once both relays lose more than 10% at two steps in a row (or after {@code maxSteps}); the
 * sender's achieved rate is reported beside the offered one. Figures depend on how busy the machine is; compare the two relays, not runs. Because other
 * work on a shared machine steals the relay's core, each trial also reports the relay thread's CPU
 * time and packets relayed per CPU-second, a figure that load on other cores hardly moves.
 */
public final class ForwardingBench {
    /**
     * @param frameBytes  VNet frame size
     * @param trialMillis measured time per trial (after a short settle period)
     * @param startPps    first offered rate
     * @param maxSteps    longest ladder
     * @param forceNio    run the VNet relay on NIO instead of epoll
     * @param compareOffload also run, in the same steps, a second VNet relay with UDP segmentation and
     *                    receive offload off ({@code vnet-off}, {@link UdpOptions#withOffload})
     * @param senderGso   the sender writes each tick's frames as UDP segmentation-offload writes of up to 64
     *                    frames, as an upstream Aspen node's bursts leave (epoll on a kernel with GSO; else
     *                    one datagram each): so that a relay with receive offload can take them as aggregates
     */
    public record Options(int frameBytes, long trialMillis, long startPps, int maxSteps, boolean forceNio,
                          boolean compareOffload, boolean senderGso) {
        public static final Options DEFAULT = new Options(1000, 1000, 20_000, 14, false);

        /** No offload comparison, a sender of one datagram per frame (the benchmark as it was). */
        public Options(int frameBytes, long trialMillis, long startPps, int maxSteps, boolean forceNio) {
            this(frameBytes, trialMillis, startPps, maxSteps, forceNio, false, false);
        }
    }

    /**
     * One trial: rates in packets/s over the measured window; {@code relayCpu} is the share of one
     * core the relay's thread used (user + system), {@code ppsPerCore} = relayed / relay CPU time.
     */
    public record Trial(String relay, long offeredPps, long sentPps, long relayedPps, long deliveredPps, double loss,
                        double relayCpu, long ppsPerCore) {
    }

    /**
     * {@code plainPerCore}/{@code vnetPerCore}: median over the trials of packets relayed per CPU-second;
     * the {@code vnetOff} figures are the relay with offload off (0 unless {@link Options#compareOffload}).
     */
    public record Result(List<Trial> trials, long plainLosslessPps, long vnetLosslessPps, long plainPeakPps,
                         long vnetPeakPps, long plainPerCore, long vnetPerCore, boolean epoll, int frameBytes,
                         boolean compareOffload, boolean senderGso, long vnetOffLosslessPps, long vnetOffPeakPps,
                         long vnetOffPerCore) {
        public double perCoreRatio() {
            return plainPerCore == 0 ? 0 : vnetPerCore / (double) plainPerCore;
        }

        public double peakRatio() {
            return plainPeakPps == 0 ? 0 : vnetPeakPps / (double) plainPeakPps;
        }

        public double losslessRatio() {
            return plainLosslessPps == 0 ? 0 : vnetLosslessPps / (double) plainLosslessPps;
        }

        public String summary() {
            return String.format(Locale.ROOT, "frames %d B, VNet relay on %s%n"
                            + "plain NIO relay: %,d pkt/s lossless (<=1%% loss), %,d pkt/s peak%n"
                            + "VNet relay node: %,d pkt/s lossless (<=1%% loss), %,d pkt/s peak%n"
                            + "ratio VNet/plain: %.2f lossless, %.2f peak%n"
                            + "relay CPU efficiency (median of trials): plain %,d pkt/s per core, VNet %,d pkt/s per core, ratio %.2f",
                    frameBytes, epoll ? "epoll" : "nio", plainLosslessPps, plainPeakPps, vnetLosslessPps, vnetPeakPps,
                    losslessRatio(), peakRatio(), plainPerCore, vnetPerCore, perCoreRatio())
                    + (senderGso ? String.format(Locale.ROOT, "%nsender: GSO writes of up to 64 frames") : "")
                    + (!compareOffload ? "" : String.format(Locale.ROOT, "%nVNet relay, offload off: %,d pkt/s lossless, %,d pkt/s peak, "
                            + "%,d pkt/s per core (ratio to plain %.2f)%noffload on / off: %.2f per core, %.2f lossless, %.2f peak",
                    vnetOffLosslessPps, vnetOffPeakPps, vnetOffPerCore, ratio(vnetOffPerCore, plainPerCore),
                    ratio(vnetPerCore, vnetOffPerCore), ratio(vnetLosslessPps, vnetOffLosslessPps), ratio(vnetPeakPps, vnetOffPeakPps)));
        }

        private static double ratio(long a, long b) {
            return b == 0 ? 0 : a / (double) b;
        }
    }

    private ForwardingBench() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.DEFAULT;
        if (args.length > 0) {
            o = new Options(o.frameBytes(), Long.parseLong(args[0]), o.startPps(), o.maxSteps(), o.forceNio());
        }
        if (args.length > 1) {
            o = new Options(Integer.parseInt(args[1]), o.trialMillis(), o.startPps(), o.maxSteps(), o.forceNio());
        }
        if (args.length > 2) {
            o = new Options(o.frameBytes(), o.trialMillis(), o.startPps(), o.maxSteps(), "nio".equals(args[2]));
        }
        Result r = run(o);
        System.out.println("relay     offered      sent   relayed delivered    loss  relayCPU  pkt/s/core");
        for (Trial t : r.trials()) {
            System.out.printf(Locale.ROOT, "%-8s %8d %9d %9d %9d %6.2f%% %8.2f %11d%n", t.relay(), t.offeredPps(), t.sentPps(),
                    t.relayedPps(), t.deliveredPps(), t.loss() * 100, t.relayCpu(), t.ppsPerCore());
        }
        System.out.println(r.summary());
    }

    public static Result run(Options o) throws IOException, InterruptedException {
        byte[] frame = RelayChain.frame(RelayChain.LEFT, RelayChain.RIGHT, o.frameBytes());
        List<Trial> trials = new ArrayList<>();
        UdpOptions relayOptions = UdpOptions.singleNode().withForceNio(o.forceNio());
        try (TrafficEnds ends = new TrafficEnds(frame, o.senderGso()); PlainRelay plain = new PlainRelay(ends.sinkAddress());
             UdpNetwork vnet = RelayChain.start(1, ends.senderAddress(), ends.sinkAddress(), relayOptions);
             UdpNetwork vnetOff = o.compareOffload()
                     ? RelayChain.start(1, ends.senderAddress(), ends.sinkAddress(), relayOptions.withOffload(false)) : null) {
            Relay vnetRelay = new VnetRelay(vnet);
            Relay vnetOffRelay = vnetOff == null ? null : new VnetRelay(vnetOff);
            // warm-up: JIT both paths before anything is recorded (compiler threads are slow on a busy machine)
            for (int i = 0; i < 3; i++) {
                trial(o, "plain", plain, ends, o.startPps());
                trial(o, "vnet", vnetRelay, ends, o.startPps());
                if (vnetOffRelay != null) {
                    trial(o, "vnet-off", vnetOffRelay, ends, o.startPps());
                }
            }
            long offered = o.startPps();
            int saturated = 0;
            for (int step = 0; step < o.maxSteps(); step++) {
                Trial p = trial(o, "plain", plain, ends, offered);
                trials.add(p);
                boolean allSaturated = p.loss() > 0.10;
                // with offload compared, the two VNet relays take turns going first, step by step
                List<String> order = vnetOffRelay == null ? List.of("vnet")
                        : step % 2 == 0 ? List.of("vnet", "vnet-off") : List.of("vnet-off", "vnet");
                for (String name : order) {
                    Trial v = trial(o, name, name.equals("vnet") ? vnetRelay : vnetOffRelay, ends, offered);
                    trials.add(v);
                    allSaturated &= v.loss() > 0.10;
                }
                // two saturated steps in a row, so one scheduling hiccup on a busy machine does not end the ladder
                saturated = allSaturated ? saturated + 1 : 0;
                if (saturated == 2) {
                    break;
                }
                offered = (long) (offered * 1.4);
            }
            return new Result(trials, best(trials, "plain", true), best(trials, "vnet", true),
                    best(trials, "plain", false), best(trials, "vnet", false), medianPerCore(trials, "plain"),
                    medianPerCore(trials, "vnet"), vnet.epoll(), o.frameBytes(), o.compareOffload(), ends.gso(),
                    best(trials, "vnet-off", true), best(trials, "vnet-off", false), medianPerCore(trials, "vnet-off"));
        }
    }

    private static long best(List<Trial> trials, String relay, boolean lossless) {
        return trials.stream().filter(t -> t.relay().equals(relay) && (!lossless || t.loss() <= 0.01))
                .mapToLong(Trial::deliveredPps).max().orElse(0);
    }

    private static long medianPerCore(List<Trial> trials, String relay) {
        long[] v = trials.stream().filter(t -> t.relay().equals(relay)).mapToLong(Trial::ppsPerCore).sorted().toArray();
        return v.length == 0 ? 0 : v[v.length / 2];
    }

    private static Trial trial(Options o, String name, Relay relay, TrafficEnds ends, long pps)
            throws InterruptedException {
        ends.go(relay.address(), pps);
        Thread.sleep(200);
        long s0 = ends.sent(), r0 = relay.relayed(), d0 = ends.received(), c0 = relay.cpuNanos(), t0 = System.nanoTime();
        Thread.sleep(o.trialMillis());
        long s1 = ends.sent(), r1 = relay.relayed(), d1 = ends.received(), c1 = relay.cpuNanos(), t1 = System.nanoTime();
        ends.pause();
        Thread.sleep(100);
        double secs = (t1 - t0) / 1e9;
        long sent = s1 - s0;
        long delivered = d1 - d0;
        double loss = sent == 0 ? 0 : Math.max(0, 1 - delivered / (double) sent);
        double cpu = (c1 - c0) / 1e9;
        return new Trial(name, pps, Math.round(sent / secs), Math.round((r1 - r0) / secs), Math.round(delivered / secs), loss,
                cpu / secs, cpu <= 0 ? 0 : Math.round((r1 - r0) / cpu));
    }

    private static DatagramChannel open() throws IOException {
        DatagramChannel ch = DatagramChannel.open();
        ch.setOption(StandardSocketOptions.SO_RCVBUF, 4 << 20);
        ch.setOption(StandardSocketOptions.SO_SNDBUF, 4 << 20);
        ch.bind(new InetSocketAddress("127.0.0.1", 0));
        return ch;
    }

    private static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    interface Relay {
        InetSocketAddress address();

        /** Datagrams forwarded so far. */
        long relayed();

        /** CPU time (user + system) the relay's thread has used so far. */
        long cpuNanos();
    }

    private static long cpuNanos(long threadId) {
        return ManagementFactory.getThreadMXBean().getThreadCpuTime(threadId);
    }

    private record VnetRelay(UdpNetwork net, long loopThread) implements Relay {
        VnetRelay(UdpNetwork net) {
            this(net, onLoop(net, () -> Thread.currentThread().getId()));
        }

        @Override
        public long cpuNanos() {
            return ForwardingBench.cpuNanos(loopThread);
        }

        @Override
        public InetSocketAddress address() {
            return net.udpAddress("r1");
        }

        @Override
        public long relayed() {
            UdpCounters c = net.udpCounters("r1");
            return onLoop(net, () -> c.datagramsOut);
        }

        private static long onLoop(UdpNetwork net, Supplier<Long> read) {
            CompletableFuture<Long> f = new CompletableFuture<>();
            net.onLoop("r1", () -> f.complete(read.get()));
            try {
                return f.get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("relay did not answer", e);
            }
        }
    }

    /** The yardstick: receive a datagram, send it on, nothing else. */
    private static final class PlainRelay implements Relay, AutoCloseable {
        private final DatagramChannel ch;
        private final Thread thread;
        private volatile long relayed;

        PlainRelay(InetSocketAddress to) throws IOException {
            ch = open();
            thread = daemon("plain-relay", () -> {
                ByteBuffer buf = ByteBuffer.allocateDirect(65_536);
                try {
                    while (true) {
                        buf.clear();
                        ch.receive(buf);
                        buf.flip();
                        ch.send(buf, to);
                        relayed++;
                    }
                } catch (ClosedChannelException e) {
                    // closed: done
                } catch (IOException e) {
                    System.err.println("plain relay stopped: " + e);
                }
            });
        }

        @Override
        public InetSocketAddress address() {
            try {
                return (InetSocketAddress) ch.getLocalAddress();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public long relayed() {
            return relayed;
        }

        @Override
        public long cpuNanos() {
            return ForwardingBench.cpuNanos(thread.getId());
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }
}
