package org.aspen.lab.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.NodeReport;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scenario's {@code auth} block: ACC and routing with authenticated control in a lab, and config errors. */
class AuthLabTest {
    static final String DUMBBELL = """
            name: acc-auth
            duration: 15s
            %s
            nodes:
              - {name: s1, address: 10.0.0.1}
              - {name: r1, address: 10.0.0.3, acc: filter}
              - {name: r2, address: 10.0.0.4, acc: {monitor: true, minRtt: 0ms, maxDelete: 64}}
              - {name: d1, address: 10.0.0.5}
            links:
              - {between: [s1, r1], bandwidth: 10Mbps, delay: 10ms}
              - {between: [r1, r2], bandwidth: 10Mbps, delay: 50ms}
              - {between: [r2, d1], bandwidth: 1.5Mbps, delay: 10ms, buffer: 20}
            workload:
              flows:
                - {name: f1, from: s1, to: d1, start: 1s, segment: 940}
            expect:
              - {type: counter, node: r2, counter: aa.acc-monitor.metrics.filterRequestsSent, atLeast: 1}
              - {type: counter, node: r1, counter: aa.acc-filter.metrics.packetsFiltered, atLeast: 1}
            %s
            """;

    @Test
    void accAndRoutingWorkWithAuthenticatedControlAndTheReportCountsIt(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("r2.key"), "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\n");
        String auth = """
                auth:
                  keys:
                    - {id: 1, secret: "hex:0101010101010101010101010101010101", nodes: [s1]}
                    - {id: 2, secret: "base64:AgICAgICAgICAgICAgICAgICAgI=", nodes: [r1]}
                    - {id: 3, secret: "file:r2.key", nodes: [r2]}
                    - {id: 4, secret: "hex:04040404040404040404040404040404", nodes: [d1]}
                    - {id: 10, secret: "hex:0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a", links: [r1-r2]}
                """;
        String expect = """
                  - {type: counter, node: r1, counter: auth.aa-request.verified, atLeast: 1}
                  - {type: counter, node: s1, counter: auth.rdp-notify.verified, atLeast: 1}
                  - {type: counter, node: r2, counter: auth.routing.verified, atLeast: 1}
                  - {type: counter, node: r2, counter: drops.auth-forged, atMost: 0}
                  - {type: counter, node: r1, counter: drops.auth-unsigned, atMost: 0}
                """;
        Scenario s = CrossAndAccTest.yaml(DUMBBELL.formatted(auth, expect));
        LabResult r = LabRunner.run(s, new LabRunner.Options(true, 1L, null, null, null, dir, null));
        assertTrue(r.passed(), r.summary());
        NodeReport r1 = r.nodes().get("r1");
        assertTrue(r1.auth() != null, r1.toString());
    }

    @Test
    void withoutAnAuthBlockNothingIsSigned() throws Exception {
        Scenario s = CrossAndAccTest.yaml(DUMBBELL.formatted("", ""));
        LabResult r = CrossAndAccTest.sim(s, 1);
        assertTrue(r.passed(), r.summary());
        assertEquals(null, r.nodes().get("r1").auth());
    }

    @Test
    void badAuthBlocksAreOneLineErrorsNamingTheField() {
        String base = """
                name: bad
                nodes: [{name: a, address: 10.0.0.1}, {name: b, address: 10.0.0.2}]
                links: [{between: [a, b]}]
                auth: {keys: [%s]%s}
                """;
        String[][] cases = {
            {"{id: 0, secret: 'hex:00112233445566778899aabbccddeeff'}", "", "auth.keys[0].id: give a key id 1-65535"},
            {"{id: 1, secret: 'hex:0011'}", "", "auth.keys[0].secret: key 1: a secret of 2 bytes is too short"},
            {"{id: 1, secret: 'hex:zz'}", "", "auth.keys[0].secret: secret is not valid hex"},
            {"{id: 1, secret: 'plain'}", "", "auth.keys[0].secret: a secret must start with hex:, base64: or file:"},
            {"{id: 1, secret: 'file:k', nodes: [x]}", "", "auth.keys[0].nodes: no node named 'x'"},
            {"{id: 1, secret: 'file:k', links: [a-c]}", "", "auth.keys[0].links: no link named 'a-c'"},
            {"{id: 1, secret: 'file:k', nodes: [a], links: [a-b]}", "", "auth.keys[0]: a key is a node key (nodes) or a link key"},
            {"{id: 1, secret: 'file:k'}, {id: 1, secret: 'file:j'}", "", "auth.keys[1].id: key id 1 appears twice"},
            {"{id: 1, secret: 'file:k', nodes: [a]}, {id: 2, secret: 'file:j', nodes: [a]}", "",
                "auth.keys[1].nodes: node 'a' already has a key of its own"},
            {"{id: 1, secret: 'file:k'}", ", protect: [acc]", "auth.protect: unknown kind 'acc'"},
            {"{id: 1, secret: 'file:k', kind: x}", "", "unknown field 'kind'"},
        };
        for (String[] c : cases) {
            ConfigException e = assertThrows(ConfigException.class, () -> CrossAndAccTest.yaml(base.formatted(c[0], c[1])), c[0]);
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    @Test
    void aMissingKeyFileIsAConfigErrorAtStart(@TempDir Path dir) {
        Scenario s = CrossAndAccTest.yaml("""
                name: nokey
                nodes: [{name: a, address: 10.0.0.1}]
                auth: {keys: [{id: 1, secret: "file:none.key", nodes: [a]}]}
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> LabRunner.run(s, new LabRunner.Options(true, 1L, null, null, null, dir, null)));
        assertEquals("auth.keys[0].secret: no key file " + dir.resolve("none.key") + " (create it with: aspen keygen FILE)",
                e.getMessage());
    }
}
