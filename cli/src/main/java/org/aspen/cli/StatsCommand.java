package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen stats}: a running node's counters: node, links, UDP socket, EE and AAs. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = "Shows a running node's counters (node, links, socket, execution environment and AAs).")
public final class StatsCommand implements Callable<Integer> {
    @Option(names = "--json", description = "Print the full JSON.")
    boolean json;

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        JsonNode r = AaCommand.call(control, "stats", Map.of());
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(r.toPrettyString());
            out.flush();
            return Aspen.OK;
        }
        print(out, "", r, 0);
        out.flush();
        return Aspen.OK;
    }

    /** An indented, readable tree: scalars on one line each, empty maps left out. */
    static void print(java.io.PrintWriter out, String name, JsonNode n, int depth) {
        String pad = "  ".repeat(depth);
        if (n.isObject()) {
            if (n.isEmpty()) {
                return;
            }
            if (!name.isEmpty()) {
                out.println(pad + name + ":");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                print(out, e.getKey(), e.getValue(), name.isEmpty() ? depth : depth + 1);
            }
        } else if (n.isArray()) {
            out.println(pad + name + ": " + (n.isEmpty() ? "none" : ""));
            int i = 0;
            for (JsonNode x : n) {
                print(out, "[" + i++ + "]", x, depth + 1);
            }
        } else {
            out.println(pad + name + ": " + n.asText());
        }
    }
}
