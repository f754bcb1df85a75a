package org.aspen.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.aspen.lab.report.ReportPlots;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code aspen plot REPORT.json [-o DIR]}: PNG charts of a lab report (cwnd, goodput and queue
 * length over time) or a sweep summary (throughput against RTT); see {@link ReportPlots}.
 */
@Command(name = "plot", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes PNG charts from a lab's JSON report or a sweep summary.",
                "From a lab's report (aspen lab FILE --json OUT): cwnd and goodput of each flow and queue length of the "
                        + "busiest links over time; from a sweep summary (acc-figure4/summary.json): throughput against RTT.",
                "Exits 2 with one line on a file that is not such a report."})
public final class PlotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "REPORT", description = "The JSON report.")
    Path report;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory for the PNG files (default: the current directory).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<Path> files = ReportPlots.write(report, out);
        files.forEach(f -> spec.commandLine().getOut().println("wrote " + f));
        spec.commandLine().getOut().flush();
        return Aspen.OK;
    }
}
