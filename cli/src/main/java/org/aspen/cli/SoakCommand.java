package org.aspen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToLongFunction;
import org.aspen.bench.soak.SoakBench;
import org.aspen.lab.report.ProgressBar;
import org.aspen.lab.scenario.Values;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code aspen bench soak}: memory over time under a long steady load (see {@link SoakBench}). Writes
 * {@code soak.csv}, {@code soak.png} and {@code soak.json} to {@code --out}; not run by CI.
 */
@Command(name = "soak", mixinStandardHelpOptions = true,
        description = {"Minutes of 1,000 RDP connections (with churn) and AAs starting and stopping on loopback UDP;",
                "reports heap (after GC), non-heap and RSS over time, end against warm-up, and writes CSV, PNG and JSON."})
final class SoakCommand implements Callable<Integer> {
    @Option(names = "--duration", defaultValue = "5m", paramLabel = "D", description = "How long (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--connections", defaultValue = "1000", description = "RDP connections kept open (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--churn", defaultValue = "10", description = "Connections closed and replaced per second (default: ${DEFAULT-VALUE}).")
    int churn;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for message timing and churn (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", defaultValue = "soak-results", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--json", description = "Print the summary as JSON.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        long d;
        try {
            d = Values.durationNanos(duration);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--duration: " + e.getMessage());
        }
        ProgressBar bar = new ProgressBar("soak, " + connections + " connections");
        SoakBench.Result r = SoakBench.run(new SoakBench.Options(connections, d, churn, seed),
                f -> bar.update(f, Values.formatDuration((long) (f * d)) + " / " + Values.formatDuration(d)));
        bar.done();
        Files.createDirectories(out);
        writeCsv(r.samples(), out.resolve("soak.csv"));
        plot(r.samples(), out.resolve("soak.png"), "Soak: " + connections + " RDP connections, " + churn
                + " replaced/s, AAs starting and stopping (" + Values.formatDuration(d) + ")");
        new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValue(out.resolve("soak.json").toFile(), r.toJson());
        var pw = spec.commandLine().getOut();
        if (json) {
            BenchCommand.printJson(spec.commandLine(), r.toJson());
        } else {
            pw.print(r.summary());
            pw.println("written: " + out.resolve("soak.csv") + ", " + out.resolve("soak.png") + ", " + out.resolve("soak.json"));
            pw.flush();
        }
        return Aspen.OK;
    }

    static void writeCsv(List<SoakBench.Sample> samples, Path file) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("seconds,heap_used_bytes,heap_after_gc_bytes,non_heap_bytes,rss_bytes,open_connections,messages_delivered,aa_starts,connections_opened");
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
