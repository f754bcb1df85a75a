package org.aspen.bench.soak;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import org.aspen.vnet.config.Units;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Writes a soak run's files into a directory: {@code soak.csv} (one row per sample), {@code soak.png}
 * (memory over time) and {@code soak.json} ({@link SoakBench.Result#toJson()}).
 *
 * <pre>{@code
 * List<Path> written = SoakFiles.write(SoakBench.run(options, f -> {}), Path.of("soak-results"));
 * }</pre>
 */
public final class SoakFiles {
    static final String CSV_HEADER = "seconds,heap_used_bytes,heap_after_gc_bytes,non_heap_bytes,rss_bytes,open_connections,"
            + "messages_delivered,aa_starts,connections_opened";

    private SoakFiles() {
    }

    /** Writes the three files (creating {@code dir}) and returns them: CSV, PNG, JSON. */
    public static List<Path> write(SoakBench.Result r, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path csv = dir.resolve("soak.csv");
        Path png = dir.resolve("soak.png");
        Path json = dir.resolve("soak.json");
        SoakBench.Options o = r.options();
        writeCsv(r.samples(), csv);
        plot(r.samples(), png, "Soak: " + o.connections() + " RDP connections, " + o.churnPerSecond()
                + " replaced/s, AAs starting and stopping (" + Units.formatNanos(o.durationNanos()) + ")");
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(json.toFile(), r.toJson());
        return List.of(csv, png, json);
    }

    static void writeCsv(List<SoakBench.Sample> samples, Path file) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println(CSV_HEADER);
            for (SoakBench.Sample s : samples) {
                w.printf(Locale.ROOT, "%.1f,%d,%d,%d,%d,%d,%d,%d,%d%n", s.seconds(), s.heapUsed(), s.heapAfterGc(),
                        s.nonHeapUsed(), s.rss(), s.openConnections(), s.messagesDelivered(), s.aaStarts(), s.connectionsOpened());
            }
        }
    }

    static void plot(List<SoakBench.Sample> samples, Path file, String title) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(1000).height(560).title(title)
                .xAxisTitle("time (s)").yAxisTitle("memory (MiB)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setYAxisMin(0.0);
        List<Double> x = samples.stream().map(SoakBench.Sample::seconds).toList();
        series(chart, "RSS", x, samples, SoakBench.Sample::rss);
        series(chart, "heap in use", x, samples, SoakBench.Sample::heapUsed);
        series(chart, "heap after GC", x, samples, SoakBench.Sample::heapAfterGc);
        series(chart, "non-heap (metaspace, code)", x, samples, SoakBench.Sample::nonHeapUsed);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static void series(XYChart chart, String name, List<Double> x, List<SoakBench.Sample> samples,
                               ToLongFunction<SoakBench.Sample> f) {
        List<Double> y = samples.stream().map(s -> f.applyAsLong(s) / 1048576.0).toList();
        chart.addSeries(name, x, y).setMarker(SeriesMarkers.NONE);
    }
}
