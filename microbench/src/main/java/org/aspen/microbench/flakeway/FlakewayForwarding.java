package org.aspen.microbench.flakeway;

import java.util.concurrent.TimeUnit;
import org.aspen.flakeway.FlakewayInterceptor;
import org.aspen.flakeway.RuleSpecs;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * CPU cost of the flakeway in the simulated runtime (JMH; replaces the hand-timed
 * {@code FlakewayOverheadBench}, issue 32): 1000-byte packets forwarded a -> b -> c, one per
 * simulated microsecond, with no flakeway on b ({@code none}), a zero-delay rule ({@code zero}), and
 * a delay + jitter + loss rule ({@code wan}). The score is packets sent per second of wall time.
 *
 * <pre>{@code
 * java -jar microbench/target/benchmarks.jar FlakewayForwarding            # all three rules
 * java -jar microbench/target/benchmarks.jar FlakewayForwarding -p rule=wan
 * }</pre>
 *
 * Each invocation sends {@link #BATCH} packets on one network built per trial and runs the
 * simulation until every one of them is delivered or lost, so held packets never pile up across
 * invocations.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FlakewayForwarding {
    /** Packets per benchmark invocation. */
    public static final int BATCH = 10_000;
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");
    /** Simulated time after the last send: more than the wan rule's delay plus its jitter's tail. */
    static final long DRAIN_NANOS = 1_000_000_000L;

    /** The flakeway on b: {@code none}, or the name of a rule in {@link #rule(String)}. */
    @Param({"none", "zero", "wan"})
    public String rule;

    SimNetwork net;
    FlakewayInterceptor flakeway;
    long delivered;
    private Node a;
    private int sent;
    private Runnable send;

    /** The flakeway rule a {@link #rule} parameter names, or null for {@code none}. */
    static String rule(String name) {
        return switch (name) {
            case "none" -> null;
            case "zero" -> "name zero; match dst=10.0.0.3";
            case "wan" -> "name wan; delay 20ms jitter 2ms normal; loss 1%; bandwidth 10gbit";
            default -> throw new IllegalArgumentException("rule: expected none, zero or wan, got " + name);
        };
    }

    /** Builds a - b - c (links of unlimited rate and no delay), static routes, the rule on b. */
    @Setup(Level.Trial)
    public void build() {
        String spec = rule(rule);
        net = new SimNetwork(1);
        a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        LinkConfig cfg = new LinkConfig(0, 0, QueueLimit.packets(100_000), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        c.registerHandler(Protocol.RAW, (p, in) -> delivered++);
        flakeway = spec == null ? null : FlakewayInterceptor.install(b);
        if (spec != null) {
            flakeway.engine().set(RuleSpecs.parse(spec));
        }
        byte[] payload = new byte[1000 - Packet.HEADER_LENGTH];
        send = () -> {
            a.send(Packet.builder().source(A).destination(C).payload(payload).build());
            if (++sent < BATCH) {
                net.scheduler().schedule(1_000, send);    // one packet per simulated microsecond
            }
        };
        net.run(0);
    }

    /** Sends one batch and runs the simulation until it has drained; returns the packets c received so far. */
    long forwardBatch() {
        sent = 0;
        net.at(net.now(), "a", send);
        net.run(BATCH * 1_000L + DRAIN_NANOS);
        return delivered;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void forward(Blackhole bh) {
        bh.consume(forwardBatch());
    }
}
