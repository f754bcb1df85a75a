package org.aspen.bench.flakeway;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.aspen.acc.AccJars;
import org.aspen.bench.flakeway.pass.PassThroughAa;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.flakeway.FlakewayAas;
import org.aspen.flakeway.FlakewayInterceptor;
import org.aspen.flakeway.RuleSpecs;
import org.aspen.lab.build.EeSetup;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * The flakeway in real mode, on loopback UDP: a plain UDP sender and sink with one VNet node
 * between them, which runs the flakeway (as the AA in an EE, or as the node-level interceptor).
 *
 * <pre>{@code
 * FlakewayBench.Result r = FlakewayBench.run(FlakewayBench.Options.DEFAULT);
 * System.out.println(r.summary());
 * }</pre>
 *
 * Delay: frames paced at {@code latencyPps}, one-way delay sender -> sink measured with one clock
 * (same process), for a rule asking each of {@code delaysMs}, each right after a trial without a
 * flakeway; the excess over the asked delay, minus that no-flakeway path, is what the flakeway adds. Forwarding rate:
 * {@code ratePackets} frames are handed to the node on its own loop as fast as it forwards them, for no
 * flakeway, a zero-delay rule on the interceptor, a zero-delay rule in the AA, and a pass-through AA
 * (diverts every packet and re-injects it: the EE's own cost); the node's loop CPU per frame it
 * forwarded, best of {@code rounds} alternating rounds, so background load hits all alike. AAs run
 * under the CPU-time watchdog, as in {@code aspen node}.
 */
public final class FlakewayBench {
    static final VAddr LEFT = VAddr.parse("10.0.1.1");
    static final VAddr RIGHT = VAddr.parse("10.0.1.2");
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static final LinkConfig FAST = new LinkConfig(0, 0, QueueLimit.packets(100_000), 1);

    /** How the node runs the flakeway: not at all, as the node interceptor, as the AA; or a pass-through AA instead. */
    public enum Mode { NONE, NODE, AA, PASS }

    private static byte[] passJar;

    /**
     * @param delaysMs        delays to ask for
     * @param latencyPackets  measured frames per delay
     * @param latencyPps      their pace
     * @param ratePackets     frames per forwarding-rate trial
     * @param rounds          forwarding-rate rounds (best kept)
     * @param frameBytes      frame size
     */
    public record Options(List<Integer> delaysMs, int latencyPackets, int latencyPps, int ratePackets, int rounds,
                          int frameBytes) {
        public static final Options DEFAULT = new Options(List.of(0, 1, 10, 50), 2000, 1000, 200_000, 3, 200);
    }

    /** One-way delay figures; {@code delayMs} -1 for the path without a flakeway. */
    public record DelayRow(int delayMs, long p50Nanos, long p99Nanos, long addedP50Nanos, long addedP99Nanos, int lost) {
    }

    /**
     * @param deliveredPps     sink's rate (wall; limited by the sink thread and the machine's load)
     * @param cpuNanosPerPacket the node's loop thread CPU time per frame it forwarded
     * @param capacityPps      1e9 / cpuNanosPerPacket: what the node's one loop could forward
     * @param ratioToNone      capacity over the capacity without a flakeway
     * @param forwarded        frames the node forwarded in the round kept (all it was handed, unless an AA's queue overflowed)
     */
    public record RateRow(Mode mode, long deliveredPps, long cpuNanosPerPacket, long capacityPps, double ratioToNone,
                          long forwarded) {
    }

    public record Result(List<DelayRow> delays, List<RateRow> rates, long overheadP50Nanos, boolean epoll, int frameBytes) {
        public String summary() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "flakeway AA on one VNet node, loopback UDP (%s), %d-byte frames%n",
                    epoll ? "epoll" : "nio", frameBytes));
            sb.append("asked ms   seen p50 ms  seen p99 ms   added p50 us  added p99 us  lost\n");
            for (DelayRow r : delays) {
                sb.append(String.format(Locale.ROOT, "%8s %13.3f %12.3f %14.1f %13.1f %5d%n", r.delayMs < 0 ? "none" : r.delayMs,
                        r.p50Nanos / 1e6, r.p99Nanos / 1e6, r.addedP50Nanos / 1e3, r.addedP99Nanos / 1e3, r.lost));
            }
            sb.append(String.format(Locale.ROOT, "constant overhead per packet (p50 of seen - asked - no-flakeway path, mean over delays): %.1f us%n",
                    overheadP50Nanos / 1e3));
            sb.append("forwarding (frames handed to the node on its loop): delivered, loop CPU per forwarded frame, capacity = 1/CPU per frame\n");
            for (RateRow r : rates) {
                sb.append(String.format(Locale.ROOT, "  %-5s %,10d pkt/s delivered  %6.2f us CPU/frame  %,10d pkt/s capacity"
                                + "  ratio to none %.2f%n", r.mode.name().toLowerCase(Locale.ROOT), r.deliveredPps,
                        r.cpuNanosPerPacket / 1e3, r.capacityPps, r.ratioToNone));
            }
            return sb.toString();
        }
    }

    private FlakewayBench() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println(run(Options.DEFAULT).summary());
    }

    public static Result run(Options o) throws IOException, InterruptedException {
        try (DatagramSocket sender = socket(); DatagramSocket sink = socket()) {
            boolean epoll;
            try (Relay warm = new Relay(Mode.AA, "name z; match dst=10.0.1.2", sender, sink)) {
                epoll = warm.net.epoll();
                latency(o, warm, o.latencyPackets() / 2);      // JIT warm-up
                blast(o, warm, o.ratePackets() / 4);
            }
            // each delay right after its own no-flakeway trial, so both see the same background load
            List<DelayRow> rows = new ArrayList<>();
            double overhead = 0;
            for (int d : o.delaysMs()) {
                long[] base;
                try (Relay none = new Relay(Mode.NONE, null, sender, sink)) {
                    base = latency(o, none, o.latencyPackets());
                }
                rows.add(row(-1, base, null));
                try (Relay r = new Relay(Mode.AA, "name d; match dst=10.0.1.2; delay " + d + "ms", sender, sink)) {
                    DelayRow row = row(d, latency(o, r, o.latencyPackets()), base);
                    rows.add(row);
                    overhead += row.addedP50Nanos();
                }
            }
            long[] delivered = new long[Mode.values().length];
            long[] cpu = new long[Mode.values().length];
            long[] forwarded = new long[Mode.values().length];
            Arrays.fill(cpu, Long.MAX_VALUE);
            for (int round = 0; round < o.rounds(); round++) {
                for (Mode m : Mode.values()) {
                    try (Relay r = new Relay(m, m == Mode.NODE || m == Mode.AA ? "name z; match dst=10.0.1.2" : null, sender, sink)) {
                        long[] got = blast(o, r, o.ratePackets());
                        delivered[m.ordinal()] = Math.max(delivered[m.ordinal()], got[0]);
                        if (got[1] < cpu[m.ordinal()]) {
                            cpu[m.ordinal()] = got[1];
                            forwarded[m.ordinal()] = got[2];
                        }
                    }
                }
            }
            List<RateRow> rates = new ArrayList<>();
            for (Mode m : Mode.values()) {
                long c = Math.max(1, cpu[m.ordinal()]);
                rates.add(new RateRow(m, delivered[m.ordinal()], c, Math.round(1e9 / c), cpu[0] / (double) c, forwarded[m.ordinal()]));
            }
            return new Result(rows, rates, Math.round(overhead / o.delaysMs().size()), epoll, o.frameBytes());
        }
    }

    /** Seen delays (sorted; lost frames at the end as Long.MAX_VALUE) minus, if given, the asked delay. */
    private static DelayRow row(int delayMs, long[] seen, long[] base) {
        int lost = (int) Arrays.stream(seen).filter(x -> x == Long.MAX_VALUE).count();
        long p50 = pct(seen, 0.5);
        long p99 = pct(seen, 0.99);
        long asked = Math.max(0, delayMs) * 1_000_000L;
        long a50 = base == null ? 0 : p50 - asked - pct(base, 0.5);
        long a99 = base == null ? 0 : p99 - asked - pct(base, 0.99);
        return new DelayRow(delayMs, p50, p99, a50, a99, lost);
    }

    private static long pct(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
    }

    /** Paced frames; returns their one-way delays, sorted. */
    private static long[] latency(Options o, Relay r, int n) throws IOException {
        drain(r.sink);
        long[] sentAt = new long[n];
        long[] got = new long[n];
        Arrays.fill(got, Long.MAX_VALUE);
        CompletableFuture<Void> rx = CompletableFuture.runAsync(() -> receive(r.sink, n, (seq, at) -> {
            if (seq >= 0 && seq < n) {
                got[seq] = at - sentAt[seq];
            }
        }));
        long gap = 1_000_000_000L / o.latencyPps();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            long due = t0 + i * gap;
            while (System.nanoTime() < due) {
                LockSupport.parkNanos(Math.min(100_000, due - System.nanoTime()));
            }
            byte[] f = frame(o.frameBytes(), i);
            sentAt[i] = System.nanoTime();
            r.sender.send(new DatagramPacket(f, f.length, r.entry()));
        }
        rx.join();
        Arrays.sort(got);
        return got;
    }

    /**
     * Frames handed to the node on its own loop as fast as it takes them, {@value #BLAST_BATCH} per
     * loop task (what an AA takes from its queue per turn, {@code EeConfig.drainBatch}), so the
     * node, not a UDP sender, is the limit and an AA's queue does not overflow. Returns {the sink's
     * delivered rate, node loop CPU ns per frame the node forwarded, frames forwarded} (frames the
     * sink's socket dropped on a loaded host were still forwarded, and cost the node the same).
     */
    private static long[] blast(Options o, Relay r, int n) throws IOException, InterruptedException {
        drain(r.sink);
        long[] firstLast = {0, 0, 0};
        CompletableFuture<Void> rx = CompletableFuture.runAsync(() -> receive(r.sink, n, (seq, at) -> {
            if (firstLast[2]++ == 0) {
                firstLast[0] = at;
            }
            firstLast[1] = at;
        }));
        byte[] f = frame(o.frameBytes(), 0);
        long cpu0 = CPU.getThreadCpuTime(r.loopThread);
        Link left = r.node.link("left");
        Link right = r.node.link("right");
        long sent0 = r.onLoop(() -> right.counters().sentPackets);
        r.net.onLoop("fw", new Runnable() {
            private int done;

            @Override
            public void run() {
                for (int end = Math.min(n, done + BLAST_BATCH); done < end; done++) {
                    r.node.receive(PacketCodec.decode(f.clone(), 0, f.length, Packet.MAX_FRAME, null), left);
                }
                if (done < n) {
                    r.net.onLoop("fw", this);
                }
            }
        });
        rx.join();
        long forwarded = r.onLoop(() -> right.counters().sentPackets) - sent0;
        long cpu = CPU.getThreadCpuTime(r.loopThread) - cpu0;
        long span = firstLast[1] - firstLast[0];
        long rate = firstLast[2] < 2 || span <= 0 ? 0 : Math.round((firstLast[2] - 1) * 1e9 / span);
        return new long[] {rate, forwarded <= 0 ? Long.MAX_VALUE : cpu / forwarded, forwarded};
    }

    /** Frames per loop task in {@link #blast}. */
    static final int BLAST_BATCH = 64;

    /** The pass-through AA ({@link PassThroughAa}) as a jar. */
    public static synchronized byte[] passThroughJar() {
        if (passJar == null) {
            passJar = AccJars.pack("org/aspen/bench/flakeway/pass/", PassThroughAa.class, "pass-through",
                    PassThroughAa.class.getName(), "diverts every packet and re-injects it unchanged");
        }
        return passJar.clone();
    }

    interface Arrival {
        void at(int seq, long nanos);
    }

    /** Receives until {@code n} frames came or the sink was silent for 500 ms. */
    private static void receive(DatagramSocket s, int n, Arrival a) {
        byte[] buf = new byte[65_536];
        DatagramPacket d = new DatagramPacket(buf, buf.length);
        try {
            s.setSoTimeout(500);
            for (int i = 0; i < n; i++) {
                d.setLength(buf.length);
                s.receive(d);
                long now = System.nanoTime();
                Packet p = PacketCodec.decode(buf, 0, d.getLength(), Packet.MAX_FRAME, null);
                a.at(p == null ? -1 : seq(p), now);
            }
        } catch (SocketTimeoutException e) {
            // silence: what did not come was lost
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Throws away what an earlier trial left in the sink's socket. */
    private static void drain(DatagramSocket s) throws IOException {
        byte[] buf = new byte[65_536];
        DatagramPacket d = new DatagramPacket(buf, buf.length);
        s.setSoTimeout(50);
        try {
            while (true) {
                s.receive(d);
            }
        } catch (SocketTimeoutException e) {
            // empty
        }
    }

    private static byte[] frame(int bytes, int seq) {
        byte[] payload = new byte[bytes - Packet.HEADER_LENGTH];
        payload[4] = (byte) (seq >>> 24);
        payload[5] = (byte) (seq >>> 16);
        payload[6] = (byte) (seq >>> 8);
        payload[7] = (byte) seq;
        return Packet.builder().source(LEFT).destination(RIGHT).protocol(Protocol.RAW).payload(payload).build().frame();
    }

    private static int seq(Packet p) {
        byte[] b = p.array();
        int o = p.payloadOffset() + 4;
        return ((b[o] & 0xff) << 24) | ((b[o + 1] & 0xff) << 16) | ((b[o + 2] & 0xff) << 8) | (b[o + 3] & 0xff);
    }

    private static DatagramSocket socket() throws IOException {
        DatagramSocket s = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
        s.setReceiveBufferSize(8 << 20);
        s.setSendBufferSize(8 << 20);
        return s;
    }

    /** One VNet node between the sender's and the sink's sockets, with the flakeway as asked. */
    private static final class Relay implements AutoCloseable {
        final UdpNetwork net;
        final Node node;
        final DatagramSocket sender;
        final DatagramSocket sink;
        long loopThread;

        Relay(Mode mode, String rule, DatagramSocket sender, DatagramSocket sink) throws InterruptedException {
            this.sender = sender;
            this.sink = sink;
            net = new UdpNetwork(1, UdpOptions.singleNode());
            Node n = net.addNode("fw", VAddr.parse("10.0.2.1"), NodeConfig.DEFAULT, null);
            node = n;
            net.connectRemote("left", "fw", (InetSocketAddress) sender.getLocalSocketAddress(), FAST);
            net.connectRemote("right", "fw", (InetSocketAddress) sink.getLocalSocketAddress(), FAST);
            n.routes().addStatic(Route.host(RIGHT, n.link("right"), RIGHT, 1, Route.Origin.STATIC));
            n.routes().addStatic(Route.host(LEFT, n.link("left"), LEFT, 1, Route.Origin.STATIC));
            net.run(0);
            CompletableFuture<Void> ready = new CompletableFuture<>();
            net.onLoop("fw", () -> {
                loopThread = Thread.currentThread().getId();
                try {
                    if (mode == Mode.NODE) {
                        FlakewayInterceptor.install(n).set(RuleSpecs.parse(rule));
                    } else if (mode == Mode.AA || mode == Mode.PASS) {
                        ExecutionEnvironment ee = new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy());
                        EeSetup.watchCpuTime(ee);
                        if (mode == Mode.AA) {
                            FlakewayAas.start(ee, List.of(RuleSpecs.parse(rule)));
                        } else {
                            byte[] jar = passThroughJar();
                            ee.trust().allowJar(jar);
                            ee.startAa(jar, java.util.Map.of());
                        }
                    }
                    ready.complete(null);
                } catch (RuntimeException e) {
                    ready.completeExceptionally(e);
                }
            });
            try {
                ready.get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                net.close();
                throw new IllegalStateException("cannot set up the flakeway node: " + e.getMessage(), e);
            }
        }

        InetSocketAddress entry() {
            return net.udpAddress("fw");
        }

        /** Reads a value on the node's loop. */
        long onLoop(java.util.function.LongSupplier read) throws InterruptedException {
            CompletableFuture<Long> f = new CompletableFuture<>();
            net.onLoop("fw", () -> f.complete(read.getAsLong()));
            try {
                return f.get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("the node's loop did not answer: " + e, e);
            }
        }

        @Override
        public void close() {
            net.close();
        }
    }
}
