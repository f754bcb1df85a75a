package org.aspen.cli;

import java.io.InputStream;
import java.util.concurrent.Callable;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code aspen demo}: the bundled default scenario, so a first run needs no files. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the bundled demo scenario (four nodes, a link failure, re-routing).",
                "Four nodes in a square exchange pings on loopback UDP; link b-c fails at 4 s and returns at 8 s, "
                        + "and routing moves the traffic around it and back.",
                "Same options as 'aspen lab'."})
public final class DemoCommand implements Callable<Integer> {
    static final String RESOURCE = "/scenarios/demo.yaml";

    @CommandLine.Mixin
    LabCommand.RunOptions run = new LabCommand.RunOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Scenario s;
        try (InputStream in = DemoCommand.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the demo scenario is missing from this build");
            }
            s = ScenarioLoader.parse(in, "demo.yaml", true);
        }
        if (!run.quiet) {
            spec.commandLine().getOut().println("Aspen demo: " + s.description());
            spec.commandLine().getOut().flush();
        }
        return run.execute(s, spec.commandLine(), null);
    }
}
