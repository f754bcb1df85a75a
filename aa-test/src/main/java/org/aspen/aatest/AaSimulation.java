package org.aspen.aatest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.control.EchoResult;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkObserver;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * Simulated nodes, each with Aspen's real execution environment, for an AA's unit tests: a line of
 * nodes, or any topology with each link's rate, delay and buffer. Time is virtual: {@link #run}
 * advances it, and the same seed gives the same run, event for event.
 *
 * <pre>{@code
 * AaSimulation sim = AaSimulation.line("a", "b", "c");          // 10.0.0.1 .. 10.0.0.3, ideal links
 * DeployedAa aa = sim.deploy("b", Path.of("target/my-aa.jar"), Map.of());
 * sim.sendRaw(0, "a", "c", "hello".getBytes());
 * sim.run(1_000_000_000L);
 * assertEquals(1, sim.received("c").size());
 * assertEquals(1, aa.counter("packets"));
 *
 * AaSimulation dumbbell = AaSimulation.builder().seed(7)
 *         .node("s").node("r1").node("r2").node("d")
 *         .link("s", "r1").link("r2", "d")
 *         .link("r1", "r2", 1_500_000, Duration.ofMillis(20), 50)  // 1.5 Mb/s, 20 ms, 50 packets
 *         .build();
 * AaSimulation.Ping p = dumbbell.ping(0, "s", "d");              // an echo request (Protocols.CONTROL)
 * AaSimulation.Transfer t = dumbbell.transfer(0, "s", "d", 1 << 20);   // 1 MiB over RDP
 * dumbbell.run(30_000_000_000L);
 * assertTrue(p.answered() && t.complete());
 * }</pre>
 *
 * Every node reaches every other by static routes along a path with the fewest hops (the first
 * such path in the order links were declared), as {@code routing: static} lab scenarios route. A
 * link without a rate, delay or buffer is ideal: no serialisation time, no delay, 1000 packets.
 * Whole packets, headers included, are {@link #packets} (delivered) and {@link #frames} (on the
 * wire at a node's link ends). {@link #upgrade} replaces a running AA by a new version as
 * {@code aspen deploy --upgrade} does.
 *
 * The AA runs from its jar, in a class loader of its own that sees only the AA API and the JDK,
 * exactly as on a node: a jar that works here loads the same way under {@code aspen deploy}.
 * For tests in a scenario file (traffic, expectations, graded checks), see docs/writing-an-aa.md,
 * "Testing in a scenario".
 */
public final class AaSimulation {
    /** Echo requests time out after this long (virtual time). */
    public static final long PING_TIMEOUT_NANOS = 2_000_000_000L;
    private final long seed;
    private final SimNetwork net;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, ExecutionEnvironment> ees = new LinkedHashMap<>();
    private final Map<String, ControlPlane> planes = new LinkedHashMap<>();
    private final Map<String, List<byte[]>> received = new LinkedHashMap<>();
    private final Map<String, List<Packet>> delivered = new LinkedHashMap<>();
    private final Map<String, List<Frame>> frames = new LinkedHashMap<>();
    private int transfers;

    private AaSimulation(Builder b) {
        if (b.nodes.isEmpty() || b.nodes.size() > 254) {
            throw new IllegalArgumentException("a simulation has 1 to 254 nodes, not " + b.nodes.size());
        }
        seed = b.seed;
        net = new SimNetwork(b.seed);
        for (Map.Entry<String, String> e : b.nodes.entrySet()) {
            String name = e.getKey();
            Node n = net.addNode(name, VAddr.parse(e.getValue()), NodeConfig.DEFAULT, null);
            nodes.put(name, n);
            List<byte[]> in = new ArrayList<>();
            List<Packet> whole = new ArrayList<>();
            received.put(name, in);
            delivered.put(name, whole);
            n.registerHandler(Protocol.RAW, (p, link) -> {
                in.add(p.payload());
                whole.add(copy(p));
            });
            planes.put(name, ControlPlane.install(n, false));
            ees.put(name, new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy()));
        }
        for (LinkSpec l : b.links) {
            net.connect(l.name(), l.a(), l.b(), l.config());
        }
        routeByFewestHops(b.links);
    }

    /** Static host routes from every node to every other, along a path with the fewest hops. */
    private void routeByFewestHops(List<LinkSpec> links) {
        for (String from : nodes.keySet()) {
            // breadth first from 'from': the first hop (link) that reaches each node first
            Map<String, LinkSpec> firstLink = new LinkedHashMap<>();
            Map<String, Integer> hops = new LinkedHashMap<>();
            java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>(List.of(from));
            hops.put(from, 0);
            while (!queue.isEmpty()) {
                String at = queue.poll();
                for (LinkSpec l : links) {
                    String other = l.a().equals(at) ? l.b() : l.b().equals(at) ? l.a() : null;
                    if (other == null || hops.containsKey(other)) {
                        continue;
                    }
                    hops.put(other, hops.get(at) + 1);
                    firstLink.put(other, at.equals(from) ? l : firstLink.get(at));
                    queue.add(other);
                }
            }
            Node n = nodes.get(from);
            for (Map.Entry<String, LinkSpec> e : firstLink.entrySet()) {
                LinkSpec l = e.getValue();
                String next = l.a().equals(from) ? l.b() : l.a();
                n.routes().addStatic(Route.host(address(e.getKey()), n.link(l.name()), address(next),
                        hops.get(e.getKey()), Route.Origin.STATIC));
            }
        }
    }

    /** Nodes and links, then {@link #build()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** What an {@link AaSimulation} is built from: its seed, nodes and links. */
    public static final class Builder {
        private long seed = 1;
        private final Map<String, String> nodes = new LinkedHashMap<>();
        private final List<LinkSpec> links = new ArrayList<>();

        private Builder() {
        }

        /** The seed of every node's and every AA's random source (default 1). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** A node with the next free address of 10.0.0.0/24 (10.0.0.1 for the first). */
        public Builder node(String name) {
            int i = nodes.size() + 1;
            String address = "10.0.0." + i;
            while (nodes.containsValue(address)) {
                address = "10.0.0." + ++i;
            }
            return node(name, address);
        }

        /** A node with this VNet address, e.g. {@code 10.0.1.7}. */
        public Builder node(String name, String address) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a node needs a name");
            }
            if (nodes.containsKey(name)) {
                throw new IllegalArgumentException("node " + name + " named twice");
            }
            VAddr.parse(address);   // a bad address fails here, naming it
            if (nodes.containsValue(address)) {
                throw new IllegalArgumentException("address " + address + " given to two nodes");
            }
            nodes.put(name, address);
            return this;
        }

        /** An ideal link between {@code a} and {@code b}: no serialisation time, no delay, 1000 packets each way. */
        public Builder link(String a, String b) {
            return add(a, b, LinkConfig.DEFAULT);
        }

        /**
         * A link of {@code rateBps} bits per second (0: no serialisation time), one-way {@code delay},
         * and a drop-tail buffer of {@code bufferPackets} packets at each end.
         */
        public Builder link(String a, String b, long rateBps, Duration delay, int bufferPackets) {
            if (rateBps < 0) {
                throw new IllegalArgumentException("link " + a + "-" + b + ": rate must be >= 0 bit/s, not " + rateBps);
            }
            if (delay == null || delay.isNegative()) {
                throw new IllegalArgumentException("link " + a + "-" + b + ": delay must be >= 0, not " + delay);
            }
            if (bufferPackets < 1) {
                throw new IllegalArgumentException("link " + a + "-" + b + ": buffer must be at least 1 packet, not " + bufferPackets);
            }
            return add(a, b, new LinkConfig(rateBps, delay.toNanos(), QueueLimit.packets(bufferPackets), 1));
        }

        private Builder add(String a, String b, LinkConfig config) {
            for (String end : List.of(a, b)) {
                if (!nodes.containsKey(end)) {
                    throw new IllegalArgumentException("link " + a + "-" + b + ": no node " + end + " (declare nodes first)");
                }
            }
            if (a.equals(b)) {
                throw new IllegalArgumentException("link " + a + "-" + b + ": a link joins two different nodes");
            }
            for (LinkSpec l : links) {
                if ((l.a().equals(a) && l.b().equals(b)) || (l.a().equals(b) && l.b().equals(a))) {
                    throw new IllegalArgumentException("link " + a + "-" + b + ": " + l.a() + " and " + l.b()
                            + " already have a link (" + l.name() + "); the harness takes one link per pair");
                }
            }
            links.add(new LinkSpec(a + "-" + b, a, b, config));
            return this;
        }

        public AaSimulation build() {
            return new AaSimulation(this);
        }
    }

    private record LinkSpec(String name, String a, String b, LinkConfig config) { }

    /** A line of nodes with these names, seed 1. */
    public static AaSimulation line(String... names) {
        return line(1, names);
    }

    /** A line of nodes with these names and this seed (each node's and each AA's random source). */
    public static AaSimulation line(long seed, String... names) {
        if (names.length == 0 || names.length > 254) {
            throw new IllegalArgumentException("a line has 1 to 254 nodes, not " + names.length);
        }
        Builder b = builder().seed(seed);
        for (String n : names) {
            b.node(n);
        }
        for (int i = 0; i + 1 < names.length; i++) {
            b.link(names[i], names[i + 1]);
        }
        return b.build();
    }

    /**
     * Puts the jar on {@code node}'s allow-list and starts it with {@code params}, as
     * {@code aspen deploy JAR --allow --start} does on a real node.
     *
     * @throws IllegalStateException with the EE's reason when the jar is refused or fails to start
     */
    public DeployedAa deploy(String node, Path jar, Map<String, String> params) {
        byte[] bytes = read(jar);
        ExecutionEnvironment ee = ee(node);
        ee.trust().allowJar(bytes);
        try {
            return new DeployedAa(ee.startAa(bytes, params));
        } catch (RuntimeException e) {
            throw new IllegalStateException(jar + " did not start on " + node + ": " + e.getMessage(), e);
        }
    }

    /**
     * Starts {@code jar} on {@code node} as a new version of an AA that runs there, then stops the
     * old version, as {@code aspen deploy JAR --upgrade} does; with no (or empty) {@code params} the
     * new version gets the old one's. If the new version fails to start, the old one keeps running.
     *
     * @throws IllegalStateException with the EE's reason (e.g. the very same build already runs)
     */
    public DeployedAa upgrade(String node, Path jar, Map<String, String> params) {
        byte[] bytes = read(jar);
        ExecutionEnvironment ee = ee(node);
        ee.trust().allowJar(bytes);
        try {
            return new DeployedAa(ee.upgrade(bytes, null, params));
        } catch (RuntimeException e) {
            throw new IllegalStateException(jar + " did not upgrade on " + node + ": " + e.getMessage(), e);
        }
    }

    /** The AAs on {@code node}, running or stopped, oldest first. */
    public List<DeployedAa> aas(String node) {
        return ee(node).instances().stream().map(DeployedAa::new).toList();
    }

    /** At virtual time {@code atNanos}, {@code from} sends a raw (protocol 2) packet to {@code to}. */
    public void sendRaw(long atNanos, String from, String to, byte[] payload) {
        Node src = node(from);
        VAddr dst = address(to);
        byte[] body = payload.clone();
        net.at(atNanos, from, () -> src.send(Packet.builder().source(src.address()).destination(dst)
                .protocol(Protocol.RAW).payload(body).build()));
    }

    /**
     * At virtual time {@code atNanos}, {@code from} sends one echo request to {@code to}, as
     * {@code aspen ping} does: a control message (protocol {@code Protocols.CONTROL}, not raw), so a
     * diversion channel for raw packets does not see it. The answer is in the returned handle
     * after {@link #run} has passed it (or {@link #PING_TIMEOUT_NANOS} for none).
     */
    public Ping ping(long atNanos, String from, String to) {
        ControlPlane plane = planes.get(node(from).name());
        VAddr dst = address(to);
        Ping p = new Ping();
        net.at(atNanos, from, () -> plane.echo(dst, NodeConfig.DEFAULT.defaultTtl(), 0, PING_TIMEOUT_NANOS, r -> p.result = r));
        return p;
    }

    /** One echo request's outcome: filled in when the reply (or an error, or the timeout) comes. */
    public static final class Ping {
        private EchoResult result;

        /** True once the request was answered, reported on or timed out. */
        public boolean done() {
            return result != null;
        }

        /** True when the destination replied. */
        public boolean answered() {
            return result != null && result.status() == EchoResult.Status.REPLY;
        }

        /** {@code REPLY}, {@code TTL_EXCEEDED}, {@code UNREACHABLE} or {@code TIMEOUT}; null while pending. */
        public String status() {
            return result == null ? null : result.status().name();
        }

        /** Round-trip time of the reply in nanoseconds; -1 when there was none (yet). */
        public long rttNanos() {
            return answered() ? result.rttNanos() : -1;
        }

        @Override
        public String toString() {
            return result == null ? "pending" : result.toString();
        }
    }

    /**
     * At virtual time {@code atNanos}, {@code from} sends {@code bytes} bytes (seeded pseudo-random
     * content) to {@code to} over one RDP connection with the default options, as {@code aspen
     * send} does; {@code to} receives and checks the SHA-256 of what arrived against the sender's.
     */
    public Transfer transfer(long atNanos, String from, String to, long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a transfer sends >= 0 bytes, not " + bytes);
        }
        Node src = node(from);
        Node dst = node(to);
        int port = 7000 + transfers++;
        Transfer t = new Transfer();
        long contentSeed = seed * 1_000_003L + port;
        net.at(atNanos, to, () -> TransferReceiver.listen(RdpStack.install(dst), port, RdpOptions.defaults(),
                ByteSink::discard, r -> t.received = r, ProgressListener.NONE, 0));
        net.at(atNanos, from, () -> TransferSender.start(RdpStack.install(src), dst.address(), port,
                ByteSource.seeded(contentSeed, bytes), RdpOptions.defaults(), ProgressListener.NONE, 0)
                .result().thenAccept(r -> t.sent = r));
        return t;
    }

    /** One RDP transfer's outcome, from both ends: filled in as each end finishes. */
    public static final class Transfer {
        private TransferSummary sent;
        private TransferSummary received;

        /** True once both ends finished, every byte arrived and the receiver's digest is the sender's. */
        public boolean complete() {
            return sent != null && received != null && received.complete() && sent.complete()
                    && received.sha256() != null && received.sha256().equals(sent.sha256());
        }

        /** Bytes the receiver got so far (0 before its end finished). */
        public long bytesReceived() {
            return received == null ? 0 : received.bytes();
        }

        /** The receiver's transfer time in nanoseconds (first byte to last), -1 before it finished. */
        public long nanos() {
            return received == null ? -1 : received.nanos();
        }

        /** Payload bits per second at the receiver; 0 before it finished. */
        public double goodputBps() {
            return received == null ? 0 : received.goodputBps();
        }

        /** Segments the sender sent again; -1 before it finished. */
        public long retransmissions() {
            return sent == null ? -1 : sent.retransmissions();
        }

        @Override
        public String toString() {
            return complete() ? "complete: " + received.bytes() + " bytes in " + received.nanos() / 1e6 + " ms"
                    : "incomplete (sender " + (sent == null ? "running" : sent.end()) + ", receiver "
                    + (received == null ? "running" : received.end()) + ")";
        }
    }

    /**
     * The raw packets delivered to {@code node} so far, whole: header fields ({@link Packet#source},
     * {@link Packet#ttl}, {@link Packet#ecn}, ...), the AA spec if any, and payload; {@link
     * Packet#array()} is the frame as it arrived.
     */
    public List<Packet> packets(String node) {
        node(node);
        return List.copyOf(delivered.get(node));
    }

    /**
     * From now on, records every frame that {@code node}'s link ends put on or take off the wire,
     * whole (the VNet header first), read back by {@link #frames}. A frame the link discarded
     * (e.g. a bad checksum) is recorded with its reason.
     */
    public void capture(String node) {
        Node n = node(node);
        if (frames.containsKey(node)) {
            return;
        }
        List<Frame> out = new ArrayList<>();
        frames.put(node, out);
        for (Link l : n.links()) {
            l.addObserver(new LinkObserver() {
                @Override
                public void transmitted(Link link, byte[] frame) {
                    out.add(new Frame(net.now(), link.name(), true, frame.clone(), null));
                }

                @Override
                public void received(Link link, byte[] buf, int off, int len, DropReason rejected) {
                    out.add(new Frame(net.now(), link.name(), false, Arrays.copyOfRange(buf, off, off + len),
                            rejected == null ? null : rejected.name()));
                }
            });
        }
    }

    /** The frames {@link #capture} recorded at {@code node}, in time order. */
    public List<Frame> frames(String node) {
        node(node);
        List<Frame> f = frames.get(node);
        if (f == null) {
            throw new IllegalStateException("no capture on " + node + ": call capture(\"" + node + "\") before run");
        }
        return List.copyOf(f);
    }

    /**
     * One frame on the wire at a link end: when, which link, which way, the bytes (VNet header
     * included), and, for a received frame the link discarded, why ({@code null} otherwise).
     */
    public record Frame(long atNanos, String link, boolean sent, byte[] bytes, String discarded) {
        /** The frame decoded as a packet; null when it does not decode (then {@link #bytes} tell why). */
        public Packet packet() {
            return PacketCodec.decode(bytes, 0, bytes.length, Packet.MAX_FRAME, new DropReason[1]);
        }
    }

    /** Runs {@code task} on {@code node}'s loop at virtual time {@code atNanos}. */
    public void at(long atNanos, String node, Runnable task) {
        node(node);
        net.at(atNanos, node, task);
    }

    /** Advances virtual time by {@code nanos}, running every event due meanwhile. */
    public void run(long nanos) {
        net.run(nanos);
    }

    /** Virtual time now, in nanoseconds. */
    public long nanos() {
        return net.now();
    }

    /** Payloads of the raw packets delivered to {@code node} so far, in arrival order. */
    public List<byte[]> received(String node) {
        node(node);
        return List.copyOf(received.get(node));
    }

    /** The node's address, e.g. {@code 10.0.0.2} for the second node of the line. */
    public String addressOf(String node) {
        return node(node).address().toString();
    }

    /** The node's counters (links, drops, EE and AAs), as {@code aspen stats} shows them. */
    public Map<String, Object> stats(String node) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("ee", ee(node).stats());
        s.put("aas", ee(node).aaStats());
        return s;
    }

    private static Packet copy(Packet p) {
        return Packet.wrapValidated(Arrays.copyOf(p.array(), p.length()));
    }

    private static byte[] read(Path jar) {
        try {
            return Files.readAllBytes(jar);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read AA jar " + jar, e);
        }
    }

    private VAddr address(String node) {
        return node(node).address();
    }

    private Node node(String name) {
        Node n = nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException("no node " + name + " (nodes: " + String.join(", ", nodes.keySet()) + ")");
        }
        return n;
    }

    private ExecutionEnvironment ee(String node) {
        node(node);
        return ees.get(node);
    }
}
