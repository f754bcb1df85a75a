package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.capture.PcapngReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aspen capture} against a running {@code aspen node} (two hosts in this JVM on loopback UDP). */
class CaptureCommandTest {
    @Test
    void capturesARunningNodesLinkIntoPcapng(@TempDir Path dir) throws Exception {
        Scenario s = CliTest.loopbackPair("cap");
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null)) {
            String cb = "127.0.0.1:" + b.controlAddress().getPort();
            Path out = dir.resolve("b.pcapng");
            long before = System.currentTimeMillis() * 1_000_000L;
            CliTest.Run run = CliTest.run("capture", "--node", cb, "--link", "a-b", "--count", "6", "--out", out.toString());
            long after = System.currentTimeMillis() * 1_000_000L;
            assertEquals(0, run.code(), run.err());
            PcapngReader.Capture c = PcapngReader.read(Files.readAllBytes(out));
            assertEquals("aspen node b", c.application());
            assertTrue(c.packets().size() >= 6, run.out());
            assertTrue(run.out().contains(c.packets().size() + " packets written to " + out), run.out());
            assertEquals("b:a-b", c.interfaces().get(0).name());
            boolean in = false;
            boolean sent = false;
            for (PcapngReader.Pkt p : c.packets()) {
                assertTrue(p.comment().startsWith("node=b link=a-b dir="), p.comment());
                assertTrue(p.nanos() >= before - 1_000_000_000L && p.nanos() <= after + 1_000_000_000L, "wall-clock timestamps");
                in |= p.comment().startsWith("node=b link=a-b dir=in action=delivered");
                sent |= p.comment().equals("node=b link=a-b dir=out action=sent");
            }
            assertTrue(in && sent, "hellos both ways");

            // per diversion point: only what the flakeway AA takes (a rule that matches b's incoming control traffic)
            CliTest.Run rule = CliTest.run("flakeway", "set", "--node", cb, "name tap; match dst=255.255.255.255 proto=control; delay 1ms");
            assertEquals(0, rule.code(), rule.err());
            Path fw = dir.resolve("fw.pcapng");
            CliTest.Run aa = CliTest.run("capture", "--node", cb, "--aa", "flakeway", "--count", "2", "--out", fw.toString());
            assertEquals(0, aa.code(), aa.err());
            PcapngReader.Capture f = PcapngReader.read(Files.readAllBytes(fw));
            assertTrue(f.packets().size() >= 2, aa.out());
            for (PcapngReader.Pkt p : f.packets()) {
                assertTrue(p.comment().matches("node=b link=a-b dir=in action=diverted by=aa:flakeway@\\S+"), p.comment());
            }

            CliTest.Run bad = CliTest.run("capture", "--node", cb, "--link", "x-y", "--out", dir.resolve("x.pcapng").toString());
            assertEquals(Aspen.FAILURE, bad.code());
            assertTrue(bad.err().contains("node b has no link 'x-y' (links: a-b)"), bad.err());
        }
    }
}
