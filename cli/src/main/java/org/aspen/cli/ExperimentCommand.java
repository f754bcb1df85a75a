package org.aspen.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.experiments.abcd.AbcdExperiment;
import org.aspen.experiments.abcd.AbcdTable1;
import org.aspen.experiments.acc.AccFigure4.Config;
import org.aspen.experiments.acc.AccFigure4.Point;
import org.aspen.experiments.acc.AccFigure4.Run;
import org.aspen.experiments.acc.AccFigure4;
import org.aspen.experiments.acc.AccOverhead;
import org.aspen.experiments.acc.AccOverheadExperiment;
import org.aspen.experiments.acc.AccPlots;
import org.aspen.experiments.acns.AcnsExperiment;
import org.aspen.experiments.aecn.AecnSweep;
import org.aspen.experiments.sweep.ParallelRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code aspen experiment acc-figure4}: the ACC paper's Figures 4-7 in the simulation.
 *
 * <pre>{@code
 * aspen experiment acc-figure4 --seeds 10 --duration 200s --out results/acc
 * }</pre>
 *
 * Runs the Figure 3 dumbbell ({@link AccFigure4}) for drop-tail, RED, RED+ECN and ACC over RED,
 * for each R1-R2 delay and seed (independent simulations, spread over {@code --threads}), then
 * writes {@code runs.csv} (one row per run), {@code summary.csv} (mean, sd and 95% CI per config
 * and delay), {@code summary.json} and the PNG figures.
 *
 * <p>{@code aspen experiment acc-overhead} is the paper's Figures 8-9 over real UDP on loopback
 * ({@link AccOverhead}, {@link AccOverheadExperiment}): ACC on vs off, runs one after the other.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = {"Runs one of the paper's experiments in the simulation and writes CSV, JSON and PNG plots.",
                "Experiments: acc-figure4 (ACC paper, Figures 4-7: throughput, window closes/s and close magnitude vs RTT),",
                "acc-overhead (ACC paper, Figures 8-9: ACC on vs off over real UDP on loopback, throughput vs delay),",
                "abcd (ACC-ABCD paper, Table 1: drops and per-flow throughput for Reno, ACC, ACC-ABCD; defaults: "
                        + "--seeds 3 --delays 100,200,300 --configs reno,acc,abcd),",
                "acns (ACNS paper, Tables 7-11: three prioritised RDP flows and three constant-rate flows, with and without ACNS),",
                "aecn (AntiECN paper, Experiments 1-3: Table I, cwnd and utilisation over time; docs/results-aecn.md),",
                "purple (PURPLE vs RED and A-RED; its options: aspen experiment purple --usage)."})
