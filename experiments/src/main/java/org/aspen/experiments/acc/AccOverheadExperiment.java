package org.aspen.experiments.acc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.lab.report.ProgressBar;

/**
 * {@code aspen experiment acc-overhead}: runs {@link AccOverhead} for every delay, ACC off and on,
 * {@code runs} times each, one run after the other (real UDP: runs in parallel would compete for
 * the CPU and disturb each other's timing), and writes the files.
 *
 * <pre>{@code
 * new AccOverheadExperiment(List.of(0, 25, 50, 100), 3, AccOverhead.Setup.defaults(10), out).run(printWriter, false);
 * }</pre>
 *
 * ACC off and on alternate within each repetition, so slow drifts in the machine's load fall on
 * both alike. Files: {@code runs.csv}, {@code summary.csv} (mean, sd, 95% CI per ACC setting,
 * delay and metric), {@code summary.json} (with the on/off throughput ratio per delay and whether
 * every ACC-on run really set filters) and {@code figure9-throughput.png}.
 */
public final class AccOverheadExperiment {
    private final List<Integer> delays;
    private final int runs;
    private final AccOverhead.Setup setup;
    private final Path out;
    private static final int ATTEMPTS = 3;
    private int repeated;

    public AccOverheadExperiment(List<Integer> delays, int runs, AccOverhead.Setup setup, Path out) {
        this.delays = delays;
        this.runs = runs;
        this.setup = setup;
        this.out = out;
    }

    /** Runs the sweep and writes the files; returns the JSON summary (also written to summary.json). */
    public Map<String, Object> run(PrintWriter o, boolean json) throws IOException, InterruptedException {
        Files.createDirectories(out);
        long wall0 = System.nanoTime();
        ProgressBar bar = new ProgressBar("acc-overhead");
        int total = runs * delays.size() * 2;
        List<AccOverhead.Run> rs = new ArrayList<>();
        try {
            for (long seed = 1; seed <= runs; seed++) {
                for (int d : delays) {
                    for (boolean acc : new boolean[]{false, true}) {
                        rs.add(runRetrying(acc, d, seed));
                        bar.update(rs.size() / (double) total, rs.size() + "/" + total + " runs (real UDP, "
                                + Math.round(setup.durationSeconds()) + " s each)");
                    }
                }
            }
        } finally {
            bar.done();
        }
        double wall = (System.nanoTime() - wall0) / 1e9;
        rs.sort(Comparator.comparing(AccOverhead.Run::acc).thenComparing(AccOverhead.Run::delayMs)
                .thenComparing(AccOverhead.Run::seed));
        List<AccOverhead.Point> points = AccOverhead.aggregate(rs, delays);
        writeRuns(rs, out.resolve("runs.csv"));
        writeSummary(points, out.resolve("summary.csv"));
        AccPlots.writeOverhead(points, "Figure 9: ACC overhead over real UDP on loopback (" + setup.bottleneck().replace("Mbps", " Mb/s")
                + " bottleneck, " + setup.buffer() + "-packet drop-tail buffer)", out.resolve("figure9-throughput.png"));
        Map<String, Object> summary = summary(rs, points, wall);
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(out.resolve("summary.json"), mapper.writeValueAsString(summary));
        if (json) {
            o.println(mapper.writeValueAsString(summary));
        } else {
            printTable(o, points, rs, wall);
        }
        o.flush();
        return summary;
    }

