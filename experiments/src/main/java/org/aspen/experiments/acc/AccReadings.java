package org.aspen.experiments.acc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;
import org.aspen.experiments.acc.AccFigure4Run.Cause;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Preregistration.PointSpec;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Verdicts;

/**
 * The effects the pre-registered readings of acc-figure4 judge
 * ({@code experiments/src/main/resources/preregistration/acc-figure4.yaml}), computed from one
 * sweep's runs, seed by seed, and the opening table's rows: each reading judged on the ns-2
 * baseline's runs, with its "Aspen RDP" cell judged by the same rule on the RDP runs.
 *
 * <pre>{@code
 * Preregistration pre = Preregistration.load("acc-figure4");
 * List<PaperComparison> rows = AccReadings.rows(pre, ns2Runs, rdpRuns);
 * Map<String, double[]> fig6 = AccReadings.effects(ns2Runs).get(AccReadings.FIG6);   // by point label ("80 ms")
 * }</pre>
 *
 * Points are labelled by the bulk flows' base RTT ({@code "80 ms"}), Figure 5's by the pair of
 * systems. A seed's effect pairs the two systems' runs of that seed (the same cross-traffic draws).
 */
final class AccReadings {
    static final String FIG4_HIGH = "Fig. 4: ACC vs Reno (RED) throughput at the highest RTT";
    static final String FIG4_LOW = "Fig. 4: ACC vs Reno (RED) throughput at the lowest RTT";
    static final String FIG5 = "Fig. 5: drop-tail, RED, RED+ECN at the highest RTT";
    static final String FIG6 = "Fig. 6: window closes per second, ACC vs Reno (RED)";
    static final String FIG7 = "Fig. 7: mean close magnitude, all causes, ACC vs Reno (RED)";
    static final String FIG7_CAUSE = "Fig. 7 by cause: ACC notification closes vs Reno (RED) fast-retransmit closes";
    static final String DROPTAIL_VS_RED = "drop-tail vs RED";
    static final String RED_ECN_VS_RED = "RED+ECN vs RED";
    /** The seeds' cross traffic differs (random on/off periods), so an interval means something. */
    private static final boolean RANDOM_INPUT = true;

    private AccReadings() {
    }

    /** The opening table: every reading of {@code pre}, judged on {@code ns2}, with its RDP cell from {@code rdp}. */
    static List<PaperComparison> rows(Preregistration pre, List<AccFigure4Run> ns2, List<AccFigure4Run> rdp) {
        Map<String, Map<String, double[]>> e2 = effects(ns2);
        Map<String, Map<String, double[]>> er = effects(rdp);
        List<PaperComparison> rows = new ArrayList<>();
        for (Preregistration.Reading r : pre.readings()) {
            List<String> labels = r.points().stream().map(PointSpec::label).toList();
            rows.add(pre.row(r.result(), e2.getOrDefault(r.result(), Map.of()), text(r.result(), labels, e2, ns2),
                    er.getOrDefault(r.result(), Map.of()), text(r.result(), labels, er, rdp)));
        }
        return rows;
    }

    /** Each reading's effect per point label: the values per seed (Figure 5: one value, |mean ratio - 1|). */
    static Map<String, Map<String, double[]>> effects(List<AccFigure4Run> runs) {
        Map<String, Map<String, double[]>> m = new LinkedHashMap<>();
        Map<String, double[]> goodput = perRtt(runs, Config.ACC, Config.RED, (a, b) -> a.goodputKbps() / b.goodputKbps());
        m.put(FIG4_HIGH, goodput);
        m.put(FIG4_LOW, goodput);
        m.put(FIG6, perRtt(runs, Config.ACC, Config.RED, (a, b) -> a.closesPerSecond() - b.closesPerSecond()));
        m.put(FIG7, perRtt(runs, Config.ACC, Config.RED, (a, b) -> a.closesPerSecond() > 0 && b.closesPerSecond() > 0
                ? a.meanCloseMagnitude() / b.meanCloseMagnitude() : Double.NaN));
        m.put(FIG7_CAUSE, perRtt(runs, Config.ACC, Config.RED, (a, b) -> a.byCause().get(Cause.NOTIFICATION).meanMagnitude()
                / b.byCause().get(Cause.FAST_RETRANSMIT).meanMagnitude()));
        Map<String, double[]> fig5 = new LinkedHashMap<>();
        int hi = runs.stream().mapToInt(AccFigure4Run::delayMs).max().orElse(-1);
        List<AccFigure4Run> high = runs.stream().filter(r -> r.delayMs() == hi).toList();
        fig5.put(DROPTAIL_VS_RED, gap(perSeed(high, Config.DROPTAIL, Config.RED, (a, b) -> a.goodputKbps() / b.goodputKbps())));
        fig5.put(RED_ECN_VS_RED, gap(perSeed(high, Config.RED_ECN, Config.RED, (a, b) -> a.goodputKbps() / b.goodputKbps())));
        m.put(FIG5, fig5);
        return m;
    }

