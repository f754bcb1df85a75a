package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.mgmt.ControlClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code aspen recv --port P}: accepts one RDP transfer on a running node. */
@Command(name = "recv", mixinStandardHelpOptions = true,
        description = {"Accepts one RDP transfer on a running node's port P and writes it to --out (a path on the",
                "node's host), or only reports its size and SHA-256 digest. Waits until a sender connects."})
public final class RecvCommand implements Callable<Integer> {
    @Option(names = "--port", required = true, paramLabel = "P", description = "RDP port to listen on.")
    int port;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the received bytes.")
    Path out;

    @Option(names = "--wait", defaultValue = "10m", paramLabel = "D",
            description = "Give up when no data arrives for this long (default: ${DEFAULT-VALUE}).")
    String wait;

    @Option(names = "--json", description = "Print the summary as JSON.")
    boolean json;

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("--port must be 1-65535");
        }
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("port", port);
        if (out != null) {
            args.put("out", out.toAbsolutePath().toString());
        }
        long waitMs = org.aspen.lab.scenario.Values.durationNanos(wait) / 1_000_000L;
        TransferPrinter printer = new TransferPrinter(spec.commandLine().getOut(), json, "receiving");
        try (ControlClient c = control.connect(Duration.ofMillis(Math.max(1000, waitMs)))) {
            c.stream("rdp.recv", args, printer::accept);
        }
        JsonNode s = printer.finish();
        return s != null && s.path("complete").asBoolean() ? Aspen.OK : Aspen.FAILURE;
    }
}
