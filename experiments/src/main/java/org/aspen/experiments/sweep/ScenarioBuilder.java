package org.aspen.experiments.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.ns2.Ns2AcnsCubic;

/**
 * Puts a {@link Scenario} record together in code: nodes, links, static routes, bulk flows and
 * cross traffic, in the order given (the order matters: a node's links draw their random streams
 * in the order they are added). What the experiments' topology helpers share; no YAML text.
 *
 * <pre>{@code
 * Scenario s = new ScenarioBuilder("line3", "6.000s")
 *         .node("a", "10.0.0.1").node("b", "10.0.0.2")
 *         .link("a", "b", "10Mbps", "5ms")
 *         .route("a", "10.0.0.0/8", "b").route("b", "10.0.0.0/8", "a")
 *         .flow(ScenarioBuilder.flow("bulk", "a", "b").start("1s").segment(940).build())
 *         .build();
 * }</pre>
 *
 * Routing is static: experiments fill their bottleneck queues, which would drop routing hellos too.
 * Values are what a scenario file would hold (units as text: {@code "10ms"}), so a built scenario
 * equals the one its YAML ({@link ScenarioYaml}) reads back as.
 */
public final class ScenarioBuilder {
    private final String name;
    private final String duration;
    private final List<Scenario.NodeSpec> nodes = new ArrayList<>();
    private final List<Scenario.LinkSpec> links = new ArrayList<>();
    private final List<Scenario.RouteSpec> routes = new ArrayList<>();
    private final List<Scenario.FlowSpec> flows = new ArrayList<>();
    private final List<Scenario.CrossSpec> cross = new ArrayList<>();

    public ScenarioBuilder(String name, String duration) {
        this.name = name;
        this.duration = duration;
    }

    public ScenarioBuilder node(String node, String address) {
        return node(node, address, null, List.of());
    }

    /** A node with an ACC role ({@code monitor}, {@code filter}, a mapping as the {@code acc} field takes, or null) and flakeway rules. */
    public ScenarioBuilder node(String node, String address, Object acc, List<Map<String, Object>> flakeway) {
        nodes.add(new Scenario.NodeSpec(node, address, null, null, null, flakeway, null, acc));
        return this;
    }

    /** Starts the bundled AA {@code aa} with {@code params} on the node already added as {@code node}. */
    public ScenarioBuilder aa(String node, String aa, Map<String, Object> params) {
        for (int i = 0; i < nodes.size(); i++) {
            Scenario.NodeSpec n = nodes.get(i);
            if (n.name().equals(node)) {
                List<Scenario.AaEntry> aas = new ArrayList<>(n.aas());
                aas.add(new Scenario.AaEntry(aa, null, params));
                nodes.set(i, new Scenario.NodeSpec(n.name(), n.address(), n.udp(), n.control(), n.token(), n.flakeway(), aas, n.acc(),
                        n.metrics(), n.inputQueue()));
                return this;
            }
        }
        throw new IllegalArgumentException("no node '" + node + "' yet");
    }

    /** Gives the node already added as {@code node} an input queue of {@code packets} (real runtime only: {@code inputQueue}). */
    public ScenarioBuilder inputQueue(String node, int packets) {
        for (int i = 0; i < nodes.size(); i++) {
            Scenario.NodeSpec n = nodes.get(i);
            if (n.name().equals(node)) {
                nodes.set(i, new Scenario.NodeSpec(n.name(), n.address(), n.udp(), n.control(), n.token(), n.flakeway(), n.aas(),
                        n.acc(), n.metrics(), packets));
                return this;
            }
        }
        throw new IllegalArgumentException("no node '" + node + "' yet");
    }

    /** A link with the default buffer (100 packets) and drop-tail queue. */
    public ScenarioBuilder link(String a, String b, String bandwidth, String delay) {
        return link(a, b, bandwidth, delay, null, null);
    }

    /**
     * A link named {@code a-b}; {@code delay}, {@code buffer} (packets as an Integer, or a size like
     * {@code "50000B"}) and {@code queue} (a discipline name or a map with {@code kind}) may be null.
     */
    public ScenarioBuilder link(String a, String b, String bandwidth, String delay, Object buffer, Object queue) {
        links.add(new Scenario.LinkSpec(null, List.of(a, b), bandwidth, delay, buffer, queue, null));
        return this;
    }

    /** As above, with {@code ends}: a buffer and queue of their own for the ends at the nodes it names ({@link Scenario.EndSpec}). */
    public ScenarioBuilder link(String a, String b, String bandwidth, String delay, Object buffer, Object queue,
                                Map<String, Scenario.EndSpec> ends) {
        links.add(new Scenario.LinkSpec(null, List.of(a, b), bandwidth, delay, buffer, queue, null, ends));
        return this;
    }

    /** A static route on {@code node}: packets for {@code to} (a node, an address or a prefix) go to neighbour {@code via}. */
    public ScenarioBuilder route(String node, String to, String via) {
        routes.add(new Scenario.RouteSpec(node, to, via));
        return this;
    }

