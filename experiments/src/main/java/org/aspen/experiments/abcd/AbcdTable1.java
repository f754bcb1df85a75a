package org.aspen.experiments.abcd;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.aspen.acc.AbcdSetup;
import org.aspen.acc.AccSetup;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.time.Seeds;

/**
 * The ACC-ABCD paper's Table 1 set-up in the simulation, one run at a time: drops at the bottleneck
 * and per-flow throughput for Reno, ACC and ACC-ABCD.
 *
 * <pre>{@code
 * AbcdTable1.Run r = AbcdTable1.run(AbcdTable1.Config.ABCD, 100, 3, AbcdTable1.Setup.defaults(200));
 * long drops = r.drops();
 * }</pre>
 *
 * Topology (the ACC paper's Figure 3, which the ABCD paper reuses): bulk senders s1..s10 -> r1 -> r2
 * -> r3 -> d1..d10; r1-r2 is 10 Mb/s with the swept delay; r2 -> r3 is the 2 Mb/s, 10 ms bottleneck
 * with a drop-tail queue limited in bytes (the paper's byte mode: {@code buffer} x 1000 bytes); every
 * endpoint link is 10 Mb/s, 10 ms. Four on/off cross sources x1, x2 -> y1, y2 (100 kb/s of 1000-byte
 * packets, 2.5 s on / 2.5 s off, random phase) join at r2 and leave at r3. Senders are RDP with Reno,
 * 1000-byte packets (940 data bytes), start in the first second, and keep 8 segments queued beyond
 * the window (so a new segment size applies within a few segments). ACC: monitor on r2, filters on
 * r1. ACC-ABCD: the ABCD monitor on r3, measuring arrivals over r2-r3. Static routes.
 */
public final class AbcdTable1 {
    public static final long MS = 1_000_000L;
    public static final int FLOWS = 10;
    public static final int SEGMENT = 940;
    public static final int BUFFER = 50;

    public enum Config {
        RENO("Reno"), ACC("ACC"), ABCD("ACC-ABCD");

        final String label;

        Config(String label) {
            this.label = label;
        }

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Run length, bottleneck buffer (in 1000-byte packets' worth of bytes) and ABCD's settings. */
    record Setup(double durationSeconds, int buffer, AbcdConfig abcd) {
        static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BUFFER, AbcdConfig.DEFAULT);
        }
    }

    /**
     * One run: drops at the bottleneck queue, each flow's goodput (acknowledged bytes over its active
     * time), and the AAs' counters.
     */
    record Run(Config config, int delayMs, long seed, long drops, double[] flowKbps, long advices, long resumes,
               long notifications, long segmentsSent, long bytesSent, double wallSeconds) {
        double totalKbps() {
            double t = 0;
            for (double k : flowKbps) {
                t += k;
            }
            return t;
        }

        /** Mean data bytes per data segment the senders emitted (shows the shrinking). */
        double meanSegment() {
            return segmentsSent == 0 ? 0 : bytesSent / (double) segmentsSent;
        }
    }

    private AbcdTable1() {
    }

