package org.aspen.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.lab.report.HopReply;
import org.aspen.vnet.VAddr;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code aspen trace VADDR}: the hops from a running node to VADDR. */
@Command(name = "trace", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Traces the VNet path from a running node to VADDR (echo requests with TTL 1, 2, ...).",
                "Exits 0 when the destination answered, 1 otherwise."})
public final class TraceCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "VADDR", description = "Destination VNet address.")
    String target;

    @Option(names = "--max-hops", defaultValue = "16", paramLabel = "N",
            description = "Give up after this many hops (default: ${DEFAULT-VALUE}).")
    int maxHops;

    @CommandLine.Mixin
    ReplyTimeoutOption timeout = new ReplyTimeoutOption();

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        VAddr.parse(target);
        long timeoutMs = timeout.millis();
        if (maxHops < 1 || maxHops > 255 || timeoutMs < 1) {
            throw new IllegalArgumentException("--max-hops must be 1-255 and --timeout at least 1ms");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!output.json()) {
            out.printf("trace to %s from node %s, at most %d hops%n", target, control.node, maxHops);
        }
        boolean[] reached = new boolean[1];
        control.stream("trace", Map.of("target", target, "maxHops", maxHops, "timeoutMs", timeoutMs), timeout.quietLimit(0), d -> {
            if (d == null || !d.has("ttl")) {
                return;
            }
            HopReply h = PingCommand.read(d, HopReply.class);
            reached[0] |= h.status().equals("reply");
            if (output.json()) {
                out.println(d);
            } else if (h.status().equals("timeout")) {
                out.printf("%3d  *%n", h.ttl());
            } else {
                out.printf("%3d  %-22s %8.3f ms%s%n", h.ttl(), PingCommand.who(h.from(), h.name()), h.rttMs(),
                        h.status().equals("unreachable") ? "  (unreachable)" : "");
            }
            out.flush();
        });
        return reached[0] ? Aspen.OK : Aspen.FAILURE;
    }
}
