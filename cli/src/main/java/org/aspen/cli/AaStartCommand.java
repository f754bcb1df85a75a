package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code aspen aa start DIGEST}: starts code already in a running node's cache. */
@Command(name = "start", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts code already in the node's cache, by digest.")
final class AaStartCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIGEST", description = "SHA-256 of the AA jar (hex), as 'aspen deploy' printed it.")
    String digest;

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
        if (!digest.matches("[0-9a-fA-F]{64}")) {
            throw new IllegalArgumentException("DIGEST must be 64 hex digits (a SHA-256)");
        }
        JsonNode r = control.call("aa.start", Map.of("digest", digest.toLowerCase(), "params", params), timeout.duration());
        spec.commandLine().getOut().println("started " + r.path("id").asText());
        spec.commandLine().getOut().flush();
        return Aspen.OK;
    }
}
