package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code aspen deploy JAR}: puts an AA's code on a running node, and optionally starts or upgrades it. */
@Command(name = "deploy", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends an AA jar to a running node's code cache; --start runs it, --upgrade replaces the running version.",
                "The node runs only code it trusts: on its allow-list (--allow puts it there, as the operator) or signed "
                        + "(--signature: an Ed25519 signature of the jar's SHA-256 by a key the node trusts)."})
public final class DeployCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "JAR", description = "The AA jar (manifest: Aa-Name, Aa-Version, Aa-Entry).")
    Path jar;

    @Option(names = "--allow", description = "Put the jar's digest on the node's allow-list.")
    boolean allow;

    @Option(names = "--start", description = "Start it after deploying.")
    boolean start;

    @Option(names = "--upgrade", description = "Start it and stop the running older version once it started.")
    boolean upgrade;

    @Option(names = "--signature", paramLabel = "FILE", description = "Ed25519 signature (64 bytes) of the jar's SHA-256.")
    Path signature;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A start parameter (repeatable).")
    Map<String, String> params = new LinkedHashMap<>();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Mixin
    RequestTimeoutOption timeout = new RequestTimeoutOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("no such file: " + jar);
        }
        if (start && upgrade) {
            throw new IllegalArgumentException("give --start or --upgrade, not both");
        }
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("jar", Base64.getEncoder().encodeToString(Files.readAllBytes(jar)));
        if (signature != null) {
            if (!Files.isRegularFile(signature)) {
                throw new IllegalArgumentException("no such file: " + signature);
            }
            args.put("signature", Base64.getEncoder().encodeToString(Files.readAllBytes(signature)));
        }
        args.put("allow", allow);
        args.put("start", start);
        args.put("upgrade", upgrade);
        args.put("params", params);
        JsonNode r = control.call("deploy", args, timeout.duration());
        var out = spec.commandLine().getOut();
        out.println("deployed " + jar.getFileName() + ": digest " + r.path("digest").asText());
        if (r.hasNonNull("id")) {
            out.println((upgrade ? "upgraded to " : "started ") + r.path("id").asText());
        }
        if (upgrade && r.has("params")) {
            // which start parameters the new version got: the running one's when none were given
            out.println((r.path("paramsKept").asBoolean(false) ? "with the running version's parameters: "
                    : "with parameters: ") + (r.path("params").isEmpty() ? "none" : r.path("params").toString()));
        }
        out.flush();
        return Aspen.OK;
    }
}
