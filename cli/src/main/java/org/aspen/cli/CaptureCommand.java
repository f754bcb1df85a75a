package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code aspen capture --node HOST:PORT --out FILE [--link L] [--aa NAME] [--duration D] [--count N]}: records a
 * running node's traffic into a pcapng file (the node's {@code capture} command; docs/capture.md).
 * Open it with {@code wireshark -X lua_script:tools/wireshark/aspen.lua FILE}.
 */
@Command(name = "capture", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Captures a running node's packets, with what the node did with each, into a pcapng file.",
                "Without --duration or --count it runs until interrupted (Ctrl-C); what arrived is kept."},
        footerHeading = "Example:%n",
        footer = "  aspen capture --node 127.0.0.1:7102 --link a-b --duration 10s --out b.pcapng")
public final class CaptureCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The pcapng file to write.")
    Path out;

    @Option(names = "--link", paramLabel = "LINK", description = "Only this link of the node (default: all its links).")
    String link;

    @Option(names = "--aa", paramLabel = "NAME",
            description = "Only packets this AA's diversion channels took or dropped (e.g. flakeway).")
    String aa;

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "D", description = "How long to capture (10s, 500ms; default: until interrupted).")
    Long duration;

    @Option(names = "--count", paramLabel = "N", defaultValue = "0", description = "Stop after N packets (default: no limit).")
    long count;

    @Option(names = "--timeout", converter = UnitConverters.Duration.class, defaultValue = "30s", paramLabel = "D",
            description = "Give up when the node sends nothing for this long (it sends every 500 ms while it captures; default: ${DEFAULT-VALUE}).")
    long timeout;

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        long durationMs = duration == null ? 0 : duration / 1_000_000L;
        if (duration != null && durationMs < 1 || count < 0) {
            throw new IllegalArgumentException("--duration must be at least 1ms and --count not negative");
        }
        Map<String, Object> args = new LinkedHashMap<>();
        if (link != null) {
            args.put("link", link);
        }
        if (aa != null) {
            args.put("aa", aa);
        }
        args.put("durationMs", durationMs);
        args.put("maxPackets", count);
        java.time.Duration quiet = ControlOptions.positive("--timeout", timeout);
        long[] packets = new long[2];
        try (OutputStream file = Files.newOutputStream(out)) {
            // the node sends a chunk every 500 ms while it captures, even an empty one
            control.stream("capture", args, quiet, d -> write(file, d, packets));
        }
        var o = spec.commandLine().getOut();
        o.println(packets[0] + " packets written to " + out + (packets[1] == 0 ? ""
                : "; " + packets[1] + " more not captured: this client read more slowly than the node recorded"));
        o.flush();
        return Aspen.OK;
    }

    private static void write(OutputStream file, JsonNode d, long[] packets) {
        if (d == null) {
            return;
        }
        try {
            file.write(Base64.getDecoder().decode(d.path("pcapng").asText("")));
            file.flush();   // an interrupted capture keeps every chunk that arrived
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        packets[0] = d.path("packets").asLong();
        packets[1] = d.path("skipped").asLong();
    }
}
