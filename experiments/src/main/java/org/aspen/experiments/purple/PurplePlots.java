package org.aspen.experiments.purple;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The PURPLE sweep's PNG plots (XChart, headless): per single-bottleneck part, goodput, queueing
 * delay and mark/drop rates against the flow count; for the multi-bottleneck part, RTOs per bundle
 * and the queueing delay against bundle 2's flows. One line per queue discipline.
 *
 * <pre>{@code
 * PurplePlots.writeAll(runs, params, Path.of("purple"));     // short-goodput.png, multi-rto.png, ...
 * }</pre>
 */
final class PurplePlots {
    private PurplePlots() {
    }

    static void writeAll(List<PurpleRun> runs, PurpleExperiment.Params params, Path dir) throws IOException {
        String rate = String.format(Locale.ROOT, "%.0f Mb/s", params.setup().bottleneckBps() / 1e6);
        for (Part p : params.parts()) {
            String x = p == Part.MULTI ? "flows in bundle 2" : "greedy ECN flows";
            String sub = " (" + p.label + ", " + rate + ")";
            if (p == Part.FIG4) {
                figure4(runs, params, "Figure 4: queue length at r1, 100 flows, 100-packet queue (" + rate + ")", "packets",
                        PurpleRun.SeriesPoint::queuePackets, dir.resolve("figure4-queue.png"));
                figure4(runs, params, "Figure 4: local mark (and drop) probability, 100 flows (" + rate + ")",
                        "PURPLE p_k; RED, A-RED: share marked or dropped", PurpleRun.SeriesPoint::localProbability,
                        dir.resolve("figure4-probability.png"));
                if (params.preregistered()) {   // issue 29: the same quantity for every queue
                    figure4(runs, params, "Figure 4: share of arrivals marked or dropped per 100 ms, 100 flows (" + rate + ")",
                            "share marked or dropped", PurpleRun.SeriesPoint::signalShare, dir.resolve("figure4-signal-share.png"));
                }
                continue;
            }
            if (p == Part.MULTI) {
                plot(runs, params, p, List.of("rtoBundle1", "rtoBundle2", "rtoBundle3"), "RTOs per bundle" + sub, x,
                        "retransmission timeouts", dir.resolve("multi-rto.png"));
                plot(runs, params, p, List.of("delayMs"), "Mean queueing delay, both bottlenecks" + sub, x, "ms",
                        dir.resolve("multi-delay.png"));
                continue;
            }
            plot(runs, params, p, List.of("goodputMbps"), "Goodput" + sub, x, "Mb/s", dir.resolve(p.id + "-goodput.png"));
            plot(runs, params, p, List.of("delayMs"), "Mean queueing delay" + sub, x, "ms", dir.resolve(p.id + "-delay.png"));
            plot(runs, params, p, List.of("markRate", "dropRate"), "Mark and drop rates per arriving packet" + sub, x,
                    "share of packets", dir.resolve(p.id + "-marks-drops.png"));
        }
    }

    private static void figure4(List<PurpleRun> runs, PurpleExperiment.Params params, String title, String yLabel,
                                ToDoubleFunction<PurpleRun.SeriesPoint> y, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle("time (s)").yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setMarkerSize(0);
        for (Aqm a : params.aqms()) {
            for (PurpleRun r : PurpleExperiment.select(runs, Part.FIG4, a, PurpleRun.FIGURE4_FLOWS)) {
                if (r.seed() != 1) {
                    continue;       // seed 1's series, as in the paper's one run per queue
                }
                List<Double> x = new ArrayList<>();
                List<Double> v = new ArrayList<>();
                for (PurpleRun.SeriesPoint s : r.series()) {
                    x.add(s.seconds());
                    v.add(y.applyAsDouble(s));
                }
                chart.addSeries(a.label, x, v).setMarker(SeriesMarkers.NONE);
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static void plot(List<PurpleRun> runs, PurpleExperiment.Params params, Part p, List<String> metrics, String title,
                             String xLabel, String yLabel, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setMarkerSize(7);
        for (String metric : metrics) {
            for (Aqm a : params.aqms()) {
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (int n : params.xs(p)) {
                    x.add((double) n);
                    y.add(PurpleExperiment.mean(PurpleExperiment.select(runs, p, a, n), PurpleRun.METRICS.get(metric)));
                }
                String label = metrics.size() == 1 ? a.label : a.label + " " + metric;
                chart.addSeries(label, x, y).setMarker(SeriesMarkers.CIRCLE);
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
