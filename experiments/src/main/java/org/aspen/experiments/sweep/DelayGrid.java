package org.aspen.experiments.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * The sweep the ACC paper's Figure 4 and the ACC-ABCD paper's Table 1 share: every config x R1-R2
 * delay x seed 1..n, and per config and delay (a point) the statistics of each metric over the seeds.
 *
 * <pre>{@code
 * List<DelayGrid.RunSpec<Config>> plan = DelayGrid.plan(configs, delays, seeds);
 * List<Point> points = DelayGrid.points(configs, delays, runs, Run::config, Run::delayMs, METRICS,
 *         (c, d, rs, stats) -> new Point(c, d, stats));
 * }</pre>
 */
public final class DelayGrid {
    private DelayGrid() {
    }

    /** One run's parameters. */
    public record RunSpec<C extends Comparable<C>>(C config, int delayMs, long seed) {
    }

    /** Makes a point from its config, delay, runs (in plan order) and each metric's statistics over them. */
    @FunctionalInterface
    public interface PointMaker<C, R, T> {
        T point(C config, int delayMs, List<R> runs, Map<String, Stat> stats);
    }

    /** One row of a per-point table: a point, a metric's name and its statistics. */
    public record PointMetric<T>(T point, String metric, Stat stat) {
    }

    /** Every config x delay x seed 1..{@code seeds}, sorted by config, delay and seed. */
    public static <C extends Comparable<C>> List<RunSpec<C>> plan(List<C> configs, List<Integer> delays, int seeds) {
        List<RunSpec<C>> plan = new ArrayList<>();
        for (C c : configs) {
            for (int d : delays) {
                for (long seed = 1; seed <= seeds; seed++) {
                    plan.add(new RunSpec<>(c, d, seed));
                }
            }
        }
        plan.sort(Comparator.comparing((RunSpec<C> r) -> r.config()).thenComparingInt(RunSpec::delayMs)
                .thenComparingLong(RunSpec::seed));
        return plan;
    }

    /** Largest delays first: the slowest runs start early, so the threads finish together. */
    public static <C extends Comparable<C>> Comparator<RunSpec<C>> largestDelayFirst() {
        return Comparator.comparingInt((RunSpec<C> r) -> r.delayMs()).reversed();
    }

    /** One point per config and delay, in the order given: the runs with that config and delay, and each metric's statistics. */
    public static <C, R, T> List<T> points(List<C> configs, List<Integer> delays, List<R> runs, Function<R, C> configOf,
                                           ToIntFunction<R> delayOf, Map<String, ToDoubleFunction<R>> metrics,
                                           PointMaker<C, R, T> maker) {
        List<T> points = new ArrayList<>();
        for (C c : configs) {
            for (int d : delays) {
                List<R> rs = runs.stream().filter(r -> configOf.apply(r).equals(c) && delayOf.applyAsInt(r) == d).toList();
                Map<String, Stat> stats = new LinkedHashMap<>();
                metrics.forEach((m, f) -> stats.put(m, Stat.of(rs, f)));
                points.add(maker.point(c, d, rs, stats));
            }
        }
        return points;
    }

    /** Every point's metrics, one row each, points in order and metrics in each point's order. */
    public static <T> List<PointMetric<T>> rows(List<T> points, Function<T, Map<String, Stat>> stats) {
        List<PointMetric<T>> rows = new ArrayList<>();
        for (T p : points) {
            stats.apply(p).forEach((m, s) -> rows.add(new PointMetric<>(p, m, s)));
        }
        return rows;
    }
}
