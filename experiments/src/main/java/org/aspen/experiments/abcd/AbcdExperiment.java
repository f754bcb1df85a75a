package org.aspen.experiments.abcd;

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
import org.aspen.experiments.acc.AccFigure4;
import org.aspen.experiments.sweep.ParallelRuns;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * {@code aspen experiment abcd}: the ACC-ABCD paper's Table 1 (drops, per-flow and total throughput
 * for Reno, ACC and ACC-ABCD) for each R1-R2 delay, averaged over seeds ({@link AbcdTable1}).
 *
 * <pre>{@code
 * aspen experiment abcd --seeds 30 --out results/abcd       # the paper's 30 seeds (long); default 3
 * }</pre>
 *
 * Writes {@code runs.csv} (one row per run, with each flow's throughput), {@code table1.csv} (per
 * config and delay: mean and 95% CI of drops, total throughput and each flow's throughput, flows
 * ranked by throughput within each run), {@code summary.json} and two PNG bar charts.
 */
public final class AbcdExperiment {
    public static final List<Integer> DELAYS = List.of(100, 200, 300);
    public static final int DEFAULT_SEEDS = 3;

    private final int seeds;
    private final double seconds;
    private final List<Integer> delays;
    private final List<AbcdTable1.Config> configs;
    private final int threads;
    private final int buffer;
    private final Path out;

    public AbcdExperiment(int seeds, double seconds, List<Integer> delays, List<AbcdTable1.Config> configs, int threads,
                   int buffer, Path out) {
        this.seeds = seeds;
        this.seconds = seconds;
        this.delays = delays;
        this.configs = configs;
        this.threads = threads;
        this.buffer = buffer;
        this.out = out;
    }

