package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.aspen.lab.build.BundledAas;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The AA developer's loop from docs/writing-an-aa.md, against nodes running on real UDP. */
class AaCommandsTest {
    /** The bundled template jar with another Aa-Version, as a rebuilt upgrade would be. */
    static byte[] withVersion(byte[] jar, String version) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            Manifest m = new Manifest(in.getManifest());
            m.getMainAttributes().putValue("Aa-Version", version);
            try (JarOutputStream j = new JarOutputStream(out, m)) {
                JarEntry e;
                while ((e = in.getNextJarEntry()) != null) {
                    j.putNextEntry(new JarEntry(e.getName()));
                    in.transferTo(j);
                    j.closeEntry();
                }
            }
        }
        return out.toByteArray();
    }

    @Test
    void deployWatchUpgradeStop(@TempDir Path dir) throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        int pc = FreePorts.udpAndTcp();
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream("""
                name: line
                timers: {hello: 100ms, dead: 1s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                  - {name: c, address: 10.0.0.3, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b]}
                  - {between: [b, c]}
                """.formatted(pa, pb, pc).getBytes()), "line.yaml", true);
        byte[] v1 = BundledAas.jar("flow-counter");
        Path jar1 = dir.resolve("fc-1.jar");
        Path jar2 = dir.resolve("fc-2.jar");
        Files.write(jar1, v1);
        Files.write(jar2, withVersion(v1, "9.9.9"));
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null);
             NodeHost c = NodeHost.start(s, "c", null, null)) {
            String ctlA = "127.0.0.1:" + a.controlAddress().getPort();
            String ctlB = "127.0.0.1:" + b.controlAddress().getPort();
            CliTest.Run r = CliTest.run("aa", "list", "--node", ctlB);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("no AAs"), r.out());

            // an untrusted jar is refused with one line; the node carries on
            Path foreign = dir.resolve("foreign.jar");
            Files.write(foreign, withVersion(v1, "0.0.1-unsigned"));
            CliTest.Run refused = CliTest.run("deploy", "--start", "--node", ctlB, foreign.toString());
            assertEquals(Aspen.FAILURE, refused.code());
            assertTrue(refused.err().contains("allow-list"), refused.err());

            r = CliTest.run("deploy", "--allow", "--start", "--param", "reportMs=1000", "--node", ctlB, jar1.toString());
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("started flow-counter@1.0.0"), r.out());

            int code = -1;
            for (int i = 0; i < 30 && code != 0; i++) {
                code = CliTest.run("ping", "10.0.0.3", "--node", ctlA, "-c", "3", "-i", "50ms").code();
            }
            assertEquals(0, code);
            r = CliTest.run("aa", "list", "--node", ctlB, "--json");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("\"state\" : \"running\""), r.out());
            assertTrue(!r.out().contains("\"packets\" : 0,"), r.out());

            r = CliTest.run("stats", "--node", ctlB);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("flow-counter@1.0.0") && r.out().contains("links"), r.out());

            r = CliTest.run("deploy", "--allow", "--upgrade", "--node", ctlB, jar2.toString());
            assertEquals(0, r.code(), r.out() + r.err());
            // no --param: the running version's parameters, and the command says so (issue 30 item 4)
            assertTrue(r.out().contains("with the running version's parameters: {\"reportMs\":\"1000\"}"), r.out());
            r = CliTest.run("aa", "list", "--node", ctlB);
            assertTrue(r.out().matches("(?s).*flow-counter@9.9.9\\s+running.*"), r.out());
            assertTrue(r.out().matches("(?s).*flow-counter@1.0.0\\s+stopped.*upgraded.*"), r.out());

            r = CliTest.run("aa", "stop", "--node", ctlB, "flow-counter@9.9.9");
            assertEquals(0, r.code(), r.err());
            assertEquals("stopped flow-counter@9.9.9", r.out().trim());   // a line for people, not raw JSON
            r = CliTest.run("aa", "logs", "--node", ctlB, "flow-counter");   // the newest instance of the name
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith("flow-counter@9.9.9 ")
                    && l.endsWith("INFO  stopped: stopped by management command")), r.out());
            r = CliTest.run("aa", "stop", "--node", ctlB, "flow-counter@9.9.9");
            assertEquals(Aspen.FAILURE, r.code());
            assertTrue(r.err().contains("no running AA"), r.err());
        }
    }

    @Test
    void badDeployArgumentsAreUsageErrors(@TempDir Path dir) {
        assertEquals(Aspen.USAGE, CliTest.run("deploy", dir.resolve("none.jar").toString()).code());
        assertEquals(Aspen.USAGE, CliTest.run("aa", "start", "not-a-digest").code());
        assertEquals(Aspen.USAGE, CliTest.run("aa").code());
    }
}
