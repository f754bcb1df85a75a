package org.aspen.bench.soak;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleConsumer;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.lab.build.BundledAas;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.lab.stack.NodeStack;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.udp.UdpNetwork;

/**
 * The soak benchmark ({@code aspen bench soak}): two nodes on loopback UDP in this JVM, {@code
 * connections} RDP connections between them each sending a small message every second, a share of
 * them closed and replaced every second, and an AA started and stopped on each node over and over.
 * Every second it records the heap (in use, and after a full collection forced every 10 s: the leak signal),
 * non-heap (metaspace: class loaders of stopped AAs would show here) and the process's RSS.
 *
 * <pre>{@code
 * SoakBench.Result r = SoakBench.run(new SoakBench.Options(1000, 300_000_000_000L, 10, 7), f -> {});
 * System.out.println(r.summary());
 * }</pre>
 *
 * The baseline is the run itself: the figures at the end of the first fifth (after warm-up) against
 * those at the end, as ratios, and the slope over the second half in MiB per minute.
 */
public final class SoakBench {
    private static final int PORT = 5000;
    private static final int MESSAGE = 100;
    private static final long SECOND = 1_000_000_000L;
    private static final int GC_EVERY = 10;
    /** Two nodes on loopback, a 1 Gb/s link without delay and a 4096-packet buffer, link-state routing. */
    static final Scenario TWO_NODES = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
            name: soak
            duration: 1s
            routing: auto
            nodes:
              - {name: a, address: 10.0.0.1}
              - {name: b, address: 10.0.0.2}
            links:
              - {between: [a, b], bandwidth: 1Gbps, delay: 0ms, buffer: 4096}
            """.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "soak", true);

    /**
     * @param connections   RDP connections kept open
     * @param durationNanos how long to run (wall time)
     * @param churnPerSecond connections closed and replaced every second
     * @param seed          for message timing and which connections churn
     */
    public record Options(int connections, long durationNanos, int churnPerSecond, long seed) {
    }

    /** One sample, once a second. Sizes in bytes. */
    public record Sample(double seconds, long heapUsed, long heapAfterGc, long nonHeapUsed, long rss, int openConnections,
                         long messagesDelivered, long aaStarts, long connectionsOpened) {
    }

    public record Result(Options options, List<Sample> samples, long aaStarts, long aaStops, Map<String, Long> stoppedByEe,
                         long messages,
                         long connectionsOpened, long connectionFailures) {
        /** Ratio of end to warm-up (end of the first fifth) for a metric. */
        public double ratio(java.util.function.ToLongFunction<Sample> f) {
            Sample warm = samples.get(Math.max(0, samples.size() / 5 - 1));
            Sample end = samples.get(samples.size() - 1);
            return f.applyAsLong(end) / (double) Math.max(1, f.applyAsLong(warm));
        }

        /** Least-squares slope over the second half, MiB per minute. */
        public double slopeMibPerMinute(java.util.function.ToLongFunction<Sample> f) {
            List<Sample> half = samples.subList(samples.size() / 2, samples.size());
            int n = half.size();
            if (n < 2) {
                return 0;
            }
            double sx = 0;
            double sy = 0;
            double sxx = 0;
            double sxy = 0;
            for (Sample s : half) {
                double x = s.seconds() / 60;
                double y = f.applyAsLong(s) / 1048576.0;
                sx += x;
                sy += y;
                sxx += x * x;
                sxy += x * y;
            }
            double den = n * sxx - sx * sx;
            return den == 0 ? 0 : (n * sxy - sx * sy) / den;
        }

        public String summary() {
            Sample last = samples.get(samples.size() - 1);
            StringBuilder b = new StringBuilder();
            b.append(String.format(java.util.Locale.ROOT,
                    "soak: %d connections (%d opened in all, %d failed), %d messages delivered, %d AA starts / %d stops in %.0f s%n",
                    options.connections(), connectionsOpened, connectionFailures, messages, aaStarts, aaStops, last.seconds()));
            if (!stoppedByEe.isEmpty()) {
                b.append("  AAs the EE had stopped itself before the bench's stop: ").append(stoppedByEe).append('\n');
            }
            line(b, "heap after GC", Sample::heapAfterGc);
            line(b, "heap in use", Sample::heapUsed);
            line(b, "non-heap (metaspace, code)", Sample::nonHeapUsed);
            line(b, "RSS", Sample::rss);
            return b.toString();
        }

        private void line(StringBuilder b, String what, java.util.function.ToLongFunction<Sample> f) {
            Sample warm = samples.get(Math.max(0, samples.size() / 5 - 1));
            Sample last = samples.get(samples.size() - 1);
            long max = samples.stream().mapToLong(f).max().orElse(0);
            b.append(String.format(java.util.Locale.ROOT,
                    "  %-27s warm %7.1f MiB  end %7.1f MiB  max %7.1f MiB  end/warm %.2f  slope (2nd half) %+.2f MiB/min%n",
                    what, mib(f.applyAsLong(warm)), mib(f.applyAsLong(last)), mib(max), ratio(f), slopeMibPerMinute(f)));
        }

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("connections", options.connections());
            m.put("durationSeconds", options.durationNanos() / 1e9);
            m.put("churnPerSecond", options.churnPerSecond());
            m.put("aaStarts", aaStarts);
            m.put("aaStops", aaStops);
            m.put("aaStoppedByEe", stoppedByEe);
            m.put("messagesDelivered", messages);
            m.put("connectionsOpened", connectionsOpened);
            m.put("connectionFailures", connectionFailures);
            m.put("heapAfterGcEndOverWarm", ratio(Sample::heapAfterGc));
            m.put("heapAfterGcSlopeMibPerMin", slopeMibPerMinute(Sample::heapAfterGc));
            m.put("rssEndOverWarm", ratio(Sample::rss));
            m.put("rssSlopeMibPerMin", slopeMibPerMinute(Sample::rss));
            m.put("nonHeapEndOverWarm", ratio(Sample::nonHeapUsed));
            m.put("samples", samples);
            return m;
        }
    }

    private SoakBench() {
    }

    static double mib(long bytes) {
        return bytes / 1048576.0;
    }

    public static Result run(Options o, DoubleConsumer progress) throws InterruptedException {
        if (o.connections() < 1 || o.connections() > 60_000 || o.durationNanos() < 5 * SECOND || o.churnPerSecond() < 0) {
            throw new IllegalArgumentException("soak: connections must be 1-60000, duration at least 5s, churn >= 0");
        }
        AtomicLong delivered = new AtomicLong();
        AtomicLong opened = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong aaStarts = new AtomicLong();
        AtomicLong aaStops = new AtomicLong();
        List<Sample> samples = new ArrayList<>();
        Map<String, Long> eeStops = new java.util.concurrent.ConcurrentHashMap<>();
        try (UdpNetwork net = new UdpNetwork(o.seed())) {
            // the node stack's stages a soak needs: topology and routes, control plane (link-state), RDP, EE
            Map<String, NodeStack> nodes = NodeStack.topology(TWO_NODES, net, NodeStack.Mode.REAL);
            Node a = nodes.get("a").node();
            Node b = nodes.get("b").node();
            Map<String, RdpStack> stacks = new LinkedHashMap<>();
            Map<String, ExecutionEnvironment> ees = new LinkedHashMap<>();
            for (NodeStack n : nodes.values()) {
                n.controlPlane();
                stacks.put(n.node().name(), n.rdp());
                ees.put(n.node().name(), n.ee(null));
            }
            net.run(0);
            net.onLoop("b", () -> stacks.get("b").listen(PORT, RdpOptions.defaults(), conn -> new ConnectionListener() {
                @Override
                public void onData(RdpConnection c, byte[] data) {
                    delivered.incrementAndGet();
                }
            }));
            Client client = new Client(net, a, stacks.get("a"), b.address(), o, opened, failed);
            net.onLoop("a", client::start);
            byte[] aaJar = BundledAas.jar("flow-counter");
            for (Node n : List.of(a, b)) {
                AaCycler cycler = new AaCycler(n, ees.get(n.name()), aaJar, aaStarts, aaStops, eeStops);
                net.onLoop(n.name(), cycler::cycle);
            }
            long t0 = System.nanoTime();
            long end = t0 + o.durationNanos();
            long heapAfterGc = 0;
            while (System.nanoTime() < end) {
                long next = t0 + (samples.size() + 1) * SECOND;
                TimeUnit.NANOSECONDS.sleep(Math.max(0, Math.min(next, end) - System.nanoTime()));
                if (samples.size() % GC_EVERY == 0) {
                    // a full collection every 10 s gives the leak signal: what survives it is retained
                    System.gc();
                    heapAfterGc = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
                }
                samples.add(sample((System.nanoTime() - t0) / 1e9, heapAfterGc, client.open(), delivered.get(), aaStarts.get(),
                        opened.get()));
                if (progress != null) {
                    progress.accept(Math.min(1, (System.nanoTime() - t0) / (double) o.durationNanos()));
                }
            }
            net.onLoop("a", client::stop);
        }
        return new Result(o, samples, aaStarts.get(), aaStops.get(), new java.util.TreeMap<>(eeStops), delivered.get(),
                opened.get(), failed.get());
    }

    /** Opens the connections, sends on each once a second, churns a share of them every second. */
    private static final class Client {
        private final UdpNetwork net;
        private final Node node;
        private final RdpStack stack;
        private final VAddr server;
        private final Options o;
        private final AtomicLong opened;
        private final AtomicLong failed;
        private final SplittableRandom random;
        private final List<RdpConnection> conns = new ArrayList<>();
        private final byte[] message = new byte[MESSAGE];
        private volatile int open;
        private boolean stopped;

        Client(UdpNetwork net, Node node, RdpStack stack, VAddr server, Options o, AtomicLong opened, AtomicLong failed) {
            this.net = net;
            this.node = node;
            this.stack = stack;
            this.server = server;
            this.o = o;
            this.opened = opened;
            this.failed = failed;
            this.random = new SplittableRandom(o.seed());
        }

        void start() {
            for (int i = 0; i < o.connections(); i++) {
                conns.add(connect());
            }
            node.scheduler().schedule(SECOND, this::tick);
        }

        private RdpConnection connect() {
            opened.incrementAndGet();
            return stack.connect(server, PORT, RdpOptions.defaults(), new ConnectionListener() {
                @Override
                public void onClosed(RdpConnection c, CloseReason reason) {
                    if (!stopped && reason != CloseReason.LOCAL) {
                        failed.incrementAndGet();
                    }
                }
            });
        }

        /** Once a second: every connection sends one message at a random moment; some are replaced. */
        private void tick() {
            if (stopped) {
                return;
            }
            int live = 0;
            for (int i = 0; i < conns.size(); i++) {
                RdpConnection c = conns.get(i);
                if (c.state() == RdpConnection.State.OPEN) {
                    live++;
                    long at = random.nextLong(SECOND);
                    node.scheduler().schedule(at, () -> {
                        if (c.state() == RdpConnection.State.OPEN && c.writable()) {
                            c.send(message);
                        }
                    });
                }
            }
            open = live;
            for (int k = 0; k < o.churnPerSecond(); k++) {
                int i = random.nextInt(conns.size());
                conns.get(i).closeGracefully();
                conns.set(i, connect());
            }
            node.scheduler().schedule(SECOND, this::tick);
        }

        int open() {
            return open;
        }

        void stop() {
            stopped = true;
            conns.forEach(RdpConnection::close);
        }
    }

    /** Starts an AA, stops it 200 ms later, starts it again 50 ms after that, for the whole run. */
    private static final class AaCycler {
        private final Node node;
        private final ExecutionEnvironment ee;
        private final byte[] jar;
        private final AtomicLong starts;
        private final AtomicLong stops;
        private final Map<String, Long> otherStops;
        private long round;

        AaCycler(Node node, ExecutionEnvironment ee, byte[] jar, AtomicLong starts, AtomicLong stops,
                 Map<String, Long> otherStops) {
            this.otherStops = otherStops;
            this.node = node;
            this.ee = ee;
            this.jar = jar;
            this.starts = starts;
            this.stops = stops;
        }

        void cycle() {
            var aa = ee.startAa(jar, Map.of("round", Long.toString(round++)));
            starts.incrementAndGet();
            node.scheduler().schedule(200_000_000L, () -> {
                if (ee.stopAa(aa.id(), "soak")) {
                    stops.incrementAndGet();
                } else {
                    // already stopped by the EE itself (e.g. a handler over its time budget): say why
                    otherStops.merge(String.valueOf(aa.stopReason()), 1L, Long::sum);
                }
                node.scheduler().schedule(50_000_000L, this::cycle);
            });
        }
    }

    private static Sample sample(double seconds, long heapAfterGc, int open, long delivered, long aaStarts, long opened) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        return new Sample(seconds, heap.getUsed(), heapAfterGc, nonHeap.getUsed(), rss(), open, delivered, aaStarts, opened);
    }

    /** Resident set size from /proc/self/status (Linux); 0 elsewhere. */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
