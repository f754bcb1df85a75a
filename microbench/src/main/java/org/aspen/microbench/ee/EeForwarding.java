package org.aspen.microbench.ee;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.aspen.ee.AaInstance;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.HandlerWatchdog;
import org.aspen.ee.TestAas;
import org.aspen.vnet.packet.Protocol;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The EE's cost on the forwarding path, in the simulation (JMH; replaces the hand-timed
 * {@code EeBench diversion} and {@code EeBench guard} of ee-core's tests, issue 32): packets of 100
 * bytes of payload forwarded a -> b -> c, each node with an EE, with on b no AA ({@code none}), a
 * pass-through diversion AA ({@code pass}: the simulation's guard, budget checks only), the same AA
 * charged by the thread-CPU clock read twice per call ({@code cpuClock}: the real runtime's guard
 * before the watchdog), or charged through a {@link HandlerWatchdog} slot and the node's clock
 * ({@code watchdog}: the real runtime's guard now). The score is packets per second of wall time;
 * an AA's cost per packet is the difference of the inverse scores (docs/ee.md, "Benchmarks").
 *
 * <pre>{@code
 * java -jar microbench/target/benchmarks.jar EeForwarding                  # all four
 * java -jar microbench/target/benchmarks.jar EeForwarding -p aa=none,watchdog -prof gc
 * }</pre>
 *
 * Each invocation sends {@link #BATCH} packets, in bursts of 1,000 one simulated microsecond apart,
 * on one network built per trial, and runs the simulation until all of them have arrived at c.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EeForwarding {
    /** Packets per benchmark invocation. */
    public static final int BATCH = 10_000;
    /** Simulated time an invocation runs: the batch's 10 us of sending and far more than its forwarding. */
    static final long RUN_NANOS = 1_000_000_000L;

    /** What runs on b: {@code none}, {@code pass}, {@code cpuClock} or {@code watchdog} (see the class comment). */
    @Param({"none", "pass", "cpuClock", "watchdog"})
    public String aa;

    EeLine line;
    AaInstance instance;
    long arrived;
    private HandlerWatchdog watchdog;
    private final byte[] payload = new byte[100];

    /** Builds a - b - c ({@link EeLine}) and starts {@link #aa} on b. */
    @Setup(Level.Trial)
    public void build() {
        if (!java.util.List.of("none", "pass", "cpuClock", "watchdog").contains(aa)) {
            throw new IllegalArgumentException("aa: expected none, pass, cpuClock or watchdog, got " + aa);
        }
        line = new EeLine();
        // c counts what arrives and nothing more, so the score is the forwarding path's
        line.c.registerHandler(Protocol.RAW, (p, in) -> arrived++);
        ExecutionEnvironment onB = line.eeB;
        switch (aa) {
            case "cpuClock" -> {
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                onB.setHandlerClock(threads::getCurrentThreadCpuTime);
            }
            case "watchdog" -> {
                watchdog = new HandlerWatchdog(EeConfig.DEFAULT.handlerBudgetNanos(), System::nanoTime);
                onB.setHandlerClock(System::nanoTime);
                onB.setWatchdog(watchdog);
            }
            default -> { }
        }
        if (!aa.equals("none")) {
            byte[] jar = TestAas.diverter("bench-pass");
            onB.trust().allowJar(jar);
            instance = onB.startAa(jar, Map.of("mode", "pass"));
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (watchdog != null) {
            watchdog.close();
        }
    }

    /** Sends one batch and runs the simulation until it has arrived; returns the packets c received so far. */
    long forwardBatch() {
        long start = line.net.now();
        for (int k = 0; k < BATCH; k += 1000) {
            line.net.at(start + k * 1_000L, "a", () -> {
                for (int i = 0; i < 1000; i++) {
                    line.sendRaw(payload);
                }
            });
        }
        line.net.run(RUN_NANOS);
        return arrived;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void forward(Blackhole bh) {
        bh.consume(forwardBatch());
    }
}
