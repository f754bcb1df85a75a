package org.aspen.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.List;
import java.util.stream.IntStream;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.config.Units;
import org.junit.jupiter.api.Test;

/**
 * Each validation case's files agree with its entry in {@link ValidationCases}: the ns-2 script and
 * the scripts it sources are on the class path, and both Aspen halves run the flows the runners
 * count, from the starts they count from, for the case's duration, over the watched link; the ns-2
 * models' half on {@code transport: ns2-reno} and {@code segment} as the case counts, the RDP half on
 * RDP. Neither simulator runs.
 */
class ValidationCasesTest {
    @Test
    void everyCaseHasItsScriptsAndBothScenariosCountTheCasesFlows() throws Exception {
        for (String shared : ValidationCases.SHARED_TCL) {
            assertNotNull(ValidationCasesTest.class.getResource(ValidationCases.RESOURCES + shared), shared);
        }
        for (ValidationCase c : ValidationCases.all()) {
            assertNotNull(ValidationCasesTest.class.getResource(c.tclResource()), c.tclResource());
            for (ValidationCase.Baseline b : ValidationCase.Baseline.values()) {
                String where = c.yamlResource(b);
                Scenario s;
                try (InputStream in = ValidationCasesTest.class.getResourceAsStream(where)) {
                    assertNotNull(in, where);
                    s = ScenarioLoader.parse(in, where, true);
                }
                assertEquals(Math.round(c.durationSeconds() * 1e9), s.durationNanos(), where);
                List<Scenario.FlowSpec> flows = s.workload().flows() == null ? List.of() : s.workload().flows();
                // the compared flows are the scenario's first ones (PURPLE's cases compare 10 of their 40 flows)
                assertTrue(flows.size() >= c.flows().size(), where + " has fewer flows than the case compares");
                assertEquals(c.flows(), IntStream.range(0, c.flows().size()).mapToObj(i -> flows.get(i).nameAt(i)).toList(), where);
                for (int i = 0; i < flows.size(); i++) {
                    Scenario.FlowSpec f = flows.get(i);
                    if (i < c.flows().size()) {
                        assertEquals(Math.round(c.flowStarts().get(i) * 1e9), Units.nanos(f.start()), where + " " + f.name());
                    }
                    assertEquals(c.segment(), f.segment(), where + " " + f.name());
                    assertEquals(b == ValidationCase.Baseline.NS2 ? "ns2-reno" : null, f.transport(), where + " " + f.name());
                }
                String[] end = c.bottleneck().split("@");
                assertTrue(s.links().stream().anyMatch(l -> l.linkName().equals(end[0]) && l.between().contains(end[1])),
                        where + " has no link " + c.bottleneck());
            }
        }
    }

    @Test
    void acnsCasesCountPacketsOf1040BytesWith980DataBytes() {
        // ns-2.35's packetSize_ 1000 plus the 40-byte TCP/IP header; RDP's data segment carries 60 bytes of headers
        ValidationCase c = ValidationCases.byName("acns-droptail-88ms");
        assertEquals(1040, c.dataFrame());
        assertEquals(980, c.segment());
    }
}