public final class ExperimentCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "acc-figure4, acc-overhead, abcd, acns, aecn or purple")
    String experiment;

    @Option(names = "--seeds", description = "Runs per point, seeds 1..N (default: acc-figure4 10, acc-overhead 3).")
    Integer seeds;

    @Option(names = "--duration", description = "Time per run (default: acc-figure4 200s simulated, acc-overhead 10s real).")
    String duration;

    @Option(names = "--delays", split = ",",
            description = "acc-figure4: R1-R2 one-way delays in ms (default 10,50,100,200,300); "
                    + "acc-overhead: flakeway delay at the converging node in ms (default 0,25,50,100).")
    List<Integer> delays;

    @Option(names = "--configs", split = ",", defaultValue = "droptail,red,red-ecn,acc",
            description = "Systems compared (default: ${DEFAULT-VALUE}).")
    List<String> configs;

    @Option(names = "--bottleneck", description = "Rate of the bottleneck (default: acc-figure4 " + AccFigure4.BOTTLENECK
            + ", acc-overhead " + AccOverhead.BOTTLENECK + ").")
    String bottleneck;

    @Option(names = "--buffer", description = "Bottleneck buffer in packets (default: acc-figure4 " + AccFigure4.BUFFER
            + ", acc-overhead " + AccOverhead.BUFFER + ").")
    Integer buffer;

    @Option(names = "--long-link", defaultValue = "upstream", paramLabel = "PLACEMENT",
            description = "acc-figure4: where the swept long link is on the bulk path: upstream (senders' router r0 => "
                    + "filter router r1, 10 ms from the congested r2), between (r1 => r2) or downstream "
                    + "(r3 => r4, past the bottleneck); default: ${DEFAULT-VALUE}.")
    String longLink;

    @Option(names = "--threads", defaultValue = "2", description = "Simulations run in parallel (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--out", description = "Output directory (default: the experiment's name).")
    Path out;

    @Option(names = "--scale", defaultValue = "0.1",
            description = "aecn: bandwidth, buffers and run length as a share of the paper's 1 Gb/s set-up (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--paper-duration", defaultValue = "200s",
            description = "aecn: run length at full size; simulated as this x --scale (default: ${DEFAULT-VALUE}).")
    String paperDuration;

    @Option(names = "--json", description = "Print the summary as JSON on standard output.")
    boolean json;

    @Option(names = "--print-scenario", paramLabel = "CONFIG:DELAY",
            description = "Print one run's scenario as YAML and run nothing: acc-figure4 CONFIG:DELAY (e.g. acc:300, for 'aspen lab --sim'), "
                    + "acc-overhead on|off:DELAY (e.g. on:50, for 'aspen lab').")
    String printScenario;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Options of other experiments (purple), parsed again by their own command. */
    @CommandLine.Unmatched
    List<String> otherOptions = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        boolean overhead = "acc-overhead".equals(experiment);
        // defaults that depend on the experiment (the ACC ones; the others read only what was given)
        seeds = seeds != null ? seeds : (overhead ? 3 : 10);
        duration = duration != null ? duration : (overhead ? "10s" : "200s");
        delays = delays != null ? delays : (overhead ? List.of(0, 25, 50, 100) : List.of(10, 50, 100, 200, 300));
        bottleneck = bottleneck != null ? bottleneck : (overhead ? AccOverhead.BOTTLENECK : AccFigure4.BOTTLENECK);
        buffer = buffer != null ? buffer : (overhead ? AccOverhead.BUFFER : AccFigure4.BUFFER);
        out = out != null ? out : Path.of(experiment);
        if ("aecn".equals(experiment)) {
            return antiEcn();
        }
        if ("abcd".equals(experiment)) {
            return abcd();
        }
        if ("acns".equals(experiment)) {
            return acns();
        }
        if ("purple".equals(experiment)) {
            List<String> args = spec.commandLine().getParseResult().originalArgs();
            return new CommandLine(new PurpleCommand()).setOut(spec.commandLine().getOut()).setErr(spec.commandLine().getErr())
                    .execute(args.subList(args.indexOf("purple") + 1, args.size()).toArray(String[]::new));
        }
        if (!otherOptions.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown option(s) " + otherOptions);
        }
        if (!overhead && !"acc-figure4".equals(experiment)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "unknown experiment '" + experiment + "' (known: acc-figure4, acc-overhead, abcd, acns, aecn, purple)");
        }
        double seconds = org.aspen.lab.scenario.Values.durationNanos(duration) / 1e9;
        if (seeds < 1 || seconds <= 2 || delays.isEmpty() || threads < 1 || delays.stream().anyMatch(d -> d < 0) || buffer < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--seeds must be at least 1, --duration more than 2s, --threads and --buffer at least 1, --delays non-negative");
        }
        if (overhead) {
            return overhead(seconds);
        }
        AccFigure4.Setup setup = new AccFigure4.Setup(seconds, bottleneck, buffer, placement(longLink));
        List<Config> cs = new ArrayList<>();
        for (String c : configs) {
            cs.add(config(c));
        }
        if (printScenario != null) {
            String[] cd = printScenario.split(":");
            if (cd.length != 2 || !cd[1].matches("\\d+")) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--print-scenario takes CONFIG:DELAY_MS, e.g. acc:300");
            }
            spec.commandLine().getOut().print(AccFigure4.scenarioYaml(config(cd[0]), Integer.parseInt(cd[1]), setup));
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
        Files.createDirectories(out);
        long wall0 = System.nanoTime();
        List<Run> runs = sweep(cs, setup);
        double wall = (System.nanoTime() - wall0) / 1e9;
        List<Point> points = AccFigure4.aggregate(runs, cs, delays);
        writeRuns(runs, out.resolve("runs.csv"));
        writeSummary(points, out.resolve("summary.csv"));
        writePlots(points, cs, setup);
        Map<String, Object> summary = summaryJson(points, cs, setup, wall);
        Files.writeString(out.resolve("summary.json"), mapper().writeValueAsString(summary));
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(mapper().writeValueAsString(summary));
        } else {
            printTable(o, points, cs, wall);
        }
        o.flush();
        return Aspen.OK;
    }

    /** ACNS: its own defaults unless given (1 seed, 118 s, 3 Mb/s, 100 packets, --configs reno,acns). */
    private Integer acns() throws Exception {
        CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        double seconds = pr.hasMatchedOption("--duration") ? org.aspen.lab.scenario.Values.durationNanos(duration) / 1e9 : 118;
        AcnsExperiment.Setup setup = new AcnsExperiment.Setup(seconds,
                pr.hasMatchedOption("--bottleneck") ? bottleneck : AcnsExperiment.BOTTLENECK,
                pr.hasMatchedOption("--buffer") ? buffer : AcnsExperiment.BUFFER);
        String[] cs = pr.hasMatchedOption("--configs") ? configs.toArray(String[]::new) : AcnsExperiment.CONFIGS;
        for (String c : cs) {
            if (!List.of(AcnsExperiment.CONFIGS).contains(c)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown config '" + c + "' (known: reno, acns)");
            }
        }
        if (printScenario != null) {
            if (!List.of(AcnsExperiment.CONFIGS).contains(printScenario)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--print-scenario takes reno or acns for acns");
            }
            spec.commandLine().getOut().print(AcnsExperiment.scenarioYaml(printScenario, setup));
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
        int n = pr.hasMatchedOption("--seeds") ? seeds : 1;
        Path dir = pr.hasMatchedOption("--out") ? out : Path.of("acns");
        return AcnsExperiment.execute(cs, n, setup, threads, dir, json, spec.commandLine().getOut());
    }

    private int antiEcn() throws Exception {
        double paperSeconds = org.aspen.lab.scenario.Values.durationNanos(paperDuration) / 1e9;
        if (!(scale > 0 && scale <= 1) || paperSeconds <= 0 || threads < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--scale must be in (0, 1], --paper-duration positive, --threads at least 1");
        }
        AecnSweep.Plan plan = AecnSweep.Plan.of(scale, paperSeconds);
        long wall0 = System.nanoTime();
        List<AecnSweep.Result> results = AecnSweep.sweep(plan.runs(), threads);
        double wall = (System.nanoTime() - wall0) / 1e9;
        Map<String, Object> summary = AecnSweep.write(plan, results, out, wall);
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(mapper().writeValueAsString(summary));
        } else {
            AecnSweep.printTable(o, plan, results, out, wall);
        }
        o.flush();
        return Aspen.OK;
    }

    private int overhead(double seconds) throws Exception {
        AccOverhead.Setup setup = new AccOverhead.Setup(seconds, bottleneck, buffer);
        if (printScenario != null) {
            String[] ad = printScenario.split(":");
            if (ad.length != 2 || !ad[0].matches("on|off") || !ad[1].matches("\\d+")) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--print-scenario takes on|off:DELAY_MS for acc-overhead, e.g. on:50");
            }
            spec.commandLine().getOut().print(AccOverhead.scenarioYaml(ad[0].equals("on"), Integer.parseInt(ad[1]), setup));
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
        new AccOverheadExperiment(delays, seeds, setup, out).run(spec.commandLine().getOut(), json);
        return Aspen.OK;
    }

    private Config config(String id) {
        return Arrays.stream(Config.values()).filter(k -> k.id().equals(id)).findFirst().orElseThrow(() ->
                new CommandLine.ParameterException(spec.commandLine(), "unknown config '" + id + "' (known: droptail, red, red-ecn, acc)"));
    }

    private AccFigure4.Placement placement(String id) {
        return Arrays.stream(AccFigure4.Placement.values()).filter(p -> p.id().equals(id)).findFirst().orElseThrow(() ->
                new CommandLine.ParameterException(spec.commandLine(),
                        "--long-link: unknown placement '" + id + "' (known: between, upstream, downstream)"));
    }

    private List<Run> sweep(List<Config> cs, AccFigure4.Setup setup) throws Exception {
        // largest delays first: the slowest runs start early, so the threads finish together
        List<java.util.concurrent.Callable<Run>> tasks = new ArrayList<>();
        for (int d : delays.stream().sorted(Comparator.reverseOrder()).toList()) {
            for (Config c : cs) {
                for (long seed = 1; seed <= seeds; seed++) {
                    long s = seed;
                    tasks.add(() -> AccFigure4.run(c, d, s, setup));
                }
            }
        }
        List<Run> runs = new ArrayList<>(ParallelRuns.run("acc-figure4", threads, tasks));
        runs.sort(Comparator.comparing(Run::config).thenComparing(Run::delayMs).thenComparing(Run::seed));
        return runs;
    }

    private static void writeRuns(List<Run> runs, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("config,delay_ms,rtt_ms,seed,goodput_kbps,closes_per_s,mean_close_magnitude,acc_close_share,timeouts,"
                    + "notifications,packets_filtered,bottleneck_drops,cross_sent,cross_received,wall_s\n");
            for (Run r : runs) {
                w.write(String.format(Locale.ROOT, "%s,%d,%.0f,%d,%.3f,%.5f,%.4f,%.4f,%d,%d,%d,%d,%d,%d,%.2f%n",
                        r.config().id(), r.delayMs(), r.rttMs(), r.seed(), r.goodputKbps(), r.closesPerSecond(),
                        r.meanCloseMagnitude(), r.accCloseShare(), r.timeouts(), r.notifications(), r.filtered(),
                        r.bottleneckDrops(), r.crossSent(), r.crossReceived(), r.wallSeconds()));
            }
        }
    }

    private static void writeSummary(List<Point> points, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("config,delay_ms,rtt_ms,metric,n,mean,sd,ci95\n");
            for (Point p : points) {
                for (Map.Entry<String, AccFigure4.Stat> e : p.stats().entrySet()) {
                    AccFigure4.Stat s = e.getValue();
                    w.write(String.format(Locale.ROOT, "%s,%d,%.0f,%s,%d,%.5f,%.5f,%.5f%n", p.config().id(), p.delayMs(),
                            p.rttMs(), e.getKey(), s.n(), s.mean(), s.sd(), s.ci95()));
                }
            }
        }
    }

    private void writePlots(List<Point> points, List<Config> cs, AccFigure4.Setup s) throws IOException {
        String setup = " (" + s.bottleneck().replace("Mbps", " Mb/s") + " bottleneck, " + s.buffer() + "-packet buffer"
                + (s.placement() == AccFigure4.Placement.BETWEEN ? "" : ", long link " + s.placement().id()) + ")";
        List<Config> fig4 = cs.stream().filter(c -> c == Config.RED || c == Config.ACC).toList();
        AccPlots.write(points, fig4.isEmpty() ? cs : fig4, "goodputKbps",
                "Figure 4: per-flow throughput, Reno vs ACC, RED routers" + setup, "throughput per bulk flow (kb/s)",
                out.resolve("figure4-throughput-acc-vs-reno.png"));
        AccPlots.write(points, cs, "goodputKbps", "Figure 5: per-flow throughput by queueing/feedback system" + setup,
                "throughput per bulk flow (kb/s)", out.resolve("figure5-throughput-all.png"));
        AccPlots.write(points, cs, "closesPerSecond", "Figure 6: window closes per second per endpoint, all causes" + setup,
                "window closes per second", out.resolve("figure6-closes-per-second.png"));
        AccPlots.write(points, cs, "meanCloseMagnitude", "Figure 7: mean window reduction per close" + setup,
                "mean close magnitude (packets)", out.resolve("figure7-close-magnitude.png"));
    }

    private Map<String, Object> summaryJson(List<Point> points, List<Config> cs, AccFigure4.Setup setup, double wall) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "acc-figure4");
        m.put("seeds", seeds);
        m.put("durationSeconds", setup.durationSeconds());
        m.put("delaysMs", delays);
        m.put("bottleneck", setup.bottleneck());
        m.put("bufferPackets", setup.buffer());
        m.put("longLink", setup.placement().id());
        m.put("red", AccFigure4.RED.replace("%s", "false|true"));
        m.put("wallSeconds", Math.round(wall * 10) / 10.0);
        List<Map<String, Object>> ps = new ArrayList<>();
        for (Point p : points) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("config", p.config().id());
            row.put("delayMs", p.delayMs());
            row.put("rttMs", p.rttMs());
            p.stats().forEach((k, s) -> row.put(k, Map.of("mean", s.mean(), "sd", s.sd(), "ci95", s.ci95(), "n", s.n())));
            ps.add(row);
        }
        m.put("points", ps);
        putRatio(m, "accOverReno", points, cs, Config.RED);
        putRatio(m, "accOverRedEcn", points, cs, Config.RED_ECN);
        return m;
    }

    /** ACC's goodput over {@code base}'s per delay ({@code <name>ThroughputByDelayMs}) and its 95% interval ({@code ...Ci95...}). */
    private void putRatio(Map<String, Object> m, String name, List<Point> points, List<Config> cs, Config base) {
        if (!cs.contains(Config.ACC) || !cs.contains(base)) {
            return;
        }
        Map<String, Double> ratio = new LinkedHashMap<>();
        Map<String, List<Double>> ci = new LinkedHashMap<>();
        for (int d : delays) {
            double[] r = AccFigure4.Stat.ratio(goodput(points, Config.ACC, d), goodput(points, base, d));
            ratio.put(String.valueOf(d), r[0]);
            ci.put(String.valueOf(d), AccFigure4.Stat.json(r[1], r[2]));
        }
        m.put(name + "ThroughputByDelayMs", ratio);
        m.put(name + "ThroughputCi95ByDelayMs", ci);
    }

    private static AccFigure4.Stat goodput(List<Point> points, Config c, int d) {
        return points.stream().filter(p -> p.config() == c && p.delayMs() == d).findFirst()
                .map(p -> p.stats().get("goodputKbps")).orElse(null);
    }

    private void printTable(PrintWriter o, List<Point> points, List<Config> cs, double wall) {
        o.printf(Locale.ROOT, "acc-figure4: %d configs x %d delays x %d seeds in %.1f s; files in %s%n", cs.size(), delays.size(),
                seeds, wall, out);
        o.printf(Locale.ROOT, "%-10s %6s %7s %16s %14s %14s%n", "config", "RTT ms", "delay", "goodput kb/s", "closes/s",
                "close magn.");
        for (Point p : points) {
            AccFigure4.Stat g = p.stats().get("goodputKbps");
            AccFigure4.Stat c = p.stats().get("closesPerSecond");
            AccFigure4.Stat m = p.stats().get("meanCloseMagnitude");
            o.printf(Locale.ROOT, "%-10s %6.0f %5dms %8.1f +- %-5.1f %6.3f +- %-5.3f %6.2f +- %-5.2f%n", p.config().id(), p.rttMs(),
                    p.delayMs(), g.mean(), g.ci95(), c.mean(), c.ci95(), m.mean(), m.ci95());
        }
        for (Config base : List.of(Config.RED, Config.RED_ECN)) {
            if (!cs.contains(Config.ACC) || !cs.contains(base)) {
                continue;
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "ACC / %-8s throughput (95%% CI):", base.id()));
            for (int d : delays) {
                double[] r = AccFigure4.Stat.ratio(goodput(points, Config.ACC, d), goodput(points, base, d));
                line.append(Double.isNaN(r[1]) ? String.format(Locale.ROOT, "  %dms %.2f", d, r[0])
                        : String.format(Locale.ROOT, "  %dms %.2f (%.2f-%.2f)", d, r[0], r[1], r[2]));
            }
            o.println(line);
        }
    }

    private static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** ACC-ABCD's Table 1 ({@link AbcdExperiment}); options left at acc-figure4's defaults take abcd's own. */
    private int abcd() throws Exception {
        CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        int n = pr.hasMatchedOption("--seeds") ? seeds : AbcdExperiment.DEFAULT_SEEDS;
        List<Integer> ds = pr.hasMatchedOption("--delays") ? delays : AbcdExperiment.DELAYS;
        List<String> cs = pr.hasMatchedOption("--configs") ? configs : List.of("reno", "acc", "abcd");
        Path dir = pr.hasMatchedOption("--out") ? out : Path.of("abcd");
        double seconds = org.aspen.lab.scenario.Values.durationNanos(duration) / 1e9;
        if (n < 1 || seconds <= 2 || ds.isEmpty() || threads < 1 || ds.stream().anyMatch(d -> d < 0) || buffer < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--seeds must be at least 1, --duration more than 2s, --threads and --buffer at least 1, --delays non-negative");
        }
        List<AbcdTable1.Config> configs = new ArrayList<>();
        for (String c : cs) {
            try {
                configs.add(AbcdExperiment.config(c));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        return new AbcdExperiment(n, seconds, ds, configs, threads, buffer, dir).run(spec.commandLine().getOut(), json);
    }
}
