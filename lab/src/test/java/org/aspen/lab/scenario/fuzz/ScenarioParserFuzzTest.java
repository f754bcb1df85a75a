package org.aspen.lab.scenario.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;

/**
 * Fuzz target for the scenario parser: any input yields a {@link Scenario} or a
 * {@link ConfigException} whose message is one line naming the file; never another exception.
 * Regression corpus: {@code src/test/resources/org/aspen/lab/fuzz/ScenarioParserFuzzTestInputs/parse/};
 * fuzzing: docs/fuzzing.md.
 */
class ScenarioParserFuzzTest {

    /** Byte 0 chooses the syntax (bit 0 set: JSON, else YAML); the rest is the file. */
    @FuzzTest(maxDuration = "60s")
    void parse(byte[] input) {
        if (input.length < 1) {
            return;
        }
        boolean yaml = (input[0] & 1) == 0;
        byte[] file = Arrays.copyOfRange(input, 1, input.length);
        check(file, yaml);
    }

    static void check(byte[] file, boolean yaml) {
        String label = yaml ? "fuzz.yaml" : "fuzz.json";
        try {
            Scenario s = ScenarioLoader.parse(new ByteArrayInputStream(file), label, yaml);
            assertNotNull(s);
        } catch (ConfigException e) {
            String m = e.getMessage();
            assertNotNull(m);
            assertTrue(m.startsWith(label + ": "), () -> "message does not name the file: " + m);
            assertFalse(m.contains("\n") || m.contains("\r"), () -> "message is not one line: " + m);
        }
    }
}
