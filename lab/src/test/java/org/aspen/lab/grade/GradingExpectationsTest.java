package org.aspen.lab.grade;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The expectations added for grading labs: rtt, loss, stat; judged in a small simulated run. */
class GradingExpectationsTest {
    static final String BASE = """
            name: grading
            duration: 6s
            nodes:
              - {name: a, address: 10.0.0.1}
              - {name: b, address: 10.0.0.2}
            links:
              - {between: [a, b], bandwidth: 10Mbps, delay: 10ms}
            workload:
              pings:
                - {from: a, to: b, count: 10, interval: 100ms, start: 2s}
              transfers:
                - {name: small, from: a, to: b, size: 20KB, start: 2s}
            expect:
            """;

    static Scenario parse(String expect) {
        return ScenarioLoader.parse(new ByteArrayInputStream((BASE + expect).getBytes(StandardCharsets.UTF_8)), "g.yaml", true);
    }

    @Test
    void boundsAreJudgedAgainstWhatTheRunMeasured() throws Exception {
        Scenario s = parse("""
                  - {type: rtt, from: a, to: b, min: 19ms, max: 25ms}
                  - {type: rtt, from: a, to: b, max: 15ms}
                  - {type: loss, from: a, to: b, max: 0%}
                  - {type: loss, from: a, to: b, min: 10%}
                  - {type: stat, transfer: small, stat: retransmissions, atMost: 0}
                  - {type: stat, transfer: small, stat: closesByCause.TIMEOUT, atMost: 0}
                  - {type: stat, transfer: small, stat: aecnEchoes, atLeast: 1}
                  - {type: stat, transfer: small, stat: noSuchNumber, atLeast: 1}
                """);
        LabResult r = LabRunner.run(s, new LabRunner.Options(true, 1L, null, null, null));
        List<Boolean> held = r.expectations().stream().map(ExpectationResult::passed).toList();
        assertEquals(List.of(true, false, true, false, true, true, false, false), held, r.summary());
        assertTrue(r.expectations().get(7).measured().toString().contains("no such number"), r.summary());
    }

    @Test
    void badReferencesAreOneLineErrors() {
        String[][] cases = {
                {"  - {type: rtt, from: a, to: c, max: 10ms}", "no node named 'c'"},
                {"  - {type: rtt, from: b, to: a, max: 10ms}", "no ping workload from 'b' to 'a'"},
                {"  - {type: rtt, from: a, to: b}", "give min, max or both"},
                {"  - {type: loss, from: a, to: b, max: lots}", "expect[0].max"},
                {"  - {type: stat, transfer: big, stat: retransmissions, atMost: 1}", "no transfer or flow named 'big'"},
                {"  - {type: stat, transfer: small, atMost: 1}", "expect[0].stat: missing"},
        };
        for (String[] c : cases) {
            ConfigException e = assertThrows(ConfigException.class, () -> parse(c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]) && !e.getMessage().contains("\n"), c[0] + " -> " + e.getMessage());
        }
    }
}
