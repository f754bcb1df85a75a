package org.aspen.experiments.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;

/**
 * A {@link Scenario} record as a scenario file, written by Jackson from the record (what
 * {@code --print-scenario} prints for {@code aspen lab}), and read back through the lab's strict
 * loader.
 *
 * <pre>{@code
 * String yaml = ScenarioYaml.write(scenario);      // loads with 'aspen lab --sim FILE'
 * Scenario back = ScenarioYaml.read(yaml, "x.yaml"); // equals scenario
 * }</pre>
 *
 * Fields left null or empty are left out, so the file holds what was set and nothing else.
 */
public final class ScenarioYaml {
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build());

    private ScenarioYaml() {
    }

    public static String write(Scenario s) {
        JsonNode tree = YAML.valueToTree(s);
        prune(tree);
        try {
            return YAML.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses and checks a scenario file's text as {@code aspen lab} does; {@code label} names it in errors. */
    public static Scenario read(String yaml, String label) {
        return ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), label, true);
    }

    /** Removes nulls, empty lists and empty mappings, innermost first; true when {@code n} is then empty. */
    private static boolean prune(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.properties().removeIf(e -> prune(e.getValue()));
            return o.isEmpty();
        }
        if (n instanceof ArrayNode a) {
            for (int i = a.size() - 1; i >= 0; i--) {
                if (prune(a.get(i))) {
                    a.remove(i);
                }
            }
            return a.isEmpty();
        }
        return n == null || n.isNull();
    }
}
