package org.aspen.microbench.ee;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aspen.ee.AaCode;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TestAas;
import org.aspen.ee.TestJars;
import org.aspen.ee.TrustPolicy;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * An AA started on demand over real UDP on loopback (JMH, one shot per iteration; replaces the
 * hand-timed {@code EeBench} on-demand rows of ee-core's tests, issue 32): nodes a - b - c - d, an
 * EE on each fetching code over RDP; a sends a raw packet naming a 100 KB echo AA (its jar only in
 * a's code cache) to d, and the AA's answer comes back. {@code fetch}: the first packet, so d fetches
 * the jar from a, verifies and starts it; {@code running}: a packet to the AA already running (the
 * round trip alone); {@code cached}: d starts the AA again from its code cache (new class loader,
 * entry class, {@code start}), timed from this thread, so the hop onto d's loop and back is in it.
 * The score is milliseconds per shot (docs/ee.md, "Benchmarks").
 *
 * <pre>{@code
 * java -jar microbench/target/benchmarks.jar OnDemandStart
 * java -jar microbench/target/benchmarks.jar OnDemandStart -p what=fetch -i 20
 * }</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
public class OnDemandStart {
    static final long TIMEOUT_S = 20;
    static final String[] NAMES = {"a", "b", "c", "d"};
    static final VAddr[] ADDR = {VAddr.parse("10.0.0.1"), VAddr.parse("10.0.0.2"), VAddr.parse("10.0.0.3"),
            VAddr.parse("10.0.0.4")};

    /** What one shot times: {@code fetch}, {@code running} or {@code cached} (see the class comment). */
    @Param({"fetch", "running", "cached"})
    public String what;

    UdpNetwork net;
    final List<ExecutionEnvironment> ees = new ArrayList<>();
    AaCode code;
    private final LinkedBlockingQueue<Long> answers = new LinkedBlockingQueue<>();
    private final byte[] jar = TestJars.padded("big", "1", "t.Echo", TestAas.ECHO, 100 * 1024);

    /** A new network with the AA deployed at a and allowed at d; for {@code running} and {@code cached}, started at d. */
    @Setup(Level.Iteration)
    public void build() throws Exception {
        if (!List.of("fetch", "running", "cached").contains(what)) {
            throw new IllegalArgumentException("what: expected fetch, running or cached, got " + what);
        }
        net = new UdpNetwork(1, UdpOptions.DEFAULT.withLoopThreads(2));
        ees.clear();
        for (int i = 0; i < 4; i++) {
            net.addNode(NAMES[i], ADDR[i], NodeConfig.DEFAULT, null);
        }
        for (int i = 0; i < 3; i++) {
            net.connect(NAMES[i] + "-" + NAMES[i + 1], NAMES[i], NAMES[i + 1], LinkConfig.DEFAULT);
        }
        for (int i = 0; i < 4; i++) {
            Node n = net.node(NAMES[i]);
            for (int j = 0; j < 4; j++) {
                if (j != i) {   // static routes along the line
                    int via = j > i ? i + 1 : i - 1;
                    String link = j > i ? NAMES[i] + "-" + NAMES[i + 1] : NAMES[i - 1] + "-" + NAMES[i];
                    n.routes().addStatic(Route.host(ADDR[j], n.link(link), ADDR[via], 1, Route.Origin.STATIC));
                }
            }
            ExecutionEnvironment ee = new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy());
            CodeFetch.overRdp(ee);
            ees.add(ee);
        }
        answers.clear();
        net.node("a").registerHandler(Protocol.RAW, (p, in) -> answers.add(1L));
        net.run(1_000_000L);
        code = AaCode.parse(jar, null);
        on("a", () -> {
            ees.get(0).trust().allowJar(jar);
            return ees.get(0).deploy(jar, null);
        });
        on("d", () -> ees.get(3).trust().allowJar(jar));
        if (!what.equals("fetch")) {
            ping();
        }
        if (what.equals("cached")) {
            on("d", () -> ees.get(3).stopAa(code.id(), "bench"));
        }
    }

    @TearDown(Level.Iteration)
    public void close() {
        net.close();
    }

    /** One shot: the ping to the AA and its answer, or ({@code cached}) the start from d's code cache. */
    @Benchmark
    public Object shot() throws Exception {
        if (what.equals("cached")) {
            return on("d", () -> ees.get(3).startAa(code.digestHex(), Map.of()));
        }
        return ping();
    }

    /** Sends a packet naming the AA from a to d and waits for the AA's answer at a. */
    long ping() throws Exception {
        on("a", () -> {
            // the echo AA answers a payload that starts with "ping"
            net.node("a").send(Packet.builder().source(ADDR[0]).destination(ADDR[3]).protocol(Protocol.RAW)
                    .aaSpec(new AaSpec(code.name(), code.version(), code.digest()))
                    .payload("ping".getBytes(StandardCharsets.UTF_8)).build());
            return null;
        });
        Long answer = answers.poll(TIMEOUT_S, TimeUnit.SECONDS);
        if (answer == null) {
            throw new IllegalStateException("no answer from the AA at d within " + TIMEOUT_S + " s");
        }
        return answer;
    }

    /** Runs {@code task} on {@code node}'s loop and waits for its result. */
    <T> T on(String node, Supplier<T> task) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        net.onLoop(node, () -> {
            try {
                f.complete(task.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(TIMEOUT_S, TimeUnit.SECONDS);
    }
}
