package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.mgmt.OverlayReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code aspen neighbours}: each link's neighbour as a running node's routing sees it: its
 * address, its state ({@code up}: hellos heard both ways within the dead interval; {@code init}:
 * heard, not yet two-way; {@code down}) and when its last hello came.
 *
 * <pre>{@code
 * $ aspen neighbours --node 127.0.0.1:7101
 * node a (10.0.0.1), link-state routing, 1 of 1 neighbours up
 * LINK  NEIGHBOUR    STATE  LAST HELLO
 * a-b   10.0.0.2 b   up     0.1 s ago
 * }</pre>
 */
@Command(name = "neighbours", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows each neighbour of a running node: its link, address, state and last hello.")
public final class NeighboursCommand implements Callable<Integer> {
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
        return output.printReply(spec.commandLine().getOut(), o.path("neighbours"), true, out -> print(out, o));
    }

    static void print(PrintWriter out, JsonNode reply) {
        OverlayReport o = RoutesCommand.overlay(reply);
        List<NeighbourReport> ns = o.neighbours();
        int up = 0;
        for (NeighbourReport n : ns) {
            up += n.isUp() ? 1 : 0;
        }
        out.println("node " + RoutesCommand.text(o.node()) + " (" + RoutesCommand.text(o.address()) + "), "
                + RoutesCommand.text(o.routing()) + " routing, " + up + " of " + ns.size() + " neighbours up");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"LINK", "NEIGHBOUR", "STATE", "LAST HELLO"});
        for (NeighbourReport n : ns) {
            Double ago = n.lastHelloSecondsAgo();
            rows.add(new String[] {RoutesCommand.text(n.link()), n.address() != null ? RoutesCommand.named(n.address(), n.name()) : "?",
                    RoutesCommand.text(n.state()),
                    ago != null ? RoutesCommand.age(ago) + " ago" : "static".equals(n.routing()) ? "-" : "never"});
        }
        RoutesCommand.table(out, rows);
    }
}
