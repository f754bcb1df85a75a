package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.report.NodeStats;
import org.aspen.lab.judge.Judges;
import org.aspen.lab.judge.Judging;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.config.Units;

/**
 * {@code aspen lab FILE --processes}: runs a scenario as one {@code aspen node} process per node on
 * this machine (loopback UDP between them), and drives the workload, timed events and observations
 * through each node's control endpoint, exactly as an operator's clients would on a multi-host
 * overlay. The expectations are judged by the same judges as the in-process runner's ({@code lab.judge}).
 *
 * <pre>{@code
 * ProcessLab.Options o = new ProcessLab.Options(null, null, baseDir, f -> {}, NodeLauncher.javaMain(cliMainClass));
 * ProcessLab.Result r = ProcessLab.run(scenario, file, o);
 * System.out.print(r.summary());
 * }</pre>
 *
 * Time zero is the moment every node process has reported it is up; scenario times are wall-clock
 * offsets from it. Each node's log goes to {@code NODE.log} in a scratch directory, kept (and named in
 * the error) when a node fails to start or dies. The jobs: {@link ScratchConfig} (the file the nodes
 * read), {@link NodeProcess} (one child process), {@link WorkloadDriver} (workload and events),
 * {@link RemoteObserver} (route samples), {@link ProcessEvidence} (what the judges read). Not supported
 * here (a one-line error says so before any process starts, see {@link #refuseUnsupported}): bulk
 * {@code flows} and {@code flow} expectations, {@code cross} traffic and {@code capture:}.
 */
public final class ProcessLab {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    /**
     * @param seed          overrides the scenario's seed when not null (used for transfer contents)
     * @param durationNanos overrides the scenario's duration when not null
     * @param baseDir       where the scenario's relative paths are resolved
     * @param progress      told the fraction done (0..1)
     * @param launcher      how to start one {@code aspen node} process
     */
    public record Options(Long seed, Long durationNanos, Path baseDir, DoubleConsumer progress, NodeLauncher launcher) {
    }

    /** The judged run: expectations, what each node's {@code stats} said at the end, the event log. */
    public record Result(Scenario scenario, long seed, long durationNanos, List<ExpectationResult> expectations,
                         Map<String, JsonNode> stats, List<String> events, ProcessReport.Workload workload) {
        public boolean passed() {
            return expectations.stream().allMatch(ExpectationResult::passed);
        }

        public String summary() {
            StringBuilder b = new StringBuilder();
            b.append("scenario ").append(scenario.name()).append(": ").append(stats.size())
                    .append(" node processes on loopback UDP, ").append(Units.formatNanos(durationNanos)).append('\n');
            events.forEach(e -> b.append("  ").append(e).append('\n'));
            b.append("expectations:\n");
            for (ExpectationResult x : expectations) {
                b.append(x.passed() ? "  ok    " : "  FAIL  ").append(x.description())
                        .append(": expected ").append(x.expected()).append(", measured ").append(x.measured()).append('\n');
            }
            long ok = expectations.stream().filter(ExpectationResult::passed).count();
            b.append("result: ").append(passed() ? "PASS" : "FAIL").append(" (").append(ok).append('/')
                    .append(expectations.size()).append(" expectations held)\n");
            return b.toString();
        }

        /** The run's report as a record; {@code ReportJson} writes it as {@code --json} prints it. */
        public ProcessReport report() {
            Map<String, NodeStats> nodes = new LinkedHashMap<>();
            stats.forEach((name, reply) -> nodes.put(name, NodeStats.of(reply)));
            return new ProcessReport(scenario.name(), "processes", seed, durationNanos, passed(), expectations, workload, events, nodes);
        }
    }

    private final Scenario s;
    private final Options o;
    private final long seed;
    private final long duration;
    private final Path work;
    private final Map<String, NodeProcess> nodes = new LinkedHashMap<>();

    private ProcessLab(Scenario s, Options o, Path work) {
        this.s = s;
        this.o = o;
        this.seed = o.seed() != null ? o.seed() : (s.seed() != null ? s.seed() : 1L);
        this.duration = o.durationNanos() != null ? o.durationNanos() : s.durationNanos();
        this.work = work;
    }

    /** Runs {@code s} (read from {@code file}) as one process per node; see the class comment. */
    public static Result run(Scenario s, Path file, Options o) throws IOException, InterruptedException {
        refuseUnsupported(s);
        Path work = Files.createTempDirectory("aspen-processes-");
        ProcessLab lab = new ProcessLab(s, o, work);
        boolean clean = false;
        try {
            Result r = lab.execute(file);
            clean = r.passed();
            if (!clean) {
                r.events().add("node logs and the generated configuration kept in " + work);
            }
            return r;
        } finally {
            lab.nodes.values().forEach(NodeProcess::stop);
            if (clean) {
                deleteTree(work);
            }
        }
    }

    /**
     * Throws one {@link ConfigException} line naming every part of {@code s} this runner cannot run
     * or judge: workload and settings it does not drive, and expectation kinds whose judge refuses
     * ({@code ExpectationJudge.refusedUnderProcesses}).
     */
    public static void refuseUnsupported(Scenario s) {
        List<String> no = new ArrayList<>();
        if (!s.workload().flows().isEmpty()) {
            no.add("workload.flows");
        }
        if (!s.workload().cross().isEmpty()) {
            no.add("workload.cross");
        }
        if (s.capture() != null) {
            no.add("capture");
        }
        no.addAll(Judges.refusedUnderProcesses(s));
        if (!no.isEmpty()) {
            throw new ConfigException(s.name() + ": --processes does not run " + String.join(", ", no)
                    + " yet; run this scenario without --processes (one process)");
        }
    }

    private Result execute(Path file) throws IOException, InterruptedException {
        Path config = ScratchConfig.write(file, work);
        for (Scenario.NodeSpec n : s.nodes()) {
            nodes.put(n.name(), NodeProcess.start(o.launcher(), n.name(), config, o.baseDir(), work));
        }
        for (NodeProcess p : nodes.values()) {
            p.awaitUp(START_TIMEOUT);
        }
        try (Timeline time = Timeline.startNow()) {
            time.noteRaw("0s: " + nodes.size() + " node processes up");
            Replies replies = new Replies(s);
            WorkloadDriver driver = new WorkloadDriver(s, seed, duration, o.baseDir(), nodes, time, replies);
            driver.start();
            Judging judging = Judges.start(s, duration, new RemoteObserver(s, nodes, time));
            waitWithProgress(time);
            driver.awaitStreams();
            Map<String, JsonNode> stats = new LinkedHashMap<>();
            for (NodeProcess p : nodes.values()) {
                p.checkAlive();
                stats.put(p.name, p.call("stats", Map.of()));
            }
            List<ExpectationResult> results = judging.results(new ProcessEvidence(s, replies, stats));
            return new Result(s, seed, duration, results, stats, time.events(), replies.report());
        }
    }

    private void waitWithProgress(Timeline time) throws InterruptedException {
        int steps = 50;
        for (int i = 1; i <= steps; i++) {
            HostTime.sleepUntil(time.t0() + duration * i / steps);
            for (NodeProcess p : nodes.values()) {
                p.checkAlive();
            }
            if (o.progress() != null) {
                o.progress().accept(i / (double) steps);
            }
        }
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