    public ScenarioBuilder flow(Scenario.FlowSpec f) {
        flows.add(f);
        return this;
    }

    public ScenarioBuilder cross(Scenario.CrossSpec c) {
        cross.add(c);
        return this;
    }

    public Scenario build() {
        return new Scenario(name, null, null, duration, "static", null, List.copyOf(nodes), List.copyOf(links),
                List.copyOf(routes), new Scenario.Workload(null, null, null, List.copyOf(flows), List.copyOf(cross)),
                null, null, null, null);
    }

    /**
     * The sender settings of a flow ({@code sender:}), or null when it sets none of them (so a built
     * scenario equals its YAML read back): the send buffer in segments, refill on send (ns-2 agents) and
     * the ACNS reading ({@link AcnsReno.Reading#PAPER}, or null: the text's, left out).
     */
    public static Scenario.SenderSpec sender(Integer sendBuffer, Boolean refillOnSend, AcnsReno.Reading reading) {
        return sender(sendBuffer, refillOnSend, reading, Ns2AcnsCubic.CubicReading.PRIMARY);
    }

    /** As above, ACNS on ns-2's Linux CUBIC reading equation 9 as {@code cubic} (the primary: left out). */
    public static Scenario.SenderSpec sender(Integer sendBuffer, Boolean refillOnSend, AcnsReno.Reading reading,
                                             Ns2AcnsCubic.CubicReading cubic) {
        List<String> readings = new ArrayList<>();
        if (reading != null && reading.requestEverySegment()) {
            readings.add("every-segment");
        }
        if (reading != null && reading.commandOnItsAckOnly()) {
            readings.add("on-its-ack");
        }
        if (cubic != null && cubic != Ns2AcnsCubic.CubicReading.PRIMARY) {
            readings.add(cubic.id());
        }
        if (sendBuffer == null && refillOnSend == null && readings.isEmpty()) {
            return null;
        }
        return new Scenario.SenderSpec(sendBuffer, refillOnSend, List.copyOf(readings));
    }

    /** A bulk RDP flow from {@code from} to {@code to}; the other fields are set on the returned builder. */
    public static FlowBuilder flow(String name, String from, String to) {
        return new FlowBuilder(name, from, to);
    }

    /** The optional fields of a {@link Scenario.FlowSpec}; unset ones stay null (the lab's defaults). */
    public static final class FlowBuilder {
        private final String name;
        private final String from;
        private final String to;
        private String start;
        private Integer segment;
        private Boolean ecn;
        private Boolean acns;
        private Integer priority;
        private String transport;
        private java.util.Map<String, Object> ns2;
        private Integer port;
        private String stop;
        private Integer window;
        private Boolean aecn;
        private String recovery;
        private Scenario.SenderSpec sender;

        FlowBuilder(String name, String from, String to) {
            this.name = name;
            this.from = from;
            this.to = to;
        }

        public FlowBuilder start(String start) {
            this.start = start;
            return this;
        }

        public FlowBuilder segment(Integer bytes) {
            this.segment = bytes;
            return this;
        }

        public FlowBuilder ecn(boolean ecn) {
            this.ecn = ecn;
            return this;
        }

        /** ACNS at both ends, and the sender's VNet priority. */
        public FlowBuilder acns(boolean acns, int priority) {
            this.acns = acns;
            this.priority = priority;
            return this;
        }

        /**
         * The sender's transport ({@code null} or {@code rdp}: RDP's own; {@code ns2-reno}, {@code ns2-newreno}:
         * ns-2.35's agents) and its Agent/TCP overrides (null or empty: ns-2.35's defaults).
         */
        public FlowBuilder transport(String transport, java.util.Map<String, Object> ns2) {
            this.transport = transport;
            this.ns2 = ns2 == null || ns2.isEmpty() ? null : ns2;
            return this;
        }

        /** The receiver's port (null: 6000 + the flow's index). */
        public FlowBuilder port(Integer port) {
            this.port = port;
            return this;
        }

        /** When the sender stops (null: the end of the run). */
        public FlowBuilder stop(String stop) {
            this.stop = stop;
            return this;
        }

        /** The receiver's window in segments (null: RDP's default). */
        public FlowBuilder window(Integer segments) {
            this.window = segments;
            return this;
        }

        /** Asks for AntiECN (null or false: not). */
        public FlowBuilder aecn(Boolean aecn) {
            this.aecn = aecn;
            return this;
        }

        /** RDP's loss recovery ({@code classic}, {@code modern}, {@code impatient}; null: RDP's default). */
        public FlowBuilder recovery(String recovery) {
            this.recovery = recovery;
            return this;
        }

        /** The sender's settings ({@link ScenarioBuilder#sender}; null: none). */
        public FlowBuilder sender(Scenario.SenderSpec sender) {
            this.sender = sender;
            return this;
        }

        public Scenario.FlowSpec build() {
            return new Scenario.FlowSpec(name, from, to, port, start, stop, window, segment, ecn, aecn, acns, priority,
                    transport, ns2, recovery, sender);
        }
    }
}
