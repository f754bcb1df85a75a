package org.aspen.vnet.bench;

import java.io.IOException;
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
import java.util.concurrent.locks.LockSupport;
import org.aspen.vnet.udp.UdpCounters;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * Packets per second one VNet node relays on loopback (sender -> relay -> sink), beside a plain
 * Java NIO relay (receive, send on, nothing else) measured in the same run with the same sender
 * and sink.
 *
 * <pre>{@code
 * java -cp vnet/target/classes:$(cat cp.txt) org.aspen.vnet.bench.ForwardingBench [trialMillis] [frameBytes]
 * ForwardingBench.Result r = ForwardingBench.run(ForwardingBench.Options.DEFAULT);
 * }</pre>
 *
 * Method: the sender offers a paced load that rises step by step (x1.3); at each step both relays
 * get one trial, alternating, so background load on the machine hits both alike. A trial counts
 * what the sender sent, what the relay forwarded and what the sink got, so loss is attributed to
 * the relay (its socket overflowed) or to the sink. Reported per relay: the highest delivered rate
 * with at most 1% loss, and the highest delivered rate at any step (saturation). The ladder stops
 * once both relays lose more than 10% at two steps in a row, or the sender cannot reach the offered
 * rate. Figures depend on how busy the machine is; compare the two relays, not runs.
 */
public final class ForwardingBench {
    /**
     * @param frameBytes  VNet frame size
     * @param trialMillis measured time per trial (after a short settle period)
     * @param startPps    first offered rate
     * @param maxSteps    longest ladder
     * @param forceNio    run the VNet relay on NIO instead of epoll
     */
    public record Options(int frameBytes, long trialMillis, long startPps, int maxSteps, boolean forceNio) {
        public static final Options DEFAULT = new Options(1000, 1000, 20_000, 30, false);
    }

    /** One trial: rates in packets/s over the measured window. */
    public record Trial(String relay, long offeredPps, long sentPps, long relayedPps, long deliveredPps, double loss) {
    }

