package org.aspen.microbench.vnet;

import java.util.concurrent.TimeUnit;
import org.aspen.vnet.time.SimScheduler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The discrete-event scheduler alone (JMH, issue 32): empty events per second through
 * {@link SimScheduler}, {@link #chains} chains of self-rescheduling ticks 1 µs apart, the loop
 * {@code aspen bench sim} times by hand as its in-process baseline ({@code bench.vnet.SimBench}).
 *
 * <pre>{@code
 * java -jar microbench/target/benchmarks.jar SchedulerEvents -p chains=64
 * }</pre>
 *
 * The score is events per second; {@code chains} is the number of events pending at once (the heap's size).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SchedulerEvents {
    /** Events per benchmark invocation. */
    public static final int EVENTS = 1 << 16;

    /** Events pending at once. */
    @Param({"1", "64", "4096"})
    public int chains;

    /** Runs {@link #EVENTS} empty events on a fresh scheduler and returns it (for its counters). */
    SimScheduler runEvents() {
        SimScheduler s = new SimScheduler();
        long[] left = {EVENTS};
        Runnable tick = new Runnable() {
            @Override
            public void run() {
                if (--left[0] >= chains) {
                    s.schedule(1_000, this);
                }
            }
        };
        for (int i = 0; i < chains; i++) {
            s.schedule(i, tick);
        }
        s.runAll();
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void events(Blackhole bh) {
        bh.consume(runEvents().executedEvents());
    }
}
