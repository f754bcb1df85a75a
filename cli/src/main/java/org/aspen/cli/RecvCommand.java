package org.aspen.cli;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code aspen recv --port P}: accepts one RDP transfer on a running node. */
@Command(name = "recv", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Accepts one RDP transfer on a running node's port P.",
                "Writes it to --out (a path on the node's host), or only reports its size and SHA-256 digest. "
                        + "Waits until a sender connects."})
public final class RecvCommand implements Callable<Integer> {
    @Option(names = "--port", required = true, paramLabel = "P", description = "RDP port to listen on.")
    int port;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the received bytes.")
    Path out;

    @Option(names = {"--wait", "--timeout"}, converter = UnitConverters.Duration.class, defaultValue = "10min", paramLabel = "D",
            description = "Give up after this long without a sender or without data (default: ${DEFAULT-VALUE}).")
    long wait;

    @Option(names = "--segment", paramLabel = "BYTES",
            description = "Largest data length per segment this end accepts, announced to the sender, "
                    + "which sends segments of at most this (at most the node's maxFrame less 108 "
                    + "bytes of headers). Default: the largest that fits one datagram on the first "
                    + "link toward the sender, e.g. 16276 over loopback, 1364 over Ethernet.")
    Integer segment;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

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
        if (segment != null) {
            if (segment < 1 || segment > 65535) {
                throw new IllegalArgumentException("--segment must be 1-65535 bytes");
            }
            args.put("segment", segment);
        }
        long waitMs = wait / 1_000_000L;
        TransferPrinter printer = new TransferPrinter(spec.commandLine().getOut(), spec.commandLine().getErr(),
                output.json(), "receiving");
        // --wait is enforced here, as the connection's quiet limit: the node sends progress lines while data arrives
        try {
            control.stream("rdp.recv", args, Duration.ofMillis(Math.max(1000, waitMs)), printer::accept);
        } catch (SocketTimeoutException e) {
            printer.abandon();
            throw new IOException(printer.bytesSoFar() < 0
                    ? "no transfer arrived on port " + port + " within " + Units.formatNanos(wait)
                    : "the transfer on port " + port + " stalled: no data for " + Units.formatNanos(wait) + " after "
                            + printer.bytesSoFar() + " bytes", e);
        }
        TransferSummary s = printer.finish();
        return s != null && s.complete() ? Aspen.OK : Aspen.FAILURE;
    }
}
