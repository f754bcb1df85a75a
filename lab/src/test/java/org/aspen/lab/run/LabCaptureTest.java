package org.aspen.lab.run;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.capture.PcapngReader;
import org.aspen.vnet.capture.PcapngWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A simulated lab with an RDP transfer through a flakeway hop writes a pcapng file; the file is
 * checked in Java, and, when tshark is installed (CI installs it), decoded with the repository's
 * Wireshark dissector and compared field by field with what Java reads from the same frames.
 */
class LabCaptureTest {
    static final String SCENARIO = """
            name: capture-lab
            seed: 5
            duration: 4s
            nodes:
              - {name: a, address: 10.0.0.1}
              - name: b
                address: 10.0.0.2
                flakeway:
                  - {name: lossy, match: {proto: rdp}, loss: 3%}
              - {name: c, address: 10.0.0.3}
            links:
              - {between: [a, b], bandwidth: 10Mbps, delay: 5ms, buffer: 50}
              - {between: [b, c], bandwidth: 2Mbps, delay: 5ms, buffer: 10}
            workload:
              transfers:
                - {name: bulk, from: a, to: c, size: 100KB, start: 1s}
            capture: {file: lab.pcapng, nodes: [b], links: [a-b, b-c]}
            expect:
              - {type: transfer, transfer: bulk}
            """;

    static Path runLab(Path dir) throws Exception {
        LabResult r = lab(SCENARIO, dir);
        assertTrue(r.passed(), r.summary());
        return dir.resolve("lab.pcapng");
    }

