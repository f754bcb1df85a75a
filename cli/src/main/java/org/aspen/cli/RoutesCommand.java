package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code aspen routes}: a running node's forwarding table: destination, next hop, link, cost, how
 * long the route has been as it is, and where it came from (static, connected, link-state).
 *
 * <pre>{@code
 * $ aspen routes --node 127.0.0.1:7101
 * node a (10.0.0.1), link-state routing, 2 routes
 * DESTINATION      NEXT HOP       LINK  COST  AGE     ORIGIN
 * 10.0.0.2/32 b    10.0.0.2 b     a-b   1     12.3 s  dynamic
 * }</pre>
 */
@Command(name = "routes", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows a running node's routing table: destination, next hop, link, cost, age and origin.")
public final class RoutesCommand implements Callable<Integer> {
    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Mixin
    RequestTimeoutOption timeout = new RequestTimeoutOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        JsonNode o = control.call("overlay", Map.of(), timeout.duration());
        return output.printReply(spec.commandLine().getOut(), o.path("routes"), true, out -> print(out, o));
    }

    static void print(PrintWriter out, JsonNode o) {
        JsonNode routes = o.path("routes");
        out.println("node " + o.path("node").asText() + " (" + o.path("address").asText() + "), " + o.path("routing").asText()
                + " routing, " + routes.size() + (routes.size() == 1 ? " route" : " routes"));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"DESTINATION", "NEXT HOP", "LINK", "COST", "AGE", "ORIGIN"});
        for (JsonNode r : routes) {
            rows.add(new String[] {named(r.path("destination").asText(), r.path("name")), named(r.path("nextHop").asText(), r.path("nextHopName")),
                    r.path("link").asText() + (r.path("linkUp").asBoolean(true) ? "" : " (down)"), r.path("cost").asText(),
                    age(r.path("ageSeconds").asDouble()), r.path("origin").asText()});
        }
        table(out, rows);
    }

    static String named(String address, JsonNode name) {
        return name.isTextual() ? address + " " + name.asText() : address;
    }

    static String age(double s) {
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%.1f h", s / 3600);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%.1f min", s / 60);
        }
        return String.format(Locale.ROOT, "%.1f s", s);
    }

    /** Columns padded to their widest cell, two spaces apart. */
    static void table(PrintWriter out, List<String[]> rows) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                b.append(i + 1 < r.length ? String.format("%-" + (w[i] + 2) + "s", r[i]) : r[i]);
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
