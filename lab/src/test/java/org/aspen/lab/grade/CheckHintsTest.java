package org.aspen.lab.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.aspen.lab.scenario.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check's {@code hint} by expectation kind: the student sees the hint of each kind that failed
 * (and not the others'), {@code default} when the scenario does not run, and a key that is no kind
 * is an error naming it.
 */
class CheckHintsTest {
    static final String SCENARIO = """
            name: h
            duration: 4s
            nodes:
              - {name: a, address: 10.0.0.1}
              - {name: b, address: 10.0.0.2}
              - {name: c, address: 10.0.0.3}
            links:
              - {between: [a, b]}
            workload:
              pings: [{from: a, to: c, count: 3, interval: 200ms, start: 1s}]
            """;

    @Test
    void eachFailedKindGetsItsOwnHint(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("h.yaml"), SCENARIO);
        Files.writeString(dir.resolve(LabCheck.CHECK_FILE), """
                lab: hints
                checks:
                  - scenario: h.yaml
                    hint: {pings: "c has no link: add one from b to c", counter: "never shown: the counter holds", default: "not shown either"}
                    expect:
                      - {type: pings, from: a, to: c, atLeast: 100%}
                      - {type: counter, node: a, counter: drops.ttl-exceeded, atMost: 0}
                  - scenario: missing.yaml
                    hint: {pings: "not this one", default: "write missing.yaml first"}
                """);
        LabCheck.Report r = LabCheck.run(dir, p -> { });
        List<String> hints = r.summary().lines().filter(l -> l.startsWith("    hint:")).toList();
        assertEquals(List.of("    hint: c has no link: add one from b to c", "    hint: write missing.yaml first"), hints, r.summary());
    }

    @Test
    void aHintKeyThatIsNoKindIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("h.yaml"), SCENARIO);
        Path check = Files.writeString(dir.resolve(LabCheck.CHECK_FILE), """
                checks:
                  - scenario: h.yaml
                    hint: {pingz: "typo"}
                """);
        String m = assertThrows(ConfigException.class, () -> LabCheck.readCheckFile(check)).getMessage();
        assertTrue(m.startsWith(check + ": checks[0].hint.pingz: not an expectation kind (kinds: "), m);
        assertTrue(m.endsWith(", default)"), m);
    }
}
