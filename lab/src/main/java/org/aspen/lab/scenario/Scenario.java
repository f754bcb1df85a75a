package org.aspen.lab.scenario;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.config.Units;

/**
 * A scenario file as written: topology, workload, timed events and expectations. Read by
 * {@link ScenarioLoader}, which rejects unknown fields and duplicates and checks every reference,
 * so code that receives a {@code Scenario} may trust it. Units stay as written ({@code "10ms"}) and
 * are read with {@link Units}; defaults and names both runners and the checks share (a transfer's
 * name and port, a ping's start) are answered here. See {@code docs/scenarios.md} for the format.
 */
public record Scenario(
        String name,
        String description,
        Long seed,
        String duration,
        String routing,
        Timers timers,
        List<NodeSpec> nodes,
        List<LinkSpec> links,
        List<RouteSpec> routes,
        Workload workload,
        List<EventSpec> events,
        List<Expectation> expect,
        CaptureSpec capture,
        AuthSpec auth) {

    public Scenario {
        links = links == null ? List.of() : links;
        routes = routes == null ? List.of() : routes;
        workload = workload == null ? new Workload(null, null, null, null, null) : workload;
        events = events == null ? List.of() : events;
        expect = expect == null ? List.of() : expect;
        routing = routing == null ? "auto" : routing;
        timers = timers == null ? new Timers(null, null, null) : timers;
    }

    public boolean dynamicRouting() {
        return routing.equals("auto");
    }

    public long durationNanos() {
        return Units.nanos(duration == null ? "10s" : duration);
    }

    public NodeSpec node(String n) {
        for (NodeSpec s : nodes) {
            if (s.name().equals(n)) {
                return s;
            }
        }
        return null;
    }

    public LinkSpec link(String n) {
        for (LinkSpec l : links) {
            if (l.linkName().equals(n)) {
                return l;
            }
        }
        return null;
    }

    /** The link joining {@code a} and {@code b} (either way round), or null. */
    public LinkSpec linkBetween(String a, String b) {
        for (LinkSpec l : links) {
            if ((l.between().get(0).equals(a) && l.between().get(1).equals(b))
                    || (l.between().get(0).equals(b) && l.between().get(1).equals(a))) {
                return l;
            }
        }
        return null;
    }

    /** The name of the node with address {@code a}, or null when no node has it. */
    public String nodeNamed(VAddr a) {
        for (NodeSpec n : nodes) {
            if (VAddr.parse(n.address()).equals(a)) {
                return n.name();
            }
        }
        return null;
    }

    /** The names of the workload's transfers, then of its flows, as reports and expectations use them. */
    public List<String> transferAndFlowNames() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < workload.transfers().size(); i++) {
            names.add(workload.transfers().get(i).nameAt(i));
        }
        for (int i = 0; i < workload.flows().size(); i++) {
            names.add(workload.flows().get(i).nameAt(i));
        }
        return names;
    }

    /** The index of the transfer named {@code name} in the workload, or -1. */
    public int transferIndex(String name) {
        for (int i = 0; i < workload.transfers().size(); i++) {
            if (workload.transfers().get(i).nameAt(i).equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code capture: {file: out.pcapng, nodes: [b], links: [a-b]}}: nodes and links left out mean all (docs/capture.md). */
    public record CaptureSpec(String file, List<String> nodes, List<String> links) {
        public CaptureSpec {
            nodes = nodes == null ? List.of() : nodes;
            links = links == null ? List.of() : links;
        }
    }

    /**
     * Authenticated control (docs/deploying.md, "Keys"): absent or {@code enabled: false} means off.
     * {@code protect} lists the message kinds to authenticate (default all: routing, rdp-notify,
     * code-fetch, aa-request).
     */
    public record AuthSpec(Boolean enabled, List<KeySpec> keys, List<String> protect) {
        public AuthSpec {
            keys = keys == null ? List.of() : keys;
        }

        public boolean on() {
            return enabled == null || enabled;
        }
    }

    /**
     * One key: {@code id} 1-65535; {@code secret} as {@code hex:...}, {@code base64:...} or
     * {@code file:path}; a node key names the {@code nodes} that may sign with it (none: any holder),
     * a link key names its {@code links} (routing on those links only).
     */
    public record KeySpec(Integer id, String secret, List<String> nodes, List<String> links) {
        public KeySpec {
            nodes = nodes == null ? List.of() : nodes;
            links = links == null ? List.of() : links;
        }
    }

    /** Routing protocol timers; defaults are the node's ({@code 250ms} hello, {@code 1s} dead). */
    public record Timers(String hello, String dead, String lsaRefresh) {
    }

    /**
     * A node. {@code udp} is host:port to bind (optional in labs: an ephemeral loopback port);
     * {@code control} is the management endpoint (default: TCP on the UDP port's number, same host).
     * {@code inputQueue} (packets, real runtime only; absent: none) gives the node's socket an input
     * queue, ASP's congestion detection ({@link QueueSpecs#inputQueueLimit}; docs/real-runtime.md).
     */
    public record NodeSpec(String name, String address, String udp, String control, String token,
                           List<Map<String, Object>> flakeway, List<AaEntry> aas, Object acc, String metrics,
                           Object inputQueue) {
        public NodeSpec {
            flakeway = flakeway == null ? List.of() : flakeway;
            aas = aas == null ? List.of() : aas;
        }

        /** A node without an input queue. */
        public NodeSpec(String name, String address, String udp, String control, String token,
                        List<Map<String, Object>> flakeway, List<AaEntry> aas, Object acc, String metrics) {
            this(name, address, udp, control, token, flakeway, aas, acc, metrics, null);
        }

        /** A node without a {@code metrics} endpoint. */
        public NodeSpec(String name, String address, String udp, String control, String token,
                        List<Map<String, Object>> flakeway, List<AaEntry> aas, Object acc) {
            this(name, address, udp, control, token, flakeway, aas, acc, null, null);
        }
    }

    /**
     * An AA to start on a node at boot: a bundled one by {@code name}, or one from a {@code jar} file
     * (relative to the scenario file; labs allow it), with string parameters.
     */
    public record AaEntry(String name, String jar, Map<String, Object> params) {
    }

    /**
     * A link between two nodes; {@code name} defaults to {@code a-b} from {@code between}. {@code buffer}
     * and {@code queue} apply to both ends, but where {@code ends} names an end (by its node) and gives
     * that end its own {@code buffer} or {@code queue} ({@link EndSpec}).
     */
    public record LinkSpec(String name, List<String> between, String bandwidth, String delay, Object buffer,
                           Object queue, Integer cost, Map<String, EndSpec> ends) {
        public LinkSpec {
            ends = ends == null ? Map.of() : ends;
        }

        /** A link whose two ends have the same buffer and queue. */
        public LinkSpec(String name, List<String> between, String bandwidth, String delay, Object buffer, Object queue,
                        Integer cost) {
            this(name, between, bandwidth, delay, buffer, queue, cost, null);
        }

        public String linkName() {
            return name != null ? name : between.get(0) + "-" + between.get(1);
        }

        /** The buffer of the end at {@code node}: its own, else the link's. */
        public Object bufferAt(String node) {
            EndSpec e = ends.get(node);
            return e != null && e.buffer() != null ? e.buffer() : buffer;
        }

        /** The queue discipline of the end at {@code node}: its own, else the link's. */
        public Object queueAt(String node) {
            EndSpec e = ends.get(node);
            return e != null && e.queue() != null ? e.queue() : queue;
        }
    }

    /**
     * One end of a link, by the node it is on, set apart from the link's {@code buffer} and
     * {@code queue}: {@code ends: {r: {buffer: 50, queue: {kind: aecn, ...}}}} puts that discipline
     * and buffer on r's sending side only, the other end keeping the link's (a router's bottleneck
     * queue without a queue of its own on the ACKs coming back).
     */
    public record EndSpec(Object buffer, Object queue) {
    }

    /**
     * What a transfer or flow sets of its RDP sender beyond the usual fields: {@code sendBuffer}, the
     * segments queued beyond the window (RDP's default 512); {@code refillOnSend}, an ns-2 agent asks
     * for data as each segment leaves (with {@code sendBuffer: 1}, ns-2's agent: segments are cut just
     * before they leave); {@code acnsReading}, how an ACNS sender reads the paper
     * ({@code every-segment}: every data segment asks for a command; {@code on-its-ack}: a command acts
     * on the ACK that carries it only; on {@code ns2-cubic} only, one of {@code eq9-every-ack} and
     * {@code epoch-restart}: where equation 9 acts on CUBIC, {@link org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading};
     * absent: the text's reading).
     */
    public record SenderSpec(Integer sendBuffer, Boolean refillOnSend, List<String> acnsReading) {
        /** The values {@code acnsReading} lists. */
        public static final List<String> ACNS_READINGS = List.of("every-segment", "on-its-ack", "eq9-every-ack", "epoch-restart");
        /** Those of them that read ACNS on ns-2's Linux CUBIC only. */
        public static final List<String> CUBIC_READINGS = List.of("eq9-every-ack", "epoch-restart");

        public SenderSpec {
            acnsReading = acnsReading == null ? List.of() : acnsReading;
        }

        /** The ACNS sender's reading: the text's, with what {@code acnsReading} lists changed. */
        public org.aspen.rdp.AcnsReno.Reading reading() {
            return new org.aspen.rdp.AcnsReno.Reading(acnsReading.contains("every-segment"), acnsReading.contains("on-its-ack"));
        }

        /** How ACNS reads equation 9 on ns-2's Linux CUBIC: the one of {@link #CUBIC_READINGS} listed, else the primary. */
        public org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading cubicReading() {
            return acnsReading.stream().filter(CUBIC_READINGS::contains).findFirst()
                    .map(org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading::byId)
                    .orElse(org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading.PRIMARY);
        }
    }

    /** A static route on {@code node}: packets for {@code to} (an address or node name) go to neighbour {@code via}. */
    public record RouteSpec(String node, String to, String via) {
    }

    public record Workload(List<PingSpec> pings, List<TraceSpec> traces, List<TransferSpec> transfers,
                           List<FlowSpec> flows, List<CrossSpec> cross) {
        public Workload {
            cross = cross == null ? List.of() : cross;
            pings = pings == null ? List.of() : pings;
            traces = traces == null ? List.of() : traces;
            transfers = transfers == null ? List.of() : transfers;
            flows = flows == null ? List.of() : flows;
        }
    }

    /**
     * Uncontrolled on/off cross traffic: raw VNet datagrams of {@code size} payload bytes (default
     * 1000) from {@code from} to {@code to} at {@code rate} during 'on' periods of mean {@code on}
     * (default 2.5s), silent for 'off' periods of mean {@code off} (default 2.5s), between
     * {@code start} (default 0) and {@code stop} (default: the end). {@code durations} is
     * {@code exponential} (default; ns's on/off source) or {@code fixed}. {@code phase: random} (with
     * fixed durations and start 0): the on/off cycle runs from a seeded random phase, as if it had begun
     * before the run, so a burst may be under way at time 0 ({@code CrossTraffic}).
     */
    public record CrossSpec(String name, String from, String to, String rate, String on, String off, Integer size,
                            String start, String stop, String durations, String phase) {
        /** A source whose first 'on' period begins at {@code start}. */
        public CrossSpec(String name, String from, String to, String rate, String on, String off, Integer size, String start,
                         String stop, String durations) {
            this(name, from, to, rate, on, off, size, start, stop, durations, null);
        }

        /** True for {@code phase: random}. */
        public boolean randomPhase() {
            return "random".equals(phase);
        }
    }

    /**
     * A bulk RDP flow: sends seeded bytes from {@code start} until {@code stop} (default: the end of the
     * run), as fast as congestion control lets it. Reported like a transfer, with its goodput.
     * {@code acns}: both ends run ACNS ({@code AcnsReno}, docs/acns.md); {@code priority}: the 0-63
     * VNet header priority of the sender's packets (ACNS routers read it). {@code transport}: {@code rdp}
     * (default), {@code ns2-reno}, {@code ns2-newreno} or {@code ns2-sack1} (ns-2.35's agents carried by RDP,
     * docs/rdp.md),
     * {@code ns2} the Agent/TCP variables such a transport overrides ({@link Transports}); {@code sender}
     * the sender's send buffer and readings ({@link SenderSpec}).
     */
    public record FlowSpec(String name, String from, String to, Integer port, String start, String stop,
                           Integer window, Integer segment, Boolean ecn, Boolean aecn, Boolean acns, Integer priority,
                           String transport, Map<String, Object> ns2, String recovery, SenderSpec sender) {
        public static final int FIRST_PORT = 6000;

        /** A flow with the sender's usual settings (no {@code sender}). */
        public FlowSpec(String name, String from, String to, Integer port, String start, String stop, Integer window,
                        Integer segment, Boolean ecn, Boolean aecn, Boolean acns, Integer priority, String transport,
                        Map<String, Object> ns2, String recovery) {
            this(name, from, to, port, start, stop, window, segment, ecn, aecn, acns, priority, transport, ns2, recovery, null);
        }

        /** Its name: {@code name}, or {@code flow-FROM-TO-INDEX} for flow number {@code index} of the workload. */
        public String nameAt(int index) {
            return name != null ? name : "flow-" + from + "-" + to + "-" + index;
        }

        /** Its port on {@code to}: {@code port}, or 6000 + {@code index}. */
        public int portAt(int index) {
            return port != null ? port : FIRST_PORT + index;
        }

        /** The same sender settings as a transfer named {@code name} (no size: the flow's bytes never end). */
        public TransferSpec asTransfer(String name) {
            return new TransferSpec(name, from, to, port, null, null, start, window, segment, ecn, aecn, acns, priority,
                    transport, ns2, recovery, sender);
        }
    }

    /**
     * An RDP transfer of {@code size} seeded bytes (or the contents of {@code file}, relative to the
     * scenario file) from {@code from} to port {@code port} of {@code to}, starting at {@code start}.
     * {@code window} is the receiver's maximum outstanding segments, {@code segment} the maximum
     * segment size, {@code ecn} whether the connection is ECN-capable, {@code aecn} whether it asks for
     * AntiECN (the AntiECN increase when every router on the path is AECN-capable; docs/aecn.md),
     * {@code acns}, {@code priority}, {@code transport}, {@code ns2} and {@code sender} ({@link SenderSpec}) as for flows.
     */
    public record TransferSpec(String name, String from, String to, Integer port, String size, String file,
                               String start, Integer window, Integer segment, Boolean ecn, Boolean aecn,
                               Boolean acns, Integer priority, String transport, Map<String, Object> ns2,
                               String recovery, SenderSpec sender) {
        public static final int FIRST_PORT = 5000;

        /** A transfer with the sender's usual settings (no {@code sender}). */
        public TransferSpec(String name, String from, String to, Integer port, String size, String file, String start,
                            Integer window, Integer segment, Boolean ecn, Boolean aecn, Boolean acns, Integer priority,
                            String transport, Map<String, Object> ns2, String recovery) {
            this(name, from, to, port, size, file, start, window, segment, ecn, aecn, acns, priority, transport, ns2, recovery,
                    null);
        }

        /** Its name: {@code name}, or {@code FROM-TO-INDEX} for transfer number {@code index} of the workload. */
        public String nameAt(int index) {
            return name != null ? name : from + "-" + to + "-" + index;
        }

        /** Its port on {@code to}: {@code port}, or 5000 + {@code index}. */
        public int portAt(int index) {
            return port != null ? port : FIRST_PORT + index;
        }

        /** When the sender starts (default 1 s). */
        public long startNanos() {
            return start == null ? 1_000_000_000L : Units.nanos(start);
        }
    }

    /**
     * {@code count} (default 10) echo requests of {@code size} (56) bytes from {@code from} to
     * {@code to} every {@code interval} (1 s), starting at {@code start} (2 s), each given up after
     * {@code timeout} (1 s).
     */
    public record PingSpec(String from, String to, Integer count, String interval, String start, String timeout,
                           Integer size) {
        public int probes() {
            return count == null ? 10 : count;
        }

        public long intervalNanos() {
            return interval == null ? 1_000_000_000L : Units.nanos(interval);
        }

        public long startNanos() {
            return start == null ? 2_000_000_000L : Units.nanos(start);
        }

        public long timeoutNanos() {
            return timeout == null ? 1_000_000_000L : Units.nanos(timeout);
        }

        public int payloadBytes() {
            return size == null ? 56 : size;
        }
    }

    /** A traceroute from {@code from} to {@code to} at time {@code at} (default 3 s), at most {@code maxHops} (16) hops. */
    public record TraceSpec(String from, String to, String at, Integer maxHops) {
        public long atNanos() {
            return at == null ? 3_000_000_000L : Units.nanos(at);
        }

        public int hopLimit() {
            return maxHops == null ? 16 : maxHops;
        }
    }

    /**
     * At {@code at}, exactly one of: cut link {@code down}, mend link {@code up}, change the
     * flakeway rules of a node ({@code flakeway}), or change a link's queue discipline ({@code queue}).
     */
    public record EventSpec(String at, String down, String up, FlakewayChange flakeway, QueueChange queue) {
    }

    /**
     * Replaces the queue discipline of {@code link} at run time, at the end on {@code node} (default:
     * both ends), with {@code set}: a discipline name or a mapping {@code {kind: red, ...}} as in links.
     */
    public record QueueChange(String link, String node, Object set) {
    }

    /** Sets ({@code set}: rule maps) or clears ({@code clear}: a rule name, or {@code all}) flakeway rules on {@code node}. */
    public record FlakewayChange(String node, List<Map<String, Object>> set, String clear) {
    }

    /** What must hold for the run to pass; each kind's judge ({@code lab.judge.Judges}) checks and judges it. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = PingsAnswered.class, name = "pings"),
            @JsonSubTypes.Type(value = RouteAvoids.class, name = "route"),
            @JsonSubTypes.Type(value = Reachable.class, name = "reachable"),
            @JsonSubTypes.Type(value = TracePath.class, name = "trace"),
            @JsonSubTypes.Type(value = CounterBound.class, name = "counter"),
            @JsonSubTypes.Type(value = TransferDone.class, name = "transfer"),
            @JsonSubTypes.Type(value = FlowGoodput.class, name = "flow"),
            @JsonSubTypes.Type(value = PingRtt.class, name = "rtt"),
            @JsonSubTypes.Type(value = PingLoss.class, name = "loss"),
            @JsonSubTypes.Type(value = TransferStat.class, name = "stat")})
    public sealed interface Expectation permits PingsAnswered, RouteAvoids, Reachable, TracePath, CounterBound,
            TransferDone, FlowGoodput, PingRtt, PingLoss, TransferStat {
    }

    /** The median round-trip time of the answered pings from {@code from} to {@code to} is within {@code [min, max]}. */
    public record PingRtt(String from, String to, String min, String max) implements Expectation {
    }

    /**
     * A number about transfer or flow {@code transfer} (its name) is within {@code [atLeast, atMost]}:
     * a field of its report ({@code retransmissions}, {@code windowCloses}, {@code closesByCause.ECN},
     * ...) or a counter of the sender's connection ({@code aecnEchoes}, {@code ecnEchoes}, {@code timeouts}, ...).
     */
    public record TransferStat(String transfer, String stat, Double atLeast, Double atMost) implements Expectation {
    }

    /** The share of the pings from {@code from} to {@code to} left unanswered is within {@code [min, max]}. */
    public record PingLoss(String from, String to, String min, String max) implements Expectation {
    }

    /** At least {@code atLeast} of the pings from {@code from} to {@code to} (sent after {@code after}, if given) were answered. */
    public record PingsAnswered(String from, String to, String atLeast, String after) implements Expectation {
    }

    /**
     * Sampled every {@code every} (default 100ms) from {@code after} (default 0) to {@code until} (default
     * the end): the forwarding path from {@code from} to {@code to} exists, avoids link {@code avoids} (if
     * given) and passes the nodes in {@code via} (if given).
     */
    public record RouteAvoids(String from, String to, String avoids, List<String> via, String after, String until,
                              String every)
            implements Expectation {
    }

    /** At time {@code at} (default: the end) every node has a route to every other node. */
    public record Reachable(String at) implements Expectation {
    }

    /**
     * The traceroute from {@code from} to {@code to} (the one started at {@code at}, when several are)
     * saw exactly the nodes in {@code hops}.
     */
    public record TracePath(String from, String to, String at, List<String> hops) implements Expectation {
    }

    /**
     * A counter at the end of the run, by path: {@code node.received}, {@code node.drops.no-route},
     * {@code link.<name>.drops.overflow}, {@code link.<name>.sentPackets}, {@code aa.<name>.packets},
     * {@code aa.<name>.metrics.<metric>}, {@code link.<name>.discipline.<key>} (the queue discipline's
     * describe(), e.g. {@code aecn_cleared}). Bounds are inclusive.
     */
    public record CounterBound(String node, String counter, Long atLeast, Long atMost) implements Expectation {
    }

    /**
     * Transfer {@code transfer} (its name) completed with the receiver's digest equal to the sender's,
     * and, when given, its retransmissions and goodput within bounds.
     */
    public record TransferDone(String transfer, Long minRetransmissions, Long maxRetransmissions, String minGoodput)
            implements Expectation {
    }

    /** Bulk flow {@code flow} reached at least {@code minGoodput} (and at most {@code maxGoodput}, if given). */
    public record FlowGoodput(String flow, String minGoodput, String maxGoodput) implements Expectation {
    }

    /** Queue discipline settings when given as a map: {@code {kind: red, minTh: 5, ...}}. */
    public static Map<String, Object> queueParams(Object queue) {
        if (queue instanceof Map<?, ?> m) {
            @SuppressWarnings("unchecked")
            Map<String, Object> mm = (Map<String, Object>) m;
            return mm;
        }
        return Map.of();
    }
}
