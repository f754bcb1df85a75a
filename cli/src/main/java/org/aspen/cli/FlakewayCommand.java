package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.mgmt.ControlClient;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code aspen flakeway set|clear|show}: a running node's impairment rules, through its control
 * endpoint (commands {@code flakeway.set}, {@code flakeway.clear}, {@code flakeway.show}).
 *
 * <pre>
 * aspen flakeway set --node 127.0.0.1:7002 "name wan; match dst=10.0.0.3; delay 20ms jitter 5ms; loss 1%"
 * aspen flakeway show --node 127.0.0.1:7002
 * aspen flakeway clear --node 127.0.0.1:7002 wan
 * </pre>
 */
@Command(name = "flakeway", mixinStandardHelpOptions = true,
        description = {"Sets, clears and shows the flakeway's impairment rules (netem-style delay, loss, duplication,",
                "reordering, corruption, rate) on a running node (see 'aspen node'). Rule syntax: docs/flakeway.md."},
        subcommands = {FlakewayCommand.Set.class, FlakewayCommand.Clear.class, FlakewayCommand.Show.class})
public final class FlakewayCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: set, clear or show");
    }

    /** What the three subcommands share: the endpoint, the output form, one request. */
    abstract static class Base implements Callable<Integer> {
        @CommandLine.Mixin
        ControlOptions control = new ControlOptions();

        @Option(names = "--json", description = "Print the node's JSON answer instead of text.")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        JsonNode request(String cmd, Map<String, ?> args) throws Exception {
            try (ControlClient c = control.connect(Duration.ofSeconds(10))) {
                JsonNode d = c.call(cmd, args);
                if (json) {
                    out().println(d);
                    out().flush();
                }
                return d;
            }
        }

        PrintWriter out() {
            return spec.commandLine().getOut();
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Adds a rule, or changes the rule of the same name in place (counters and held packets kept).")
    static final class Set extends Base {
        @Parameters(arity = "1..*", paramLabel = "RULE",
                description = "The rule in compact form, quoted, e.g. \"name wan; match dst=10.0.0.3; delay 20ms; loss 1%\".")
        List<String> words;

        @Override
        public Integer call() throws Exception {
            JsonNode d = request("flakeway.set", Map.of("rule", String.join(" ", words)));
            if (!json) {
                out().printf("rule %s set on %s: %s%n", d.path("name").asText(), control.node, d.path("spec").asText());
                out().flush();
            }
            return Aspen.OK;
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true, description = "Removes the named rule, or every rule.")
    static final class Clear extends Base {
        @Parameters(arity = "0..1", paramLabel = "NAME", description = "The rule to remove (default: every rule).")
        String name;

        @Override
        public Integer call() throws Exception {
            JsonNode d = request("flakeway.clear", name == null ? Map.of() : Map.of("name", name));
            if (!json) {
                out().printf("cleared %d rule(s) on %s%n", d.path("cleared").asInt(), control.node);
                out().flush();
            }
            return Aspen.OK;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Lists the rules with their buffers and counters.")
    static final class Show extends Base {
        @Override
        public Integer call() throws Exception {
            JsonNode d = request("flakeway.show", Map.of());
            if (json) {
                return Aspen.OK;
            }
            JsonNode rules = d.path("rules");
            PrintWriter out = out();
            out.printf("flakeway on %s (%s): %d rule(s)%n", control.node, d.path("via").asText(), rules.size());
            rules.fields().forEachRemaining(e -> {
                JsonNode r = e.getValue();
                out.printf("%s: %s%n", e.getKey(), r.path("spec").asText());
                out.printf("    matched %d  emitted %d  lost %d+%d  duplicated %d  reordered %d  corrupted %d  overflow %d"
                                + "  held %d (peak %d)  buffer %s packets / %s bytes%n",
                        r.path("matched").asLong(), r.path("emitted").asLong(), r.path("lostRandom").asLong(),
                        r.path("lostBurst").asLong(), r.path("duplicated").asLong(), r.path("reordered").asLong(),
                        r.path("corrupted").asLong(), r.path("overflow").asLong(), r.path("heldPackets").asLong(),
                        r.path("peakHeldPackets").asLong(), r.path("bufferPackets").asText(), r.path("bufferBytes").asText());
            });
            out.flush();
            return Aspen.OK;
        }
    }
}
