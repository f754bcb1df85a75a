package org.aspen.experiments.aecn;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.aecn.AecnExperiment.Result;
import org.aspen.experiments.aecn.AecnRun.Sample;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The AntiECN paper's Figures 3-10 from a sweep's runs (XChart, headless): cwnd and utilisation
 * over time, one line per run (or per flow in Experiment 3).
 *
 * <pre>{@code
 * AecnPlots.writeAll(results, params, Path.of("aecn"));    // figure3-cwnd-40ms.png ... figure10-cwnd-3-reno.png
 * }</pre>
 */
final class AecnPlots {
    private AecnPlots() {
    }

    static void writeAll(List<Result> results, AecnExperiment.Params plan, Path out) throws IOException {
        String scaled = String.format(Locale.ROOT, " (C = %.0f Mb/s, scale %.3g)", plan.bandwidth() / 1e6, plan.scale());
        int fig = 3;
        for (int rtt : AecnExperiment.RTTS) {
            List<Result> exp1 = pick(results, "exp1", rtt);
            chart(exp1, s -> s.cwnd()[0], "Figure " + fig + ": cwnd with and without AECN, RTT " + rtt + " ms" + scaled,
                    "congestion window (packets)", out.resolve("figure" + fig + "-cwnd-" + rtt + "ms.png"));
            chart(exp1, Sample::utilisation, "Figure " + (fig + 1) + ": link utilisation, RTT " + rtt + " ms" + scaled,
                    "utilisation", out.resolve("figure" + (fig + 1) + "-utilisation-" + rtt + "ms.png"));
            fig += 2;
        }
        chart(pick(results, "exp2", 40), s -> s.cwnd()[0], "Figure 7: cwnd for virtual buffer sizes (full-size packets), eta 50%, RTT 40 ms"
                + scaled, "congestion window (packets)", out.resolve("figure7-cwnd-virtual-buffers.png"));
        List<Result> exp3 = pick(results, "exp3", 40);
        chart(exp3, Sample::utilisation, "Figure 8: utilisation, three flows, with and without AECN" + scaled, "utilisation",
                out.resolve("figure8-utilisation-3-flows.png"));
        for (Result r : exp3) {
            boolean aecn = r.what().setup().aecn();
            XYChart c = base((aecn ? "Figure 9: cwnd of three AECN flows (eta 50%)" : "Figure 10: cwnd of three Reno flows") + scaled,
                    "congestion window (packets)");
            for (int f = 0; f < r.what().setup().flows(); f++) {
                int k = f;
                add(c, "flow " + (f + 1), r.run().samples(), s -> s.cwnd()[k]);
            }
            BitmapEncoder.saveBitmap(c, out.resolve(aecn ? "figure9-cwnd-3-aecn.png" : "figure10-cwnd-3-reno.png").toString(),
                    BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static List<Result> pick(List<Result> results, String part, int rtt) {
        return results.stream().filter(r -> r.what().part().equals(part) && r.what().setup().rttMs() == rtt).toList();
    }

    private static void chart(List<Result> runs, ToDoubleFunction<Sample> y, String title, String yLabel, Path file)
            throws IOException {
        if (runs.isEmpty()) {
            return;
        }
        XYChart c = base(title, yLabel);
        for (Result r : runs) {
            add(c, r.what().label(), r.run().samples(), y);
        }
        BitmapEncoder.saveBitmap(c, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYChart base(String title, String yLabel) {
        System.setProperty("java.awt.headless", "true");
        XYChart c = new XYChartBuilder().width(900).height(520).title(title).xAxisTitle("time (s)").yAxisTitle(yLabel).build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        c.getStyler().setYAxisMin(0.0);
        return c;
    }

    private static void add(XYChart c, String name, List<Sample> samples, ToDoubleFunction<Sample> y) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Sample s : samples) {
            xs.add(s.seconds());
            ys.add(y.applyAsDouble(s));
        }
        c.addSeries(name, xs, ys).setMarker(SeriesMarkers.NONE);
    }
}