    /**
     * One run; a run whose flakeway or ACC AA the EE stopped (a handler over its wall-clock budget on a
     * loaded machine) measured something else, so it is repeated, at most {@link #ATTEMPTS} times in all.
     */
    private AccOverhead.Run runRetrying(boolean acc, int delayMs, long seed) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return AccOverhead.run(acc, delayMs, seed, setup);
            } catch (IllegalStateException | IllegalArgumentException e) {
                repeated++;
                if (attempt == ATTEMPTS) {
                    throw new IllegalStateException("acc-overhead run (ACC " + (acc ? "on" : "off") + ", " + delayMs
                            + " ms, seed " + seed + ") failed " + ATTEMPTS + " times; last: " + e.getMessage(), e);
                }
            }
        }
    }

    private static void writeRuns(List<AccOverhead.Run> rs, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("acc,delay_ms,seed,throughput_kbps,flow1_kbps,flow2_kbps,retransmissions,timeouts,notifications,"
                    + "filter_requests,filters_started,packets_filtered,bottleneck_drops,wall_s\n");
            for (AccOverhead.Run r : rs) {
                w.write(String.format(Locale.ROOT, "%s,%d,%d,%.1f,%.1f,%.1f,%d,%d,%d,%d,%d,%d,%d,%.2f%n", r.acc() ? "on" : "off",
                        r.delayMs(), r.seed(), r.throughputKbps(), r.flow1Kbps(), r.flow2Kbps(), r.retransmissions(), r.timeouts(),
                        r.notifications(), r.filterRequests(), r.filtersStarted(), r.packetsFiltered(), r.bottleneckDrops(),
                        r.wallSeconds()));
            }
        }
    }

    private static void writeSummary(List<AccOverhead.Point> points, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("acc,delay_ms,metric,n,mean,sd,ci95\n");
            for (AccOverhead.Point p : points) {
                for (Map.Entry<String, AccFigure4.Stat> e : p.stats().entrySet()) {
                    AccFigure4.Stat s = e.getValue();
                    w.write(String.format(Locale.ROOT, "%s,%d,%s,%d,%.3f,%.3f,%.3f%n", p.acc() ? "on" : "off", p.delayMs(),
                            e.getKey(), s.n(), s.mean(), s.sd(), s.ci95()));
                }
            }
        }
    }

    private Map<String, Object> summary(List<AccOverhead.Run> rs, List<AccOverhead.Point> points, double wall) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "acc-overhead");
        m.put("runtime", "real UDP on loopback");
        m.put("runsPerPoint", runs);
        m.put("durationSeconds", setup.durationSeconds());
        m.put("delaysMs", delays);
        m.put("bottleneck", setup.bottleneck());
        m.put("bufferPackets", setup.buffer());
        m.put("wallSeconds", Math.round(wall * 10) / 10.0);
        List<AccOverhead.Run> on = rs.stream().filter(AccOverhead.Run::acc).toList();
        m.put("accRunsWithFiltersSet", on.stream().filter(r -> r.filtersStarted() > 0).count());
        m.put("accRunsWithPacketsFiltered", on.stream().filter(r -> r.packetsFiltered() > 0).count());
        m.put("accRuns", on.size());
        m.put("runsRepeated", repeated);
        Map<String, Double> ratio = new LinkedHashMap<>();
        Map<String, List<Double>> ci = new LinkedHashMap<>();
        for (int d : delays) {
            double[] r = AccOverhead.ratioWithCi95(points, d);
            ratio.put(String.valueOf(d), r[0]);
            ci.put(String.valueOf(d), AccFigure4.Stat.json(r[1], r[2]));
        }
        m.put("accOnOverOffThroughputByDelayMs", ratio);
        m.put("accOnOverOffThroughputCi95ByDelayMs", ci);
        List<Map<String, Object>> ps = new ArrayList<>();
        for (AccOverhead.Point p : points) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("acc", p.acc());
            row.put("delayMs", p.delayMs());
            p.stats().forEach((k, s) -> row.put(k, Map.of("mean", s.mean(), "sd", s.sd(), "ci95", s.ci95(), "n", s.n())));
            ps.add(row);
        }
        m.put("points", ps);
        return m;
    }

    private void printTable(PrintWriter o, List<AccOverhead.Point> points, List<AccOverhead.Run> rs, double wall) {
        long on = rs.stream().filter(AccOverhead.Run::acc).count();
        long withFilters = rs.stream().filter(r -> r.acc() && r.filtersStarted() > 0).count();
        o.printf(Locale.ROOT, "acc-overhead: %d delays x ACC off/on x %d runs of %.0f s (real UDP) in %.1f s; files in %s%n",
                delays.size(), runs, setup.durationSeconds(), wall, out);
        o.printf(Locale.ROOT, "ACC-on runs that set filters: %d of %d; runs repeated because the EE stopped an AA: %d%n",
                withFilters, on, repeated);
        o.printf(Locale.ROOT, "%-8s %7s %22s %9s %9s %9s %13s%n", "ACC", "delay", "throughput kb/s (sd)", "filters", "filtered",
                "on/off", "95% CI");
        for (AccOverhead.Point p : points) {
            AccFigure4.Stat t = p.stats().get("throughputKbps");
            double[] r = AccOverhead.ratioWithCi95(points, p.delayMs());
            o.printf(Locale.ROOT, "%-8s %5dms %12.1f (%6.1f) %9.1f %9.1f %9s %13s%n", p.acc() ? "on" : "off", p.delayMs(), t.mean(), t.sd(),
                    p.stats().get("filtersStarted").mean(), p.stats().get("packetsFiltered").mean(),
                    p.acc() ? String.format(Locale.ROOT, "%.3f", r[0]) : "",
                    p.acc() && !Double.isNaN(r[1]) ? String.format(Locale.ROOT, "%.2f-%.2f", r[1], r[2]) : "");
        }
    }
}
