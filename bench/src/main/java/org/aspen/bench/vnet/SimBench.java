package org.aspen.bench.vnet;

import java.util.Locale;
import org.aspen.vnet.time.SimScheduler;

/**
 * {@code aspen bench sim}: the best of several {@link SimSpeed} runs beside the bare discrete-event
 * scheduler's rate (empty events, no packets) measured in the same process, as a ratio.
 *
 * <pre>{@code
 * SimBench.Result r = SimBench.run(10, 2_000_000_000L, 3);
 * System.out.print(r.summary());
 * }</pre>
 *
 * The bare rate is the ceiling any simulation on this scheduler can reach on this machine, so the
 * ratio is comparable across machines where the absolute figure is not.
 */
public final class SimBench {
    private static final long BARE_EVENTS = 2_000_000;
    private static final int BARE_CHAINS = 64;

    private SimBench() {
    }

    /**
     * @param result                       the fastest of the simulation runs
     * @param bareSchedulerEventsPerSecond the best bare scheduler rate, rounded
     * @param hopsPerBareEvent             packet-hops per second over bare events per second
     */
    public record Result(SimSpeed.Result result, long bareSchedulerEventsPerSecond, double hopsPerBareEvent) {
        /** Three lines: the run, its rates, and the bare scheduler beside it. */
        public String summary() {
            return result + System.lineSeparator()
                    + String.format(Locale.ROOT, "packet-hops/s (wall): %,.0f   per cpu-second: %,.0f%n",
                            result.hopsPerSecond(), result.hopsPerCpuSecond())
                    + String.format(Locale.ROOT, "bare scheduler: %,d empty events/s; ratio packet-hops/bare events = %.3f%n",
                            bareSchedulerEventsPerSecond, hopsPerBareEvent);
        }
    }

    /** {@code repeats} runs of {@code nodes} nodes for {@code virtualNanos} each (seed 1), then as many bare measurements. */
    public static Result run(int nodes, long virtualNanos, int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be at least 1");
        }
        SimSpeed.Result best = null;
        for (int i = 0; i < repeats; i++) {
            SimSpeed.Result r = SimSpeed.run(nodes, virtualNanos, 1);
            if (best == null || r.hopsPerSecond() > best.hopsPerSecond()) {
                best = r;
            }
        }
        double bare = 0;
        for (int i = 0; i < repeats; i++) {
            bare = Math.max(bare, bareEventsPerSecond());
        }
        return new Result(best, Math.round(bare), best.hopsPerSecond() / bare);
    }

    /**
     * Empty events per second through the scheduler alone: 64 chains of self-rescheduling ticks.
     * Timed by hand because it is this command's baseline, measured in the same invocation; the
     * same loop as a JMH microbenchmark is microbench's {@code SchedulerEvents} (docs/real-runtime.md).
     */
    static double bareEventsPerSecond() {
        SimScheduler s = new SimScheduler();
        long[] left = {BARE_EVENTS};
        Runnable tick = new Runnable() {
            @Override
            public void run() {
                if (--left[0] > 0) {
                    s.schedule(1_000, this);
                }
            }
        };
        for (int i = 0; i < BARE_CHAINS; i++) {
            s.schedule(i, tick);
        }
        long t0 = System.nanoTime();
        s.runAll();
        return s.executedEvents() * 1e9 / (System.nanoTime() - t0);
    }
}
