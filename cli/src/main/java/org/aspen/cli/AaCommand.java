package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.mgmt.ControlClient;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code aspen aa list|start|stop}: the active applications of a running node. */
@Command(name = "aa", mixinStandardHelpOptions = true,
        description = "Lists, starts and stops the active applications of a running node.",
        subcommands = {AaCommand.ListAas.class, AaCommand.StartAa.class, AaCommand.StopAa.class})
public final class AaCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (list, start, stop)");
    }

    static JsonNode call(ControlOptions control, String cmd, Map<String, ?> args) throws Exception {
        try (ControlClient c = control.connect(Duration.ofSeconds(30))) {
            return c.call(cmd, args);
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the node's AAs: id, state, digest, counters.")
    static final class ListAas implements Callable<Integer> {
        @CommandLine.Mixin
        ControlOptions control = new ControlOptions();

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            JsonNode r = AaCommand.call(control, "aa.list", Map.of());
            var out = spec.commandLine().getOut();
            if (json) {
                out.println(r.path("aas").toPrettyString());
            } else if (r.path("aas").isEmpty()) {
                out.println("no AAs on this node");
            } else {
                out.printf("%-28s %-9s %-14s %9s %9s %7s  %s%n", "AA", "STATE", "DIGEST", "PACKETS", "BYTES", "ERRORS", "DESCRIPTION");
                for (JsonNode a : r.path("aas")) {
                    JsonNode c = a.path("counters");
                    out.printf("%-28s %-9s %-14s %9d %9d %7d  %s%n", a.path("id").asText(), a.path("state").asText(),
                            a.path("digest").asText().substring(0, Math.min(12, a.path("digest").asText().length())),
                            c.path("packets").asLong(), c.path("bytes").asLong(), c.path("errors").asLong(),
                            a.hasNonNull("stopReason") ? "stopped: " + a.path("stopReason").asText() : a.path("description").asText());
                }
            }
            out.flush();
            return Aspen.OK;
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Starts code already in the node's cache, by digest.")
    static final class StartAa implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIGEST", description = "SHA-256 of the AA jar (hex), as 'aspen deploy' printed it.")
        String digest;

        @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A start parameter (repeatable).")
        Map<String, String> params = new LinkedHashMap<>();

        @CommandLine.Mixin
        ControlOptions control = new ControlOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (!digest.matches("[0-9a-fA-F]{64}")) {
                throw new IllegalArgumentException("DIGEST must be 64 hex digits (a SHA-256)");
            }
            JsonNode r = AaCommand.call(control, "aa.start", Map.of("digest", digest.toLowerCase(), "params", params));
            spec.commandLine().getOut().println("started " + r.path("id").asText());
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stops an AA by id (name@version) or every version of a name.")
    static final class StopAa implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "AA", description = "name@version, or a name to stop every running version.")
        String aa;

        @CommandLine.Mixin
        ControlOptions control = new ControlOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            JsonNode r = AaCommand.call(control, "aa.stop", aa.contains("@") ? Map.of("id", aa) : Map.of("name", aa));
            spec.commandLine().getOut().println("stopped " + r.path("stopped").toString());
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
    }
}
