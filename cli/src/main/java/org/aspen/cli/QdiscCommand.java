package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code aspen qdisc set|show}: a running node's link queue disciplines. */
@Command(name = "qdisc", mixinStandardHelpOptions = true,
        description = "Shows or changes the queue discipline of a running node's links (see docs/queues.md).",
        subcommands = {QdiscCommand.Set.class, QdiscCommand.Show.class})
public final class QdiscCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (set, show)");
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Replaces a link's discipline now; queued packets move to the new one.",
                    "Example: aspen qdisc set a-b red min_th=5 max_th=15 max_p=0.1 ecn=true"})
    static final class Set implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "LINK", description = "The link's name on that node.")
        String link;

        @Parameters(index = "1", paramLabel = "KIND", description = "droptail, red, ared, aecn, acns, purple or avq (docs/queues.md).")
        String kind;

        @Parameters(index = "2..*", paramLabel = "KEY=VALUE", description = "Discipline parameters.")
        Map<String, String> params = new LinkedHashMap<>();

        @Option(names = "--buffer", paramLabel = "N|SIZE", description = "New buffer limit: packets (100) or a size (64KB).")
        String buffer;

        @CommandLine.Mixin
        ControlOptions control = new ControlOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("link", link);
            args.put("kind", kind);
            args.put("params", params);
            if (buffer != null) {
                args.put("buffer", buffer);
            }
            JsonNode r = AaCommand.call(control, "qdisc.set", args);
            spec.commandLine().getOut().println(link + ": " + r.path("discipline").toString());
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Describes the disciplines and queue counters.")
    static final class Show implements Callable<Integer> {
        @Parameters(index = "0", arity = "0..1", paramLabel = "LINK", description = "One link (default: all).")
        String link;

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @CommandLine.Mixin
        ControlOptions control = new ControlOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            JsonNode r = AaCommand.call(control, "qdisc.show", link == null ? Map.of() : Map.of("link", link));
            var out = spec.commandLine().getOut();
            if (json) {
                out.println(r.toPrettyString());
            } else {
                StatsCommand.print(out, "", r, 0);
            }
            out.flush();
            return Aspen.OK;
        }
    }
}