    static Run run(Config c, int delayMs, long seed, Setup setup) {
        long wall0 = System.nanoTime();
        SimNetwork net = new SimNetwork(seed);
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        node(net, "r1", 0x0a000001);
        node(net, "r2", 0x0a000002);
        node(net, "r3", 0x0a000003);
        LinkConfig access = new LinkConfig(10_000_000, 10 * MS, QueueLimit.packets(100), 1);
        for (int i = 1; i <= FLOWS; i++) {
            left.add(node(net, "s" + i, 0x0a000100 + i));
            right.add(node(net, "d" + i, 0x0a000300 + i));
            net.connect("s" + i + "-r1", "s" + i, "r1", access);
            net.connect("r3-d" + i, "r3", "d" + i, access);
        }
        for (int i = 1; i <= 2; i++) {
            left.add(node(net, "x" + i, 0x0a000200 + i));
            right.add(node(net, "y" + i, 0x0a000400 + i));
            net.connect("x" + i + "-r2", "x" + i, "r2", access);
            net.connect("r3-y" + i, "r3", "y" + i, access);
        }
        net.connect("r1-r2", "r1", "r2", new LinkConfig(10_000_000, delayMs * MS, QueueLimit.packets(100), 1));
        net.connect("r2-r3", "r2", "r3", new LinkConfig(2_000_000, 10 * MS, QueueLimit.bytes(setup.buffer() * 1000L), 1));
        routes(net, left, right);
        List<ExecutionEnvironment> ees = new ArrayList<>();
        for (Node n : net.nodes()) {
            ees.add(new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy()));
        }
        ExecutionEnvironment r1 = ee(ees, "r1");
        ExecutionEnvironment r2 = ee(ees, "r2");
        ExecutionEnvironment r3 = ee(ees, "r3");
        if (c == Config.ACC) {
            net.at(0, "r1", () -> AccSetup.installFilter(r1));
            net.at(0, "r2", () -> AccSetup.install(r2, AccConfig.DEFAULT));
        } else if (c == Config.ABCD) {
            net.at(0, "r3", () -> AbcdSetup.install(r3, setup.abcd().withInLink("r2-r3")));
        }
        long end = Math.round(setup.durationSeconds() * 1e9);
        RdpOptions options = RdpOptions.defaults().withMaxSegment(SEGMENT).withSendBuffer(8);
        SplittableRandom starts = Seeds.stream(seed, "abcd", "starts");
        TransferSender[] senders = new TransferSender[FLOWS];
        long[] startAt = new long[FLOWS];
        for (int i = 0; i < FLOWS; i++) {
            int k = i;
            String s = "s" + (i + 1);
            String d = "d" + (i + 1);
            startAt[i] = starts.nextLong(1000) * MS;
            net.at(0, d, () -> TransferReceiver.listen(RdpStack.install(net.node(d)), 7000, options, ByteSink::discard,
                    sum -> { }, ProgressListener.NONE, 0));
            net.at(startAt[i], s, () -> senders[k] = TransferSender.start(RdpStack.install(net.node(s)), net.node(d).address(),
                    7000, ByteSource.seeded(Seeds.derive(seed, "flow", s), Long.MAX_VALUE / 2), options, ProgressListener.NONE, 0));
        }
        for (int i = 1; i <= 2; i++) {
            for (int j = 1; j <= 2; j++) {
                crossTraffic(net, "x" + i, net.node("y" + j).address(), Seeds.stream(seed, "cross", i + "-" + j), end);
            }
        }
        net.run(end);
        double[] kbps = new double[FLOWS];
        long segments = 0;
        long bytes = 0;
        for (int i = 0; i < FLOWS; i++) {
            RdpConnection conn = senders[i] == null ? null : senders[i].connection();
            if (conn != null) {
                kbps[i] = conn.stats().bytesAcked() * 8e6 / Math.max(1, end - startAt[i]);
                segments += conn.stats().dataSegmentsSent();
                bytes += conn.stats().bytesQueued();
            }
        }
        long drops = net.node("r2").link("r2-r3").counters().totalDrops();
        Run r = new Run(c, delayMs, seed, drops, kbps, AbcdSetup.counter(r3, "advicesSent"),
                AbcdSetup.counter(r3, "resumesSent"), AccSetup.counter(r2, "notificationsSent"), segments, bytes,
                (System.nanoTime() - wall0) / 1e9);
        net.close();
        return r;
    }

    private static String node(SimNetwork net, String name, int address) {
        net.addNode(name, VAddr.of(address), NodeConfig.DEFAULT, null);
        return name;
    }

    private static ExecutionEnvironment ee(List<ExecutionEnvironment> ees, String name) {
        return ees.stream().filter(e -> e.node().name().equals(name)).findFirst().orElseThrow();
    }

    /** Endpoints default to their router; r1 and r3 know their endpoints, r2 sends senders' traffic back via r1. */
    private static void routes(SimNetwork net, List<String> left, List<String> right) {
        VAddr all = VAddr.of(0x0a000000);
        for (String n : left) {
            Link l = net.node(n).links().get(0);
            net.node(n).routes().addStatic(new Route(all, 8, l, l.peer(), 1, Route.Origin.STATIC));
            Node router = n.startsWith("s") ? net.node("r1") : net.node("r2");
            Link back = router.link(n + "-" + router.name());
            router.routes().addStatic(Route.host(net.node(n).address(), back, net.node(n).address(), 1, Route.Origin.STATIC));
        }
        for (String n : right) {
            Link l = net.node(n).links().get(0);
            net.node(n).routes().addStatic(new Route(all, 8, l, l.peer(), 1, Route.Origin.STATIC));
            Link out = net.node("r3").link("r3-" + n);
            net.node("r3").routes().addStatic(Route.host(net.node(n).address(), out, net.node(n).address(), 1, Route.Origin.STATIC));
        }
        Link r1r2 = net.node("r1").link("r1-r2");
        Link r2r1 = net.node("r2").link("r1-r2");
        Link r2r3 = net.node("r2").link("r2-r3");
        Link r3r2 = net.node("r3").link("r2-r3");
        net.node("r1").routes().addStatic(new Route(all, 8, r1r2, net.node("r2").address(), 1, Route.Origin.STATIC));
        net.node("r2").routes().addStatic(new Route(VAddr.of(0x0a000100), 24, r2r1, net.node("r1").address(), 1, Route.Origin.STATIC));
        net.node("r2").routes().addStatic(new Route(VAddr.of(0x0a000001), 32, r2r1, net.node("r1").address(), 1, Route.Origin.STATIC));
        net.node("r2").routes().addStatic(new Route(all, 8, r2r3, net.node("r3").address(), 1, Route.Origin.STATIC));
        net.node("r3").routes().addStatic(new Route(all, 8, r3r2, net.node("r2").address(), 1, Route.Origin.STATIC));
    }

    /** 100 kb/s of 1000-byte RAW packets (one per 80 ms) in 2.5 s bursts every 5 s, from a random phase. */
    private static void crossTraffic(SimNetwork net, String from, VAddr to, SplittableRandom r, long end) {
        Node n = net.node(from);
        long period = 5_000 * MS;
        long phase = r.nextLong(period);
        byte[] payload = new byte[1000 - Packet.HEADER_LENGTH];
        for (long burst = phase - period; burst < end; burst += period) {
            for (long t = Math.max(0, burst); t < burst + 2_500 * MS && t < end; t += 80 * MS) {
                if (t >= 0) {
                    net.at(t, from, () -> n.send(Packet.builder().source(n.address()).destination(to)
                            .protocol(Protocol.RAW).payload(payload).build()));
                }
            }
        }
    }
}
