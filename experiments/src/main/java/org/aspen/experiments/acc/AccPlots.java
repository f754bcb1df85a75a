package org.aspen.experiments.acc;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.aspen.experiments.sweep.Stat;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG plots of the ACC experiments (XChart, headless). The Figures 4-7 sweep: one metric against the
 * bulk flows' base RTT, one line per configuration, error bars = 95% confidence interval over the
 * seeds. The overhead experiment (Figure 9): throughput against delay, ACC on and off.
 *
 * <pre>{@code
 * AccPlots.write(points, List.of(Config.RED, Config.ACC), "goodputKbps", "Figure 4: ...", "kb/s", dir.resolve("figure4.png"));
 * }</pre>
 */
public final class AccPlots {
    private AccPlots() {
    }

    public static void write(List<AccFigure4Experiment.Point> points, List<AccFigure4Run.Config> configs, String metric,
                             String title, String yLabel, Path file) throws IOException {
        XYChart chart = chart(title, "base round-trip time of the bulk flows (ms)", yLabel);
        for (AccFigure4Run.Config c : configs) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> e = new ArrayList<>();
            for (AccFigure4Experiment.Point p : points) {
                if (p.config() == c) {
                    Stat s = p.stat(metric);
                    x.add(p.rttMs());
                    y.add(s.mean());
                    e.add(s.ci95());
                }
            }
            addSeries(chart, c.label, x, y, e);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** The overhead experiment's Figure 9: summed throughput against the inserted delay, error bars = sd. */
    static void writeOverhead(List<AccOverheadExperiment.Point> points, String title, Path file) throws IOException {
        XYChart chart = chart(title, "delay inserted at the converging node (ms, each way)",
                "throughput of both senders (kb/s), mean +- sd");
        for (boolean acc : new boolean[]{false, true}) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> e = new ArrayList<>();
            String label = null;
            for (AccOverheadExperiment.Point p : points) {
                if (p.acc() == acc) {
                    Stat s = p.stat("throughputKbps");
                    x.add((double) p.delayMs());
                    y.add(s.mean());
                    e.add(s.sd());
                    label = p.label();
                }
            }
            addSeries(chart, label, x, y, e);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYChart chart(String title, String xLabel, String yLabel) {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setMarkerSize(7);
        return chart;
    }

    private static void addSeries(XYChart chart, String label, List<Double> x, List<Double> y, List<Double> e) {
        if (x.isEmpty()) {
            return;
        }
        XYSeries series = chart.addSeries(label, x, y, e);
        series.setMarker(SeriesMarkers.CIRCLE);
    }
}
