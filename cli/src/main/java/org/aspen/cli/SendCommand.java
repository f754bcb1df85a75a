package org.aspen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code aspen send VADDR:PORT FILE}: a reliable RDP transfer from a running node. */
@Command(name = "send", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends FILE over RDP from a running node (see 'aspen node') to VADDR:PORT.",
                "The node reads FILE on its own host (its control endpoint is on loopback by default: this host).",
                "Shows progress on a terminal and ends with bytes, time, goodput, retransmissions and the digest."})
public final class SendCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "VADDR:PORT", description = "Destination, e.g. 10.0.0.3:7000.")
    String destination;

    @Parameters(index = "1", arity = "0..1", paramLabel = "FILE", description = "File to send (or use --size).")
    Path file;

    @Option(names = "--size", converter = UnitConverters.Size.class, paramLabel = "SIZE", description = "Send this many seeded pseudo-random bytes instead of a file, e.g. 10MB.")
    Long size;

    @Option(names = "--timeout", converter = UnitConverters.Duration.class, defaultValue = ControlOptions.TRANSFER_QUIET, paramLabel = "D",
            description = "Give up when the node reports no progress for this long (default: ${DEFAULT-VALUE}).")
    long timeout;

    @Option(names = "--details", description = "Also report the sending connection's counters (timeouts, fast retransmits, ...) "
            + "in the summary's 'stats' (with --json), as tools/loss-bench.sh reads them.")
    boolean details;

    @Option(names = "--recovery", paramLabel = "KIND", defaultValue = "modern",
            description = "How the sender recovers from loss: 'modern' (scoreboard, PRR, RACK-TLP, undo; "
                    + "default: ${DEFAULT-VALUE}), 'classic' (NewReno, as the papers' experiments) or 'impatient' "
                    + "(classic with RFC 6582's retransmit timer). See docs/rdp.md.")
    String recovery;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        int colon = destination.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("destination '" + destination + "' must be VADDR:PORT, e.g. 10.0.0.3:7000");
        }
        VAddr.parse(destination.substring(0, colon));
        int port;
        try {
            port = Integer.parseInt(destination.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("destination '" + destination + "': port is not a number");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("destination '" + destination + "': port must be 1-65535");
        }
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("target", destination.substring(0, colon));
        args.put("port", port);
        args.put("failFast", true);   // no route on the node: say so at once, not after the handshake timer
        if (details) {
            args.put("details", true);
        }
        try {
            args.put("recovery", org.aspen.rdp.Recovery.parse(recovery).label());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + e.getMessage());
        }
        if ((file == null) == (size == null)) {
            throw new IllegalArgumentException("give a FILE or --size, not both");
        }
        if (file != null) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("no such file: " + file);
            }
            args.put("file", file.toAbsolutePath().toString());
        } else {
            args.put("size", (long) size);
        }
        java.time.Duration quiet = ControlOptions.positive("--timeout", timeout);
        TransferPrinter printer = new TransferPrinter(spec.commandLine().getOut(), spec.commandLine().getErr(),
                output.json(), "sending");
        control.stream("rdp.send", args, quiet, printer::accept);
        TransferSummary s = printer.finish();
        return s != null && s.complete() ? Aspen.OK : Aspen.FAILURE;
    }
}