    public record Result(List<Trial> trials, long plainLosslessPps, long vnetLosslessPps, long plainPeakPps,
                         long vnetPeakPps, boolean epoll, int frameBytes) {
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
                            + "ratio VNet/plain: %.2f lossless, %.2f peak",
                    frameBytes, epoll ? "epoll" : "nio", plainLosslessPps, plainPeakPps, vnetLosslessPps, vnetPeakPps,
                    losslessRatio(), peakRatio());
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
        Result r = run(o);
        System.out.println("relay   offered      sent   relayed delivered   loss");
        for (Trial t : r.trials()) {
            System.out.printf(Locale.ROOT, "%-6s %8d %9d %9d %9d %6.2f%%%n", t.relay(), t.offeredPps(), t.sentPps(),
                    t.relayedPps(), t.deliveredPps(), t.loss() * 100);
        }
        System.out.println(r.summary());
    }

    public static Result run(Options o) throws IOException, InterruptedException {
        byte[] frame = RelayChain.frame(RelayChain.LEFT, RelayChain.RIGHT, o.frameBytes());
        List<Trial> trials = new ArrayList<>();
        try (Sink sink = new Sink(); Sender sender = new Sender(frame); PlainRelay plain = new PlainRelay(sink.address());
             UdpNetwork vnet = RelayChain.start(1, sender.address(), sink.address(),
                     UdpOptions.singleNode().withForceNio(o.forceNio()))) {
            Relay vnetRelay = new VnetRelay(vnet);
            // warm-up: JIT both paths before anything is recorded
            trial(o, "plain", plain, sender, sink, o.startPps());
            trial(o, "vnet", vnetRelay, sender, sink, o.startPps());
            long offered = o.startPps();
            int saturated = 0;
            for (int step = 0; step < o.maxSteps(); step++) {
                Trial p = trial(o, "plain", plain, sender, sink, offered);
                Trial v = trial(o, "vnet", vnetRelay, sender, sink, offered);
                trials.add(p);
                trials.add(v);
                boolean senderLimited = p.sentPps() < 0.9 * offered && v.sentPps() < 0.9 * offered;
                // two saturated steps in a row, so one scheduling hiccup on a busy machine does not end the ladder
                saturated = p.loss() > 0.10 && v.loss() > 0.10 ? saturated + 1 : 0;
                if (saturated == 2 || senderLimited) {
                    break;
                }
                offered = (long) (offered * 1.3);
            }
            return new Result(trials, best(trials, "plain", true), best(trials, "vnet", true),
                    best(trials, "plain", false), best(trials, "vnet", false), vnet.epoll(), o.frameBytes());
        }
    }

    private static long best(List<Trial> trials, String relay, boolean lossless) {
        return trials.stream().filter(t -> t.relay().equals(relay) && (!lossless || t.loss() <= 0.01))
                .mapToLong(Trial::deliveredPps).max().orElse(0);
    }

    private static Trial trial(Options o, String name, Relay relay, Sender sender, Sink sink, long pps)
            throws InterruptedException {
        sender.go(relay.address(), pps);
        Thread.sleep(200);
        long s0 = sender.sent, r0 = relay.relayed(), d0 = sink.received, t0 = System.nanoTime();
        Thread.sleep(o.trialMillis());
        long s1 = sender.sent, r1 = relay.relayed(), d1 = sink.received, t1 = System.nanoTime();
        sender.pause();
        Thread.sleep(100);
        double secs = (t1 - t0) / 1e9;
        long sent = s1 - s0;
        long delivered = d1 - d0;
        double loss = sent == 0 ? 0 : Math.max(0, 1 - delivered / (double) sent);
        return new Trial(name, pps, Math.round(sent / secs), Math.round((r1 - r0) / secs), Math.round(delivered / secs), loss);
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
    }

    private record VnetRelay(UdpNetwork net) implements Relay {
        @Override
        public InetSocketAddress address() {
            return net.udpAddress("r1");
        }

        @Override
        public long relayed() {
            CompletableFuture<Long> f = new CompletableFuture<>();
            net.onLoop("r1", () -> {
                UdpCounters c = net.udpCounters("r1");
                f.complete(c.datagramsOut);
            });
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
        private volatile long relayed;

        PlainRelay(InetSocketAddress to) throws IOException {
            ch = open();
            daemon("plain-relay", () -> {
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
        public void close() throws IOException {
            ch.close();
        }
    }

    /** Counts datagrams; a blocking receive loop. */
    private static final class Sink implements AutoCloseable {
        private final DatagramChannel ch;
        volatile long received;

        Sink() throws IOException {
            ch = open();
            daemon("sink", () -> {
                ByteBuffer buf = ByteBuffer.allocateDirect(65_536);
                try {
                    while (true) {
                        buf.clear();
                        ch.receive(buf);
                        received++;
                    }
                } catch (IOException e) {
                    // closed: done
                }
            });
        }

        InetSocketAddress address() throws IOException {
            return (InetSocketAddress) ch.getLocalAddress();
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }

    /** Sends the frame at a paced rate: every 100 us it catches up with the schedule, then parks. */
    private static final class Sender implements AutoCloseable {
        private final DatagramChannel ch;
        private final Thread thread;
        private volatile InetSocketAddress target;
        private volatile long pps;
        private volatile boolean closed;
        volatile long sent;

        Sender(byte[] frame) throws IOException {
            ch = open();
            thread = daemon("sender", () -> {
                ByteBuffer buf = ByteBuffer.allocateDirect(frame.length);
                buf.put(frame).flip();
                while (!closed) {
                    long rate = pps;
                    InetSocketAddress to = target;
                    if (rate == 0 || to == null) {
                        LockSupport.parkNanos(1_000_000);
                        continue;
                    }
                    long start = System.nanoTime();
                    long done = 0;
                    while (!closed && pps == rate && target == to) {
                        long due = (System.nanoTime() - start) * rate / 1_000_000_000L;
                        if (done >= due) {
                            LockSupport.parkNanos(100_000);
                            continue;
                        }
                        try {
                            buf.rewind();
                            ch.send(buf, to);
                        } catch (IOException e) {
                            return;
                        }
                        done++;
                        sent++;
                    }
                }
            });
        }

        InetSocketAddress address() throws IOException {
            return (InetSocketAddress) ch.getLocalAddress();
        }

        void go(InetSocketAddress to, long rate) {
            target = to;
            pps = rate;
        }

        void pause() {
            pps = 0;
        }

        @Override
        public void close() throws IOException {
            closed = true;
            thread.interrupt();
            ch.close();
        }
    }
}
