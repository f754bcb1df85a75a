package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.mgmt.OverlayReport;
import org.aspen.vnet.mgmt.ReportJson;
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

    static void print(PrintWriter out, JsonNode reply) {
        OverlayReport o = overlay(reply);
        List<OverlayReport.Route> routes = o.routes();
        out.println("node " + text(o.node()) + " (" + text(o.address()) + "), " + text(o.routing())
                + " routing, " + routes.size() + (routes.size() == 1 ? " route" : " routes"));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"DESTINATION", "NEXT HOP", "LINK", "COST", "AGE", "ORIGIN"});
        for (OverlayReport.Route r : routes) {
            rows.add(new String[] {named(text(r.destination()), r.name()), named(text(r.nextHop()), r.nextHopName()),
                    text(r.link()) + (r.linkUp() ? "" : " (down)"), String.valueOf(r.cost()), age(r.ageSeconds()), text(r.origin())});
        }
        table(out, rows);
    }

    /** A node's {@code overlay} reply, read as the record the node wrote. */
    static OverlayReport overlay(JsonNode reply) {
        try {
            return ReportJson.MAPPER.treeToValue(reply, OverlayReport.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the node's overlay reply is malformed: " + e.getOriginalMessage(), e);
        }
    }

    static String named(String address, String name) {
        return name != null ? address + " " + name : address;
    }

    static String text(String s) {
        return s == null ? "" : s;
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
