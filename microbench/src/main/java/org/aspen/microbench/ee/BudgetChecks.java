package org.aspen.microbench.ee;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.aspen.ee.AaInstance;
import org.aspen.ee.EeConfig;
import org.aspen.ee.TestAas;
import org.aspen.ee.TestJars;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How long the default handler budget lasts in a tight loop (JMH; replaces the hand-timed budget-check
 * rate of {@code EeBench guard}, issue 32): a runaway AA on b spins in its packet handler, in the
 * simulation, until the budget's {@code EeConfig.DEFAULT.handlerBudgetChecks()} checks (50 million)
 * stop it. The score is milliseconds per stop; checks per second are 50 million over it (docs/ee.md,
 * "Runaway code").
 *
 * <pre>{@code
 * java -jar microbench/target/benchmarks.jar BudgetChecks
 * }</pre>
 *
 * Each invocation has a new network and AA (the one before is stopped for good), built outside the
 * timing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BudgetChecks {
    private final byte[] runaway = TestJars.jar("bench-runaway", "1", "t.Runaway", TestAas.RUNAWAY);
    EeLine line;
    AaInstance instance;

    /** A new a - b - c with the runaway AA ("loop" mode) on b and a packet from a to c due at time 0. */
    @Setup(Level.Invocation)
    public void build() {
        line = new EeLine();
        line.eeB.trust().allowJar(runaway);
        instance = line.eeB.startAa(runaway, Map.of("mode", "loop"));
        line.net.at(0, "a", () -> line.sendRaw(new byte[1]));
    }

    /** Runs the simulation: b's AA spins until its budget stops it; returns whether it still runs (never). */
    @Benchmark
    public boolean spinUntilStopped() {
        line.net.run(1_000_000_000L);
        return instance.isRunning();
    }

    /** The budget each invocation spends, for turning the score into checks per second. */
    static long checks() {
        return EeConfig.DEFAULT.handlerBudgetChecks();
    }
}
