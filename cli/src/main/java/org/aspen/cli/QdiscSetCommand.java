package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code aspen qdisc set LINK KIND [KEY=VALUE...]}: replaces a link's queue discipline at run time. */
@Command(name = "set", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replaces a link's discipline now; queued packets move to the new one.",
                "Example: aspen qdisc set a-b red min_th=5 max_th=15 max_p=0.1 ecn=true"})
final class QdiscSetCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "LINK", description = "The link's name on that node.")
    String link;

    @Parameters(index = "1", paramLabel = "KIND", description = "droptail, red, ared, aecn, acns, purple, avq, ns2-red or ns2-droptail (docs/queues.md).")
    String kind;

    @Parameters(index = "2..*", paramLabel = "KEY=VALUE", description = "Discipline parameters.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--buffer", paramLabel = "N|SIZE", description = "New buffer limit: packets (100) or a size (64KB).")
    String buffer;

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Mixin
    RequestTimeoutOption timeout = new RequestTimeoutOption();

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
        JsonNode r = control.call("qdisc.set", args, timeout.duration());
        spec.commandLine().getOut().println(link + ": " + r.path("discipline").toString());
        spec.commandLine().getOut().flush();
        return Aspen.OK;
    }
}
