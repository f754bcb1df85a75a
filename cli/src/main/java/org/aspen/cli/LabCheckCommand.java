package org.aspen.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.aspen.lab.grade.LabCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code aspen lab check LABDIR|FILE}: grades a lab in the simulation (see {@link LabCheck}, docs/labs.md). */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Grades a lab by its check.yaml, in virtual time.",
                "Builds the lab's AAs from source (if any), runs each scenario check.yaml lists and judges it by the "
                        + "lab's expectations. LABDIR is a lab folder (or its solution/), FILE a single scenario.",
                "Exits 0 when every check passed, 3 when one failed, 2 on a bad check.yaml."})
public final class LabCheckCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "LABDIR|FILE", description = "A lab directory, its solution/, or a scenario file.")
    Path target;

    @Option(names = {"-q", "--quiet"}, description = "Print only the grade line.")
    boolean quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var out = spec.commandLine().getOut();
        LabCheck.Report r = LabCheck.run(target, line -> {
            if (!quiet) {
                out.println(line + " ...");
                out.flush();
            }
        });
        String summary = r.summary();
        out.print(quiet ? summary.substring(summary.lastIndexOf("grade:")) : summary);
        out.flush();
        return r.passed() ? Aspen.OK : Aspen.EXPECTATION_FAILED;
    }
}
