package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code aspen aa start CODE}: starts code already in a running node's cache. */
@Command(name = "start", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts code already in the node's cache, by digest, a unique digest prefix or name@version.")
final class AaStartCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CODE", description = "SHA-256 of the AA jar (hex) as 'aspen deploy' printed it,"
            + " a prefix of it no other cached jar has (as 'aspen aa list' shows it), or name@version.")
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
        if (!digest.contains("@") && !digest.matches("[0-9a-fA-F]{1,64}")) {
            throw new IllegalArgumentException("CODE must be a digest (hex), a digest prefix or name@version, not '" + digest + "'");
        }
        String code = digest.contains("@") ? digest : digest.toLowerCase(java.util.Locale.ROOT);
        JsonNode r = control.call("aa.start", Map.of("digest", code, "params", params), timeout.duration());
        spec.commandLine().getOut().println("started " + r.path("id").asText());
        spec.commandLine().getOut().flush();
        return Aspen.OK;
    }
}
