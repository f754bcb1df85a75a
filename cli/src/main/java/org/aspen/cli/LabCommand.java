package org.aspen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.aspen.dashboard.LabDashboard;
import org.aspen.lab.processes.NodeLauncher;
import org.aspen.lab.processes.ProcessLab;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.ProgressBar;
import org.aspen.lab.report.ReportPlots;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.mgmt.ReportJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code aspen lab FILE}: runs a whole scenario in one JVM and judges its expectations. */
@Command(name = "lab", mixinStandardHelpOptions = true, sortOptions = false, subcommands = LabCheckCommand.class,
        description = {"Runs a scenario in one process: on loopback UDP by default, or in virtual time with --sim.",
                "Prints a summary and exits 0 when every expectation held, 3 when one failed, 2 on a bad file.",
                "'aspen lab check LABDIR' grades a lab (examples/labs, docs/labs.md)."})
public final class LabCommand implements Callable<Integer> {
    // optional only so that 'aspen lab check ...' parses; a run without it is a usage error
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Scenario file (YAML, or JSON by extension).")
    Path file;

    @CommandLine.Mixin
    RunOptions run = new RunOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--processes",
            description = "Run one 'aspen node' process per node on this machine (loopback UDP), driven through their control endpoints.")
    boolean processes;

    @Option(names = "--explain", paramLabel = "REASON",
            description = "Explain a drop reason of a summary (e.g. node-stopped, no-route) and exit; no FILE needed.")
    String explain;

    @Override
    public Integer call() throws Exception {
        if (explain != null) {
            String text = org.aspen.lab.report.DropReasons.explain(explain);
            if (text == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--explain: no drop reason '" + explain + "' (reasons: "
                        + org.aspen.lab.report.DropReasons.labels() + ")");
            }
            spec.commandLine().getOut().println(explain + ": " + text);
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
        if (file == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'FILE'");
        }
        Scenario s = ScenarioLoader.load(file);
        if (processes) {
            return run.executeProcesses(s, file, spec.commandLine());
        }
        return run.execute(s, spec.commandLine(), file.toAbsolutePath().getParent());
    }

    static final int DEFAULT_DASHBOARD_PORT = 8090;

    /** Options shared by {@code lab} and {@code demo}. */
    public static final class RunOptions {
        @Option(names = "--sim", description = "Run in virtual time (deterministic; fast).")
        boolean sim;

        @Option(names = "--seed", paramLabel = "S", description = "Seed for every random draw (default: the scenario's).")
        Long seed;

        @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "D", description = "Run time, e.g. 10s (default: the scenario's).")
        Long duration;

        @Option(names = "--json", paramLabel = "OUT", description = "Write the JSON report here ('-' for standard output).")
        Path json;

        @Option(names = "--trace", paramLabel = "FILE", description = "Write a line per packet event to FILE.")
        Path trace;

        @Option(names = {"-q", "--quiet"}, description = "Print only the result line.")
        boolean quiet;

        @Option(names = "--plots", paramLabel = "DIR", description = "Write PNG charts (cwnd, goodput, queue over time) to DIR.")
        Path plots;

        @Option(names = "--dashboard", arity = "0..1", fallbackValue = "" + DEFAULT_DASHBOARD_PORT, paramLabel = "PORT",
                description = "At http://127.0.0.1:PORT/, a live dashboard (PORT default " + DEFAULT_DASHBOARD_PORT
                        + "; 0: any free port). Its value is optional: give it last, or as --dashboard=PORT.")
        Integer dashboard;

        @Option(names = "--speed", paramLabel = "X", defaultValue = "1.0",
                description = "With --sim and --dashboard: simulated seconds per wall second (default: ${DEFAULT-VALUE}; 0: unpaced).")
        double speed;

        @Option(names = "--hold", description = "With --dashboard: keep serving the page after the run, until interrupted.")
        boolean hold;

        @Option(names = "--report", paramLabel = "FILE",
                description = "Write the dashboard of the whole run to FILE: one self-contained HTML page, no server needed.")
        Path report;

        int executeProcesses(Scenario s, Path file, CommandLine cl) throws InterruptedException, IOException {
            if (sim || trace != null || dashboard != null || report != null) {
                throw new CommandLine.ParameterException(cl, "--processes runs real node processes: it cannot be combined with "
                        + (sim ? "--sim" : trace != null ? "--trace" : report != null ? "--report"
                        : "--dashboard (give each node its own: aspen node --dashboard)"));
            }
            Long d = durationOption(cl);
            long total = d != null ? d : s.durationNanos();
            boolean toStdout = json != null && json.toString().equals("-");
            ProgressBar bar = new ProgressBar("running " + s.name() + " as " + s.nodes().size() + " processes");
            ProcessLab.Result r = ProcessLab.run(s, file, new ProcessLab.Options(seed, d, file.toAbsolutePath().getParent(),
                    f -> bar.update(f, Units.formatNanos((long) (f * total) / 1_000_000 * 1_000_000) + " / " + Units.formatNanos(total)),
                    NodeLauncher.javaMain(Aspen.class.getName())));
            bar.done();
            report(cl, s.name(), r.summary(), r.report(), toStdout);
            return r.passed() ? Aspen.OK : Aspen.EXPECTATION_FAILED;
        }

        private Long durationOption(CommandLine cl) {
            Long d = duration;
            if (d != null) {
                if (d <= 0) {
                    throw new CommandLine.ParameterException(cl, "--duration: must be positive");
                }
            }
            return d;
        }

        int execute(Scenario s, CommandLine cl, Path baseDir) throws InterruptedException, IOException {
            Long d = durationOption(cl);
            boolean toStdout = json != null && json.toString().equals("-");
            ProgressBar bar = new ProgressBar((sim ? "simulating " : "running ") + s.name());
            long total = d != null ? d : s.durationNanos();
            Path artifacts = json == null || toStdout ? null : json.toAbsolutePath().getParent();
            LabRunner.Options options = new LabRunner.Options(sim, seed, d, trace,
                    f -> bar.update(f, Units.formatNanos((long) (f * total) / 1_000_000 * 1_000_000) + " / " + Units.formatNanos(total)),
                    baseDir, artifacts);
            if (report != null && report.getParent() != null && !Files.isDirectory(report.toAbsolutePath().getParent())) {
                throw new CommandLine.ParameterException(cl, "--report: no directory " + report.toAbsolutePath().getParent());
            }
            try (LabDashboard dash = dashboard != null ? openDashboard(cl) : report != null ? LabDashboard.recorder() : null) {
                LabResult r = LabRunner.run(s, options, dash);
                bar.done();
                report(cl, s.name(), r.summary(), r.report(), toStdout);
                if (report != null) {
                    dash.writeReport(report);
                    if (!quiet && !toStdout) {
                        cl.getOut().println("dashboard report written to " + report);
                    }
                }
                if (dash != null && hold) {
                    cl.getErr().println("run finished; the dashboard stays at " + dash.url() + " until interrupted (Ctrl-C)");
                    cl.getErr().flush();
                    NodeCommand.awaitInterrupt(0);
                }
                return r.passed() ? Aspen.OK : Aspen.EXPECTATION_FAILED;
            }
        }

        private LabDashboard openDashboard(CommandLine cl) throws InterruptedException {
            if (dashboard < 0 || dashboard > 65535) {
                throw new CommandLine.ParameterException(cl, "--dashboard: port must be 0-65535");
            }
            if (!(speed >= 0) || Double.isInfinite(speed)) {
                throw new CommandLine.ParameterException(cl, "--speed: must be a number >= 0");
            }
            LabDashboard dash = LabDashboard.start(dashboard, sim ? speed : 0);
            cl.getErr().println("dashboard: " + dash.url() + (sim && speed > 0 ? " (simulation paced at "
                    + speed + "x wall time)" : ""));
            cl.getErr().flush();
            return dash;
        }

        private void report(CommandLine cl, String name, String summary, Object jsonReport, boolean toStdout) throws IOException {
            var out = cl.getOut();
            if (!toStdout) {
                out.print(quiet ? summary.substring(summary.lastIndexOf("result:")) : summary);
            }
            if (json != null) {
                if (toStdout) {
                    out.println(ReportJson.INDENTED.writeValueAsString(jsonReport));
                } else {
                    ReportJson.INDENTED.writeValue(json.toFile(), jsonReport);
                    if (!quiet) {
                        out.println("report written to " + json);
                    }
                }
            }
            if (plots != null) {
                try {
                    for (Path f : ReportPlots.write(ReportJson.MAPPER.valueToTree(jsonReport), name, plots)) {
                        if (!quiet && !toStdout) {
                            out.println("plot written to " + f);
                        }
                    }
                } catch (IllegalArgumentException e) {
                    // the run's verdict stands; a run with nothing to draw just has no charts
                    cl.getErr().println("aspen: no plots: " + e.getMessage());
                }
            }
            out.flush();
        }
    }
}
