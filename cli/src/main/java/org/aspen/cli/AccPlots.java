package org.aspen.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG plots of the ACC sweep (XChart, headless): one metric against the bulk flows' base RTT, one
 * line per configuration, error bars = 95% confidence interval over the seeds.
 *
 * <pre>{@code
 * AccPlots.write(points, List.of(Config.RED, Config.ACC), "goodputKbps", "Figure 4: ...", "kb/s", dir.resolve("figure4.png"));
 * }</pre>
 */
final class AccPlots {
    private AccPlots() {
    }

    static void write(List<AccFigure4.Point> points, List<AccFigure4.Config> configs, String metric, String title,
                      String yLabel, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
                .xAxisTitle("base round-trip time of the bulk flows (ms)").yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setMarkerSize(7);
        for (AccFigure4.Config c : configs) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> e = new ArrayList<>();
            for (AccFigure4.Point p : points) {
                if (p.config() == c) {
                    AccFigure4.Stat s = p.stats().get(metric);
                    x.add(p.rttMs());
                    y.add(s.mean());
                    e.add(s.ci95());
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            XYSeries series = chart.addSeries(c.label, x, y, e);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