    static LabResult lab(String yaml, Path dir) throws Exception {
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "capture-lab", true);
        return LabRunner.run(s, new LabRunner.Options(true, null, null, null, null, dir, null));
    }

    @Test
    void capturingDoesNotChangeTheRun(@TempDir Path dir) throws Exception {
        LabResult with = lab(SCENARIO, dir);
        LabResult without = lab(SCENARIO.replaceAll("capture: .*\\n", ""), dir);
        assertTrue(Files.size(dir.resolve("lab.pcapng")) > 100_000);
        assertEquals(without.traceHash(), with.traceHash());
        assertEquals(without.traceEvents(), with.traceEvents());
    }

    /** RDP segment fields read in Java from a captured VNet frame (docs/rdp.md), or null when not RDP data. */
    record Rdp(String src, String dst, long seq, double cwnd) {
        static Rdp of(byte[] f) {
            if (f[3] != 1 || (f[1] & 0x04) != 0) {
                return null;
            }
            int parts = f[20 + 10] & 0xff;
            if ((parts & 1) == 0 || ((f[21] & 0x80) != 0)) {
                return null;    // no sender state (or a SYN, whose options come first)
            }
            long seq = u32(f, 20 + 12);
            double cwnd = u32(f, 20 + 24) / 65536.0;
            return new Rdp(addr(f, 4), addr(f, 8), seq, cwnd);
        }
    }

    static long u32(byte[] b, int o) {
        return ((b[o] & 0xffL) << 24) | ((b[o + 1] & 0xffL) << 16) | ((b[o + 2] & 0xffL) << 8) | (b[o + 3] & 0xffL);
    }

    static String addr(byte[] b, int o) {
        return (b[o] & 0xff) + "." + (b[o + 1] & 0xff) + "." + (b[o + 2] & 0xff) + "." + (b[o + 3] & 0xff);
    }

    @Test
    void labWritesEveryCapturePointWithActions(@TempDir Path dir) throws Exception {
        PcapngReader.Capture c = PcapngReader.read(Files.readAllBytes(runLab(dir)));
        assertEquals(List.of("b:a-b", "b:b-c"), c.interfaces().stream().map(PcapngReader.Iface::name).sorted().toList());
        c.interfaces().forEach(i -> assertEquals(PcapngWriter.LINKTYPE_VNET, i.linkType()));
        long last = -1;
        int diverted = 0;
        int sentData = 0;
        for (PcapngReader.Pkt p : c.packets()) {
            assertTrue(p.nanos() >= last, "timestamps in virtual time never go back");
            last = p.nanos();
            assertTrue(p.comment().startsWith("node=b link="), p.comment());
            if (p.comment().contains("action=diverted")) {
                diverted++;
                assertEquals(PcapngWriter.INBOUND, p.direction());
            }
            if (p.comment().equals("node=b link=b-c dir=out action=sent") && Rdp.of(p.data()) != null) {
                sentData++;
            }
        }
        // the flakeway AA on b diverts RDP from both links; the data goes on towards c
        assertTrue(diverted > 70, "diverted " + diverted);
        assertTrue(sentData >= 100_000 / 1400, "data segments sent on b-c: " + sentData);
        // who dropped what: the flakeway AA (3% loss) on packets it diverted, and b-c's full queue (2 Mb/s, 10 packets)
        assertTrue(c.packets().stream().anyMatch(p -> p.comment().startsWith("node=b link=a-b dir=in action=diverted by=aa:flakeway@")));
        assertTrue(c.packets().stream().anyMatch(p -> p.comment().matches("node=b link=(a-b|b-c) dir=- action=dropped by=aa:flakeway@\\S+ reason=filtered")));
        assertTrue(c.packets().stream().anyMatch(p -> p.comment().equals("node=b link=b-c dir=out action=dropped by=queue:droptail reason=overflow")));
        assertTrue(c.packets().stream().anyMatch(p -> p.comment().contains("action=forwarded")
                || p.comment().contains("action=delivered")), "hellos and LSAs are delivered");
    }

    @Test
    void tsharkDecodesTheCaptureWithTheDissector(@TempDir Path dir) throws Exception {
        boolean haveTshark = canRun("tshark", "-v");
        if (!haveTshark) {
            System.out.println("SKIPPED LabCaptureTest.tsharkDecodesTheCaptureWithTheDissector: tshark is not installed "
                    + "(apt-get install tshark; .ci/run installs it)");
        }
        Assumptions.assumeTrue(haveTshark, "tshark is not installed");
        Path file = runLab(dir);
        Path lua = repoFile("tools/wireshark/aspen.lua");
        List<String> rows = run(dir, "tshark", "-X", "lua_script:" + lua, "-r", file.toString(), "-T", "fields",
                "-E", "separator=|", "-e", "aspen.src", "-e", "aspen.dst", "-e", "aspen.rdp.seq",
                "-e", "aspen.rdp.state.cwnd", "-e", "aspen.meta.node", "-e", "aspen.meta.action", "-e", "aspen.ecn");
        PcapngReader.Capture c = PcapngReader.read(Files.readAllBytes(file));
        assertEquals(c.packets().size(), rows.size(), "one line per frame");
        int checked = 0;
        for (int i = 0; i < rows.size(); i++) {
            String[] f = rows.get(i).split("\\|", -1);
            byte[] frame = c.packets().get(i).data();
            assertEquals(addr(frame, 4), f[0], "source of frame " + (i + 1));
            assertEquals(addr(frame, 8), f[1], "destination of frame " + (i + 1));
            assertEquals("b", f[4], "metadata node of frame " + (i + 1));
            String comment = c.packets().get(i).comment();
            assertTrue(comment.contains("action=" + f[5] + (f[5].isEmpty() ? "x" : "")), comment + " vs " + f[5]);
            Rdp r = Rdp.of(frame);
            if (r != null) {
                assertEquals(Long.toString(r.seq()), f[2], "RDP seq of frame " + (i + 1));
                assertEquals(r.cwnd(), Double.parseDouble(f[3]), 1e-6, "cwnd of frame " + (i + 1));
                checked++;
            }
        }
        assertTrue(checked > 70, "RDP data frames cross-checked: " + checked);

        // live captures: the same frames as UDP datagrams decode by port and through the heuristic
        Path udp = dir.resolve("udp.pcapng");
        try (var o = Files.newOutputStream(udp)) {
            PcapngWriter w = new PcapngWriter(o, "test");
            int raw = w.addInterface(101, "lo", "raw IPv4");     // LINKTYPE_RAW
            for (int i = 0; i < c.packets().size(); i++) {
                PcapngReader.Pkt p = c.packets().get(i);
                // even: the examples' ports (claimed by the dissector); odd: any ports (the heuristic)
                byte[] d = i % 2 == 0 ? ipv4Udp(p.data(), 7001, 7002) : ipv4Udp(p.data(), 40001, 40002);
                w.writePacket(raw, p.nanos(), d, 0, d.length, 0, null);
            }
        }
        List<String> live = run(dir, "tshark", "-X", "lua_script:" + lua, "-r", udp.toString(), "-T", "fields",
                "-E", "separator=|", "-e", "aspen.src", "-e", "aspen.rdp.seq");
        assertEquals(c.packets().size(), live.size());
        for (int i = 0; i < live.size(); i++) {
            assertEquals(addr(c.packets().get(i).data(), 4), live.get(i).split("\\|", -1)[0], "UDP frame " + (i + 1));
        }
    }

    @Test
    void tsharkDecodesAnAccNotificationAndTheCongestionBits(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(canRun("tshark", "-v"), "tshark is not installed");
        org.aspen.rdp.ConnectionId data = new org.aspen.rdp.ConnectionId(org.aspen.vnet.VAddr.parse("10.0.0.1"), 49152,
                org.aspen.vnet.VAddr.parse("10.0.0.3"), 5000);
        org.aspen.vnet.packet.Packet n = org.aspen.rdp.RdpPackets.notification(data, 77, 5.5, 4.25, 3);
        n.setEcn(org.aspen.vnet.packet.Ecn.CE);
        n.setAecn(true);
        n.setAcnsCommand(1);
        byte[] frame = n.frame();
        Path file = dir.resolve("ntf.pcapng");
        try (var o = Files.newOutputStream(file)) {
            PcapngWriter w = new PcapngWriter(o, "test");
            w.writePacket(w.addInterface(PcapngWriter.LINKTYPE_VNET, "b:a-b", "b"), 0, frame, 0, frame.length,
                    PcapngWriter.OUTBOUND, "node=b link=a-b dir=out action=sent");
        }
        List<String> rows = run(dir, "tshark", "-X", "lua_script:" + repoFile("tools/wireshark/aspen.lua"), "-r", file.toString(),
                "-T", "fields", "-E", "separator=|", "-e", "aspen.src", "-e", "aspen.dst", "-e", "aspen.rdp.flags.ntf",
                "-e", "aspen.rdp.ntf.seq", "-e", "aspen.rdp.ntf.window", "-e", "aspen.rdp.ntf.ssthresh",
                "-e", "aspen.rdp.ntf.delete_count", "-e", "aspen.ecn", "-e", "aspen.aecn", "-e", "aspen.acns");
        // forged by the network as if from the receiver: source 10.0.0.3, destination the data sender
        assertEquals(List.of("10.0.0.3|10.0.0.1|1|77|5.5|4.25|3|3|1|1"), rows.stream().map(r -> r.replace("True", "1")).toList());
    }

    @Test
    void tsharkDecodesTheAuthTrailerAndRateAdvice(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(canRun("tshark", "-v"), "tshark is not installed");
        // authenticated control in a lab: every hello b sends or receives carries a trailer
        LabResult r = lab("""
                name: capture-auth
                seed: 2
                duration: 2s
                auth:
                  keys:
                    - {id: 5, secret: "hex:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"}
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: b, address: 10.0.0.2}
                links:
                  - {between: [a, b], bandwidth: 10Mbps, delay: 5ms}
                capture: {file: auth.pcapng, nodes: [b]}
                """, dir);
        assertTrue(r.passed(), r.summary());
        Path file = dir.resolve("auth.pcapng");
        PcapngReader.Capture c = PcapngReader.read(Files.readAllBytes(file));
        List<String> rows = run(dir, "tshark", "-X", "lua_script:" + repoFile("tools/wireshark/aspen.lua"), "-r", file.toString(),
                "-T", "fields", "-E", "separator=|", "-e", "aspen.auth.key_id", "-e", "aspen.auth.signer",
                "-e", "aspen.auth.counter", "-e", "aspen.ctl.type");
        assertEquals(c.packets().size(), rows.size());
        int signed = 0;
        for (int i = 0; i < rows.size(); i++) {
            byte[] frame = c.packets().get(i).data();
            String[] f = rows.get(i).split("\\|", -1);
            if ((frame[1] & org.aspen.vnet.packet.Packet.FLAG_AUTH) == 0) {
                assertEquals("", f[0], "frame " + (i + 1) + " has no trailer");
                continue;
            }
            var t = org.aspen.vnet.auth.AuthTrailer.parse(frame, frame.length - 32);
            assertEquals(Integer.toString(t.keyId()), f[0], "key id of frame " + (i + 1));
            assertEquals(org.aspen.vnet.VAddr.of(t.signer()).toString(), f[1], "signer of frame " + (i + 1));
            assertEquals(Long.toString(t.counter()), f[2], "counter of frame " + (i + 1));
            assertTrue(!f[3].isEmpty(), "the control message under the trailer still decodes (frame " + (i + 1) + ")");
            signed++;
        }
        assertTrue(signed > 10, "signed frames: " + signed);

        // ACC-ABCD's advice to a sender: segment size, pace, lifetime, available bandwidth
        org.aspen.rdp.ConnectionId data = new org.aspen.rdp.ConnectionId(org.aspen.vnet.VAddr.parse("10.0.0.1"), 49152,
                org.aspen.vnet.VAddr.parse("10.0.0.3"), 5000);
        byte[] adv = org.aspen.rdp.RdpPackets.advice(data, new org.aspen.rdp.RateAdvice(9, 600, 40_000, 2000, 300_000)).frame();
        Path advFile = dir.resolve("advice.pcapng");
        try (var o = Files.newOutputStream(advFile)) {
            PcapngWriter w = new PcapngWriter(o, "test");
            w.writePacket(w.addInterface(PcapngWriter.LINKTYPE_VNET, "r:r-b", "r"), 0, adv, 0, adv.length,
                    PcapngWriter.OUTBOUND, "node=r link=r-b dir=out action=sent");
        }
        List<String> a = run(dir, "tshark", "-X", "lua_script:" + repoFile("tools/wireshark/aspen.lua"), "-r", advFile.toString(),
                "-T", "fields", "-E", "separator=|", "-e", "aspen.rdp.parts.advice", "-e", "aspen.rdp.advice.seq",
                "-e", "aspen.rdp.advice.segment_size", "-e", "aspen.rdp.advice.lifetime_ms", "-e", "aspen.rdp.advice.pace",
                "-e", "aspen.rdp.advice.available");
        assertEquals(List.of("1|9|600|2000|40000|300000"), a.stream().map(x -> x.replace("True", "1")).toList());
    }

    /** An IPv4 + UDP datagram (127.0.0.1 to itself) carrying {@code payload}; UDP checksum 0 (none). */
    static byte[] ipv4Udp(byte[] payload, int sport, int dport) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(28 + payload.length);
        b.put((byte) 0x45).put((byte) 0).putShort((short) (28 + payload.length)).putInt(0)
                .put((byte) 64).put((byte) 17).putShort((short) 0).putInt(0x7f000001).putInt(0x7f000001);
        int sum = 0;
        for (int i = 0; i < 20; i += 2) {
            sum += b.getShort(i) & 0xffff;
        }
        sum = (sum & 0xffff) + (sum >>> 16);
        b.putShort(10, (short) ~((sum & 0xffff) + (sum >>> 16)));
        b.putShort((short) sport).putShort((short) dport).putShort((short) (8 + payload.length)).putShort((short) 0);
        b.put(payload);
        return b.array();
    }

    @Test
    void captureEntryNamesExistingNodesAndLinks() {
        String bad = SCENARIO.replace("nodes: [b], links", "nodes: [x], links");
        ConfigException e = assertThrows(ConfigException.class, () -> ScenarioLoader.parse(
                new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)), "bad.yaml", true));
        assertEquals("bad.yaml: capture.nodes[0]: no node named 'x'", e.getMessage());
    }

    static Path repoFile(String rel) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(rel))) {
                return d.resolve(rel);
            }
        }
        throw new IllegalStateException(rel + " not found above " + Path.of("").toAbsolutePath());
    }

    static boolean canRun(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    static List<String> run(Path dir, String... cmd) throws Exception {
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        List<String> lines = new ArrayList<>(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "tshark finished");
        String stderr = Files.readString(err);
        assertEquals(0, p.exitValue(), "tshark failed: " + stderr);
        assertTrue(!stderr.contains("Lua") && !stderr.contains("lua"), "dissector errors: " + stderr);
        return lines;
    }
}
