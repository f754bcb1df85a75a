package org.aspen.lab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG charts from a report: a lab's JSON report ({@code aspen lab FILE --json OUT}) gives cwnd,
 * goodput and queue length over time; a sweep summary (a JSON object with {@code points}, each with
 * {@code rttMs}, e.g. {@code acc-figure4/summary.json}) gives throughput against RTT.
 *
 * <pre>{@code
 * List<Path> pngs = ReportPlots.write(Path.of("report.json"), Path.of("plots"));
 * }</pre>
 *
 * A file that is not such a report is an {@link IllegalArgumentException} with a one-line message
 * naming the file and what is wrong.
 */
public final class ReportPlots {
    public static final int WIDTH = 900;
    public static final int HEIGHT = 560;
    /** Queue plots show at most this many link ends (the busiest), so the legend stays readable. */
    static final int MAX_LINKS = 8;
    /** Goodput is drawn as a moving mean over this long. */
    static final double SMOOTH_SECONDS = 0.5;

    private ReportPlots() {
    }

    public static List<Path> write(Path report, Path dir) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(report));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(report + ": no such file");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(report + ": not valid JSON (line " + e.getLocation().getLineNr() + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse("") + ")");
        }
        return write(root, report.toString(), dir);
    }

    /** Plots a report already parsed; {@code label} names it in error messages. */
    public static List<Path> write(JsonNode root, String label, Path dir) throws IOException {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(label + ": not an Aspen report (expected a JSON object)");
        }
        Files.createDirectories(dir);
        try {
            if (root.has("points")) {
                return List.of(sweep(root, dir));
            }
            if (root.has("timeSeries")) {
                return lab(root, dir);
            }
        } catch (Malformed e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage());
        }
        throw new IllegalArgumentException(label + ": not an Aspen lab report or sweep summary (no 'timeSeries' or 'points';"
                + " lab reports carry time series since aspen 0.1, re-run the lab with --json)");
    }

    private static List<Path> lab(JsonNode root, Path dir) throws IOException {
        String name = text(root, "scenario");
        JsonNode ts = field(root, "timeSeries");
        List<Double> t = numbers(field(ts, "t"), "timeSeries.t");
        List<Path> out = new ArrayList<>();
        JsonNode flows = field(ts, "flows");
        if (flows.size() > 0) {
            XYChart cwnd = chart(name + ": congestion window of each flow", "time (s)", "cwnd (packets)");
            // a cumulative ACK after a recovery acknowledges many packets in one interval: smooth over
            // about half a second so the chart shows the rate, not the ACK bursts
            double interval = t.size() > 1 ? t.get(1) - t.get(0) : 1;
            int k = Math.max(1, (int) Math.round(SMOOTH_SECONDS / interval));
            XYChart goodput = chart(name + ": goodput of each flow", "time (s)",
                    k > 1 ? "goodput (Mb/s, mean over " + SMOOTH_SECONDS + " s)" : "goodput (Mb/s)");
            for (Map.Entry<String, JsonNode> f : fields(flows)) {
                String path = "timeSeries.flows." + f.getKey();
                addLine(cwnd, f.getKey(), t, numbers(field(f.getValue(), "cwndPackets"), path + ".cwndPackets"), 1);
                addLine(goodput, f.getKey(), t, movingMean(numbers(field(f.getValue(), "goodputBps"), path + ".goodputBps"), k), 1e-6);
            }
            out.add(save(cwnd, dir.resolve(name + "-cwnd.png")));
            out.add(save(goodput, dir.resolve(name + "-goodput.png")));
        }
        // the busiest link ends: an idle queue is a flat line at zero that hides the interesting ones
        Map<String, List<Double>> queues = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> l : fields(field(ts, "links"))) {
            queues.put(l.getKey(), numbers(field(l.getValue(), "queuePackets"), "timeSeries.links." + l.getKey() + ".queuePackets"));
        }
        List<String> busy = queues.keySet().stream().filter(k -> peak(queues.get(k)) > 0)
                .sorted(Comparator.comparingDouble((String k) -> -peak(queues.get(k)))).limit(MAX_LINKS).toList();
        if (!busy.isEmpty()) {
            XYChart q = chart(name + ": output queue length (busiest link ends, link@node)", "time (s)", "queue (packets)");
            for (String k : busy) {
                addLine(q, k, t, queues.get(k), 1);
            }
            out.add(save(q, dir.resolve(name + "-queue.png")));
        }
        if (out.isEmpty()) {
            throw new Malformed("nothing to plot: no flows or transfers and every queue stayed empty");
        }
        return out;
    }

    private static Path sweep(JsonNode root, Path dir) throws IOException {
        String name = root.has("experiment") ? text(root, "experiment") : "sweep";
        Map<String, List<double[]>> byConfig = new LinkedHashMap<>();
        JsonNode points = field(root, "points");
        if (!points.isArray() || points.isEmpty()) {
            throw new Malformed("'points' must be a non-empty list");
        }
        for (int i = 0; i < points.size(); i++) {
            JsonNode p = points.get(i);
            String where = "points[" + i + "]";
            double rtt = number(field(p, "rttMs"), where + ".rttMs");
            JsonNode g = p.has("goodputKbps") ? p.get("goodputKbps") : field(p, "goodputBps");
            double scale = p.has("goodputKbps") ? 1e-3 : 1e-6;
            // a sweep over seeds gives {mean, ci95}; a single run gives a number
            double mean = g.isObject() ? number(field(g, "mean"), where + ".goodput.mean") : number(g, where + ".goodput");
            double ci = g.isObject() && g.has("ci95") ? number(g.get("ci95"), where + ".goodput.ci95") : 0;
            String config = p.has("config") ? p.get("config").asText() : "run";
            byConfig.computeIfAbsent(config, k -> new ArrayList<>()).add(new double[] {rtt, mean * scale, ci * scale});
        }
        XYChart chart = chart(name + ": throughput against round-trip time (error bars: 95% CI)",
                "base round-trip time (ms)", "goodput (Mb/s)");
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        for (Map.Entry<String, List<double[]>> e : byConfig.entrySet()) {
            List<double[]> ps = e.getValue().stream().sorted(Comparator.comparingDouble(a -> a[0])).toList();
            XYSeries s = chart.addSeries(e.getKey(), ps.stream().map(a -> a[0]).toList(), ps.stream().map(a -> a[1]).toList(),
                    ps.stream().map(a -> a[2]).toList());
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        return save(chart, dir.resolve(name + "-throughput-vs-rtt.png"));
    }

    private static XYChart chart(String title, String x, String y) {
        System.setProperty("java.awt.headless", "true");
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setXAxisMin(0.0);
        c.getStyler().setXAxisDecimalPattern("0.##");
        c.getStyler().setYAxisDecimalPattern("0.###");
        c.getStyler().setMarkerSize(6);
        return c;
    }

    /** A line of the samples taken (nulls: not sampled yet, left out). */
    private static void addLine(XYChart chart, String name, List<Double> t, List<Double> v, double scale) {
        if (v.size() != t.size()) {
            throw new Malformed("series '" + name + "' has " + v.size() + " samples but 't' has " + t.size());
        }
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            if (v.get(i) != null) {
                x.add(t.get(i));
                y.add(v.get(i) * scale);
            }
        }
        if (x.isEmpty()) {
            return;
        }
        XYSeries s = chart.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.NONE);
    }

    private static Path save(XYChart chart, Path file) throws IOException {
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    /** Mean of the last {@code k} samples taken (nulls: not sampled, left as null). */
    static List<Double> movingMean(List<Double> v, int k) {
        List<Double> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            if (v.get(i) == null) {
                out.add(null);
                continue;
            }
            double sum = 0;
            int n = 0;
            for (int j = Math.max(0, i - k + 1); j <= i; j++) {
                if (v.get(j) != null) {
                    sum += v.get(j);
                    n++;
                }
            }
            out.add(sum / n);
        }
        return out;
    }

    private static double peak(List<Double> v) {
        return v.stream().filter(x -> x != null).mapToDouble(Double::doubleValue).max().orElse(0);
    }

    private static JsonNode field(JsonNode n, String name) {
        JsonNode v = n.get(name);
        if (v == null || v.isNull()) {
            throw new Malformed("missing field '" + name + "'");
        }
        return v;
    }

    private static String text(JsonNode n, String name) {
        JsonNode v = field(n, name);
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new Malformed("'" + name + "' must be a non-empty string");
        }
        // it names the PNG files
        return v.asText().replaceAll("[^A-Za-z0-9_.-]", "-");
    }

    private static List<Map.Entry<String, JsonNode>> fields(JsonNode n) {
        if (!n.isObject()) {
            throw new Malformed("expected an object, found " + n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        n.fields().forEachRemaining(out::add);
        return out;
    }

    private static double number(JsonNode v, String where) {
        if (!v.isNumber()) {
            throw new Malformed("'" + where + "' must be a number, found " + v);
        }
        return v.asDouble();
    }

    private static List<Double> numbers(JsonNode v, String where) {
        if (!v.isArray()) {
            throw new Malformed("'" + where + "' must be a list of numbers");
        }
        List<Double> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            JsonNode x = v.get(i);
            out.add(x.isNull() ? null : number(x, where + "[" + i + "]"));
        }
        return out;
    }

    /** A report whose shape is wrong; turned into one line naming the file. */
    private static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }
}