    public static AbcdTable1.Config config(String id) {
        for (AbcdTable1.Config c : AbcdTable1.Config.values()) {
            if (c.id().equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown config '" + id + "' (known: reno, acc, abcd)");
    }

    /** Runs the sweep, writes the files, prints the table (or the JSON summary). */
    public int run(PrintWriter o, boolean json) throws Exception {
        Files.createDirectories(out);
        long wall0 = System.nanoTime();
        List<AbcdTable1.Run> runs = sweep();
        double wall = (System.nanoTime() - wall0) / 1e9;
        writeRuns(runs);
        Map<String, Object> summary = summarise(runs, wall);
        writePlots(summary);
        mapper().writeValue(out.resolve("summary.json").toFile(), summary);
        if (json) {
            o.println(mapper().writeValueAsString(summary));
        } else {
            printTable(o, summary, wall);
        }
        o.flush();
        return 0; // the command's exit code: success
    }

    private List<AbcdTable1.Run> sweep() throws Exception {
        AbcdTable1.Setup setup = new AbcdTable1.Setup(seconds, buffer, org.aspen.acc.abcd.AbcdConfig.DEFAULT);
        // largest delays first: the slowest runs start early, so the threads finish together
        List<java.util.concurrent.Callable<AbcdTable1.Run>> tasks = new ArrayList<>();
        for (int d : delays.stream().sorted(Comparator.reverseOrder()).toList()) {
            for (AbcdTable1.Config c : configs) {
                for (long seed = 1; seed <= seeds; seed++) {
                    long s = seed;
                    tasks.add(() -> AbcdTable1.run(c, d, s, setup));
                }
            }
        }
        List<AbcdTable1.Run> runs = new ArrayList<>(ParallelRuns.run("abcd", threads, tasks));
        runs.sort(Comparator.comparing(AbcdTable1.Run::config).thenComparing(AbcdTable1.Run::delayMs)
                .thenComparing(AbcdTable1.Run::seed));
        return runs;
    }

    private void writeRuns(List<AbcdTable1.Run> runs) throws IOException {
        try (Writer w = Files.newBufferedWriter(out.resolve("runs.csv"))) {
            StringBuilder h = new StringBuilder("config,delay_ms,seed,drops,total_kbps,mean_segment_bytes,advices,resumes,notifications");
            for (int i = 1; i <= AbcdTable1.FLOWS; i++) {
                h.append(",flow").append(i).append("_kbps");
            }
            w.write(h.append(",wall_s\n").toString());
            for (AbcdTable1.Run r : runs) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%s,%d,%d,%d,%.3f,%.1f,%d,%d,%d", r.config().id(),
                        r.delayMs(), r.seed(), r.drops(), r.totalKbps(), r.meanSegment(), r.advices(), r.resumes(), r.notifications()));
                for (double k : r.flowKbps()) {
                    row.append(String.format(Locale.ROOT, ",%.3f", k));
                }
                w.write(row.append(String.format(Locale.ROOT, ",%.2f%n", r.wallSeconds())).toString());
            }
        }
    }

    /** Per config and delay: statistics over seeds; flows are ranked by throughput in each run before averaging. */
    private Map<String, Object> summarise(List<AbcdTable1.Run> runs, double wall) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "abcd");
        m.put("seeds", seeds);
        m.put("durationSeconds", seconds);
        m.put("delaysMs", delays);
        m.put("bufferBytes", buffer * 1000);
        m.put("abcd", org.aspen.acc.abcd.AbcdConfig.DEFAULT.toParams());
        m.put("wallSeconds", Math.round(wall * 10) / 10.0);
        List<Map<String, Object>> points = new ArrayList<>();
        try (Writer w = Files.newBufferedWriter(out.resolve("table1.csv"))) {
            w.write("config,delay_ms,metric,n,mean,sd,ci95\n");
            for (AbcdTable1.Config c : configs) {
                for (int d : delays) {
                    List<AbcdTable1.Run> rs = runs.stream().filter(r -> r.config() == c && r.delayMs() == d).toList();
                    Map<String, AccFigure4.Stat> stats = new LinkedHashMap<>();
                    stats.put("drops", stat(rs, r -> (double) r.drops()));
                    stats.put("totalKbps", stat(rs, AbcdTable1.Run::totalKbps));
                    stats.put("meanSegmentBytes", stat(rs, AbcdTable1.Run::meanSegment));
                    stats.put("advices", stat(rs, r -> (double) r.advices()));
                    stats.put("notifications", stat(rs, r -> (double) r.notifications()));
                    for (int k = 0; k < AbcdTable1.FLOWS; k++) {
                        int rank = k;
                        stats.put("flowRank" + (k + 1) + "Kbps", stat(rs, r -> ranked(r)[rank]));
                    }
                    Map<String, Object> p = new LinkedHashMap<>();
                    p.put("config", c.id());
                    p.put("delayMs", d);
                    for (Map.Entry<String, AccFigure4.Stat> e : stats.entrySet()) {
                        AccFigure4.Stat s = e.getValue();
                        p.put(e.getKey(), Map.of("mean", s.mean(), "sd", s.sd(), "ci95", s.ci95(), "n", s.n()));
                        w.write(String.format(Locale.ROOT, "%s,%d,%s,%d,%.4f,%.4f,%.4f%n", c.id(), d, e.getKey(), s.n(), s.mean(),
                                s.sd(), s.ci95()));
                    }
                    points.add(p);
                }
            }
        }
        m.put("points", points);
        return m;
    }

    private static double[] ranked(AbcdTable1.Run r) {
        double[] k = r.flowKbps().clone();
        java.util.Arrays.sort(k);
        double[] desc = new double[k.length];
        for (int i = 0; i < k.length; i++) {
            desc[i] = k[k.length - 1 - i];
        }
        return desc;
    }

    private static AccFigure4.Stat stat(List<AbcdTable1.Run> rs, java.util.function.ToDoubleFunction<AbcdTable1.Run> f) {
        return AccFigure4.Stat.of(rs.stream().mapToDouble(f).toArray());
    }

    @SuppressWarnings("unchecked")
    private static double mean(Map<String, Object> point, String metric) {
        return ((Number) ((Map<String, Object>) point.get(metric)).get("mean")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private void writePlots(Map<String, Object> summary) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Map<String, Object>> points = (List<Map<String, Object>>) summary.get("points");
        String[][] charts = {{"drops", "Packets dropped at the bottleneck", "drops per run", "abcd-drops.png"},
                {"totalKbps", "Total throughput of the 10 bulk flows", "kb/s", "abcd-throughput.png"}};
        for (String[] ch : charts) {
            CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title(ch[1] + " (mean of " + seeds + " seeds, "
                    + Math.round(seconds) + " s)").xAxisTitle("R1-R2 delay (ms)").yAxisTitle(ch[2]).build();
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
            for (AbcdTable1.Config c : configs) {
                List<String> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (Map<String, Object> p : points) {
                    if (p.get("config").equals(c.id())) {
                        x.add(String.valueOf(p.get("delayMs")));
                        y.add(mean(p, ch[0]));
                    }
                }
                chart.addSeries(c.label, x, y);
            }
            BitmapEncoder.saveBitmap(chart, out.resolve(ch[3]).toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }

    @SuppressWarnings("unchecked")
    private void printTable(PrintWriter o, Map<String, Object> summary, double wall) {
        List<Map<String, Object>> points = (List<Map<String, Object>>) summary.get("points");
        o.printf(Locale.ROOT, "abcd: %d configs x %d delays x %d seeds, %.0f s each, in %.1f s; files in %s%n", configs.size(),
                delays.size(), seeds, seconds, wall, out);
        for (int d : delays) {
            o.printf(Locale.ROOT, "R1-R2 delay %d ms%n%-28s", d, "");
            for (AbcdTable1.Config c : configs) {
                o.printf(Locale.ROOT, "%14s", c.label);
            }
            o.println();
            List<String> rows = new ArrayList<>(List.of("drops", "totalKbps", "meanSegmentBytes"));
            for (int k = 1; k <= AbcdTable1.FLOWS; k++) {
                rows.add("flowRank" + k + "Kbps");
            }
            for (String metric : rows) {
                o.printf(Locale.ROOT, "%-28s", metric);
                for (AbcdTable1.Config c : configs) {
                    Map<String, Object> p = points.stream().filter(q -> q.get("config").equals(c.id()) && q.get("delayMs").equals(d))
                            .findFirst().orElseThrow();
                    o.printf(Locale.ROOT, "%14.1f", mean(p, metric));
                }
                o.println();
            }
        }
    }

    private static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }
}