    /** {@code |mean - 1|} as the single value of Figure 5's effect; none when there are no ratios. */
    private static double[] gap(double[] ratios) {
        return ratios.length == 0 ? new double[0] : new double[] {Math.abs(Stat.of(ratios).mean() - 1)};
    }

    /** The base RTT's label, {@code "80 ms"}. */
    static String label(double rttMs) {
        return String.format(Locale.ROOT, "%.0f ms", rttMs);
    }

    /** Per RTT label, {@code f(a's run, b's run)} for every seed both ran; NaN values (no such closes) left out. */
    private static Map<String, double[]> perRtt(List<AccFigure4Run> runs, Config a, Config b,
                                                ToDoubleBiFunction<AccFigure4Run, AccFigure4Run> f) {
        Map<String, double[]> m = new LinkedHashMap<>();
        runs.stream().mapToInt(AccFigure4Run::delayMs).distinct().sorted().forEach(d -> {
            List<AccFigure4Run> at = runs.stream().filter(r -> r.delayMs() == d).toList();
            m.put(label(at.get(0).rttMs()), perSeed(at, a, b, f));
        });
        return m;
    }

    private static double[] perSeed(List<AccFigure4Run> runs, Config a, Config b, ToDoubleBiFunction<AccFigure4Run, AccFigure4Run> f) {
        List<Double> v = new ArrayList<>();
        for (AccFigure4Run x : runs) {
            if (x.config() != a) {
                continue;
            }
            runs.stream().filter(y -> y.config() == b && y.seed() == x.seed()).findFirst().ifPresent(y -> {
                double e = f.applyAsDouble(x, y);
                if (!Double.isNaN(e)) {
                    v.add(e);
                }
            });
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A cell: the effect at each of the reading's points ({@link Verdicts#cell}), and what explains it. */
    static String text(String result, List<String> labels, Map<String, Map<String, double[]>> effects, List<AccFigure4Run> runs) {
        Map<String, double[]> e = effects.getOrDefault(result, Map.of());
        String format = result.equals(FIG6) ? "%.3f" : "%.2f";
        StringBuilder b = new StringBuilder();
        if (result.equals(FIG5)) {
            // the judged value is |mean - 1|; the cell gives the ratios themselves, seed by seed
            int hi = runs.stream().mapToInt(AccFigure4Run::delayMs).max().orElse(-1);
            List<AccFigure4Run> high = runs.stream().filter(r -> r.delayMs() == hi).toList();
            String at = high.isEmpty() ? "-" : label(high.get(0).rttMs());
            return String.format(Locale.ROOT, "at %s, X/RED: drop-tail %s; RED+ECN %s; kb/s per flow: drop-tail %.1f, RED %.1f, RED+ECN %.1f",
                    at, Verdicts.cell(perSeed(high, Config.DROPTAIL, Config.RED, (x, y) -> x.goodputKbps() / y.goodputKbps()), RANDOM_INPUT,
                            format),
                    Verdicts.cell(perSeed(high, Config.RED_ECN, Config.RED, (x, y) -> x.goodputKbps() / y.goodputKbps()), RANDOM_INPUT,
                            format),
                    mean(runs, Config.DROPTAIL, at, AccFigure4Run::goodputKbps), mean(runs, Config.RED, at, AccFigure4Run::goodputKbps),
                    mean(runs, Config.RED_ECN, at, AccFigure4Run::goodputKbps));
        }
        for (String l : labels) {
            b.append(b.length() > 0 ? "; " : "").append(labels.size() > 1 ? l + " " : "")
                    .append(Verdicts.cell(e.getOrDefault(l, new double[0]), RANDOM_INPUT, format));
        }
        String rtt = labels.get(0);
        switch (result) {
            case FIG4_HIGH -> b.append(String.format(Locale.ROOT, "; per run ACC's filters deleted %.0f packets, the bottleneck dropped "
                    + "%.0f (RED %.0f)", mean(runs, Config.ACC, rtt, r -> r.filtered()), mean(runs, Config.ACC, rtt, r -> r.bottleneckDrops()),
                    mean(runs, Config.RED, rtt, r -> r.bottleneckDrops())));
            case FIG4_LOW -> b.append(String.format(Locale.ROOT, "; timeouts per run RED %.1f, ACC %.1f", mean(runs, Config.RED, rtt,
                    r -> r.timeouts()), mean(runs, Config.ACC, rtt, r -> r.timeouts())));
            default -> {
            }
        }
        return b.toString();
    }

    private static double mean(List<AccFigure4Run> runs, Config c, String rtt, java.util.function.ToDoubleFunction<AccFigure4Run> f) {
        return Stat.of(runs.stream().filter(r -> r.config() == c && label(r.rttMs()).equals(rtt)).mapToDouble(f).toArray()).mean();
    }
}
