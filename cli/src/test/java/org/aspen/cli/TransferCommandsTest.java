package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aspen send} and {@code aspen recv} against two nodes running on real UDP. */
class TransferCommandsTest {
    @Test
    void fileArrivesIntactWithSummary(@TempDir Path dir) throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream("""
                name: pair
                routing: auto
                timers: {hello: 100ms, dead: 1s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 50Mbps}
                """.formatted(pa, pb).getBytes()), "pair.yaml", true);
        byte[] data = new byte[1_500_000];
        new SplittableRandom(9).nextBytes(data);
        Path in = dir.resolve("in.bin");
        Path out = dir.resolve("out.bin");
        Files.write(in, data);
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null)) {
            String ctlA = "127.0.0.1:" + a.controlAddress().getPort();
            String ctlB = "127.0.0.1:" + b.controlAddress().getPort();
            // wait for routing: a can reach b
            int code = -1;
            for (int i = 0; i < 30 && code != 0; i++) {
                code = CliTest.run("ping", "10.0.0.2", "--node", ctlA, "-c", "1").code();
            }
            assertEquals(0, code);
            CompletableFuture<CliTest.Run> recv = CompletableFuture.supplyAsync(
                    () -> CliTest.run("recv", "--port", "7000", "--out", out.toString(), "--node", ctlB, "--json"));
            // the receiver must be listening before the sender connects; it says so on its first line
            CliTest.Run send = null;
            for (int i = 0; i < 50; i++) {
                send = CliTest.run("send", "10.0.0.2:7000", in.toString(), "--node", ctlA, "--json");
                if (send.code() == 0) {
                    break;
                }
            }
            assertEquals(0, send.code(), send.out() + send.err());
            CliTest.Run r = recv.get(60, TimeUnit.SECONDS);
            assertEquals(0, r.code(), r.out() + r.err());
            assertArrayEquals(data, Files.readAllBytes(out));
            JsonNode sent = new ObjectMapper().readTree(send.out().lines().reduce((x, y) -> y).orElseThrow());
            JsonNode got = new ObjectMapper().readTree(r.out().lines().reduce((x, y) -> y).orElseThrow());
            assertEquals(data.length, sent.get("bytes").asLong());
            assertEquals(sent.get("sha256").asText(), got.get("sha256").asText());
            assertTrue(sent.get("goodputBps").asDouble() > 0);
            // without --segment both ends size segments from their link: the loopback interface's MTU
            // less IP and UDP headers, bounded by the nodes' maxFrame (16384), less 108 bytes of headers
            int lo = java.net.NetworkInterface.getByInetAddress(java.net.InetAddress.getByName("127.0.0.1")).getMTU();
            int fromPath = Math.min(lo - 28, 16_384) - 108;
            assertEquals(fromPath, got.get("segment").asInt(), got.toString());
            assertEquals(fromPath, sent.get("segment").asInt(), sent.toString());

            // recv --segment: b announces 8000-byte segments, a sends them (fewer segments arrive at b)
            long before = segmentsIn(ctlB);
            CompletableFuture<CliTest.Run> big = CompletableFuture.supplyAsync(
                    () -> CliTest.run("recv", "--port", "7001", "--segment", "8000", "--node", ctlB, "--json"));
            CliTest.Run sendBig = null;
            for (int i = 0; i < 50; i++) {
                sendBig = CliTest.run("send", "10.0.0.2:7001", "--size", "800000B", "--node", ctlA, "--json", "--details");
                if (sendBig.code() == 0) {
                    break;
                }
            }
            assertEquals(0, sendBig.code(), sendBig.out() + sendBig.err());
            CliTest.Run gotBig = big.get(60, TimeUnit.SECONDS);
            assertEquals(0, gotBig.code(), gotBig.out() + gotBig.err());
            JsonNode bigSent = new ObjectMapper().readTree(sendBig.out().lines().reduce((x, y) -> y).orElseThrow());
            JsonNode bigGot = new ObjectMapper().readTree(gotBig.out().lines().reduce((x, y) -> y).orElseThrow());
            assertEquals(bigSent.get("sha256").asText(), bigGot.get("sha256").asText());
            assertEquals(8000, bigGot.get("segment").asInt());
            assertEquals(8000, bigSent.get("segment").asInt());
            // --details: the sending connection's counters come with the summary (tools/loss-bench.sh reads 'timeouts')
            assertFalse(sent.has("stats"), sent.toString());
            assertTrue(bigSent.path("stats").has("timeouts"), bigSent.toString());
            assertTrue(bigSent.path("stats").path("dataSegmentsSent").asLong() >= 800_000 / 8000, bigSent.toString());
            long segments = segmentsIn(ctlB) - before;
            assertTrue(segments < 800_000 / 1400, "800,000 bytes in " + segments + " segments: more than 1400 bytes each");
        }
    }

    /** b's count of RDP segments received, from its stats. */
    private static long segmentsIn(String ctl) throws Exception {
        CliTest.Run st = CliTest.run("stats", "--node", ctl, "--json");
        assertEquals(0, st.code(), st.err());
        return new ObjectMapper().readTree(st.out()).path("rdp").path("segmentsIn").asLong(-1);
    }

    /**
     * Failures say why in one line: a, b and c with static routes; a routes to c but c never runs, and
     * nothing routes to 10.0.0.9.
     */
    @Test
    void failuresSayWhyInOneLine() throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        int pc = FreePorts.udpAndTcp();
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream("""
                name: three
                routing: static
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                  - {name: c, address: 10.0.0.3, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b]}
                  - {between: [a, c]}
                routes:
                  - {node: a, to: b, via: b}
                  - {node: b, to: a, via: a}
                  - {node: a, to: c, via: c}
                """.formatted(pa, pb, pc).getBytes()), "three.yaml", true);
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null)) {
            String ctlA = "127.0.0.1:" + a.controlAddress().getPort();
            String ctlB = "127.0.0.1:" + b.controlAddress().getPort();

            // no route on the node: at once, not after the 15 s handshake timer
            long t0 = System.nanoTime();
            CliTest.Run r = CliTest.run("send", "10.0.0.9:7000", "--size", "1000B", "--node", ctlA);
            assertEquals(Aspen.FAILURE, r.code());
            assertEquals("aspen: error: no route to 10.0.0.9 from node a (10.0.0.1)", r.err().trim());
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "no route took " + (System.nanoTime() - t0) / 1e9 + " s");

            // nothing listening on b's port: refused, one line (b answers the SYN with RST)
            r = CliTest.run("send", "10.0.0.2:7001", "--size", "1000B", "--node", ctlA);
            assertEquals(Aspen.FAILURE, r.code());
            assertEquals("aspen: send to 10.0.0.2:7001 failed: refused by 10.0.0.2:7001 (nothing listening)", r.err().trim());
            assertEquals("", r.out().trim());
            r = CliTest.run("send", "10.0.0.2:7001", "--size", "1000B", "--node", ctlA, "--json");
            assertEquals(Aspen.FAILURE, r.code());
            assertTrue(r.out().contains("\"end\":\"REFUSED\""), r.out());   // --json unchanged

            // a segment larger than b's frames can carry: b says so at once, in one line
            r = CliTest.run("recv", "--port", "7004", "--segment", "20000", "--node", ctlB);
            assertEquals(Aspen.FAILURE, r.code());
            assertEquals("aspen: error: segment must be 1-16276 bytes: node b accepts frames of at most 16384 bytes (maxFrame)",
                    r.err().trim());

            // recv --wait expiring says what it waited for
            r = CliTest.run("recv", "--port", "7002", "--wait", "1s", "--node", ctlB);
            assertEquals(Aspen.FAILURE, r.code());
            assertEquals("aspen: error: no transfer arrived on port 7002 within 1s", r.err().trim());

            // a second recv on a busy port: one line, no exception name. Two at once, each waiting 5 s:
            // whichever reaches the node second finds the port taken (which one depends on the
            // machine's load, so the test asserts on the pair, not on an order)
            CompletableFuture<CliTest.Run> one = CompletableFuture.supplyAsync(
                    () -> CliTest.run("recv", "--port", "7003", "--wait", "5s", "--node", ctlB));
            CompletableFuture<CliTest.Run> two = CompletableFuture.supplyAsync(
                    () -> CliTest.run("recv", "--port", "7003", "--wait", "5s", "--node", ctlB));
            List<String> errs = new ArrayList<>();
            for (CliTest.Run x : List.of(one.get(30, TimeUnit.SECONDS), two.get(30, TimeUnit.SECONDS))) {
                assertEquals(Aspen.FAILURE, x.code());
                errs.add(x.err().trim());
            }
            Collections.sort(errs);
            assertEquals(List.of("aspen: error: no transfer arrived on port 7003 within 5s",
                    "aspen: error: port 7003 is already receiving on node b"), errs);

            // c never answers: ping names the destination it waited for
            r = CliTest.run("ping", "10.0.0.3", "-c", "1", "-W", "200ms", "--node", ctlA);
            assertEquals(Aspen.FAILURE, r.code());
            assertTrue(r.out().contains("timeout waiting for 10.0.0.3, seq "), r.out());
            assertTrue(!r.out().contains("0.0.0.0"), r.out());
        }
    }

    @Test
    void unfinishedTransferSaysWhy() throws Exception {
        assertEquals("send to 10.0.0.3:7000 failed: handshake timed out after 15 s (no answer from 10.0.0.3)",
                TransferPrinter.why(ReportJson.MAPPER.readValue("""
                        {"role":"send","peer":"10.0.0.3:7000","bytes":0,"expected":1000,"seconds":15.02,"complete":false,
                         "end":"HANDSHAKE_TIMEOUT"}""", TransferSummary.class)));
        assertEquals("send to 10.0.0.3:7000 failed: peer stopped answering after 350000 of 1000000 bytes",
                TransferPrinter.why(ReportJson.MAPPER.readValue("""
                        {"role":"send","peer":"10.0.0.3:7000","bytes":350000,"expected":1000000,"seconds":20,
                         "complete":false,"end":"PEER_DEAD"}""", TransferSummary.class)));
        assertEquals("receive from 10.0.0.1:49152 failed: peer closed the connection after 500 of 1000 bytes",
                TransferPrinter.why(ReportJson.MAPPER.readValue("""
                        {"role":"recv","peer":"10.0.0.1:49152","bytes":500,"expected":1000,"seconds":2,
                         "complete":false,"end":"PEER_RESET"}""", TransferSummary.class)));
    }

    @Test
    void badArgumentsAreUsageErrors() throws Exception {
        // usage errors exit 2 before anything is sent: --node names a port where no node listens
        String nowhere = "127.0.0.1:" + FreePorts.udpAndTcp();
        CliTest.Run r = CliTest.run("send", "10.0.0.3:70000", "--size", "10B", "--node", nowhere);
        assertEquals(Aspen.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("port must be 1-65535"), r.err());
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.3:0", "--size", "10B", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.3:7000", "--size", "lots", "--node", nowhere).code());
        CliTest.Run bare = CliTest.run("send", "10.0.0.3:7000", "--size", "1000", "--node", nowhere);
        assertEquals(Aspen.USAGE, bare.code(), bare.err());
        assertTrue(bare.err().contains("Invalid value for option '--size': \"1000\": a size needs a unit: B, KB, MB, GB"),
                bare.err());
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.300:7000", "--size", "10B", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("recv", "--port", "70000", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("recv", "--port", "7000", "--wait", "soon", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("ping", "10.0.0.300", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("ping", "10.0.0.3", "-c", "0", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("ping", "10.0.0.3", "-i", "often", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("trace", "10.0.0.3", "--max-hops", "300", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("trace", "nowhere", "--node", nowhere).code());
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.2", "x.bin").code());
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.2:7000", "/no/such/file").code());
        assertEquals(Aspen.USAGE, CliTest.run("recv", "--port", "0").code());
        assertEquals(Aspen.USAGE, CliTest.run("recv", "--port", "7000", "--segment", "0").code());
        assertEquals(Aspen.USAGE, CliTest.run("recv", "--port", "7000", "--segment", "70000").code());
        assertEquals(Aspen.USAGE, CliTest.run("recv").code());
    }
}
