package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.lab.report.ProgressBar;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.transfer.TransferSummary;
import org.junit.jupiter.api.Test;

/**
 * What {@code aspen ping}, {@code aspen trace}, {@code aspen send} and {@code aspen recv} print for
 * scripted reply lines, character for character (each expected string worked out by hand from the
 * format strings). Ping and trace talk to a one-request stand-in for a node's control endpoint that
 * answers with the scripted lines; the transfer printer is fed the lines directly.
 */
class ReplyPrintingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs the command against a stand-in node that streams {@code lines} (the last one ends the reply). */
    /** A command's exit code and output, and the stand-in node's control address it was given. */
    private record Ran(int code, String out, String err, String node) {
    }

    private static Ran against(List<String> lines, String... args) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> node = CompletableFuture.runAsync(() -> {
                try (Socket s = server.accept()) {
                    JsonNode req = JSON.readTree(new BufferedReader(new InputStreamReader(s.getInputStream(),
                            StandardCharsets.UTF_8)).readLine());
                    OutputStream o = s.getOutputStream();
                    for (int i = 0; i < lines.size(); i++) {
                        String line = "{\"id\":" + req.get("id") + ",\"data\":" + lines.get(i) + ",\"done\":"
                                + (i == lines.size() - 1) + "}\n";
                        o.write(line.getBytes(StandardCharsets.UTF_8));
                    }
                    o.flush();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            String[] all = new String[args.length + 2];
            System.arraycopy(args, 0, all, 0, args.length);
            all[args.length] = "--node";
            all[args.length + 1] = "127.0.0.1:" + server.getLocalPort();
            CliTest.Run r = CliTest.run(all);
            node.get(30, TimeUnit.SECONDS);
            return new Ran(r.code(), r.out(), r.err(), "127.0.0.1:" + server.getLocalPort());
        }
    }

    private static final List<String> PING = List.of(
            "{\"seq\":0,\"status\":\"reply\",\"from\":\"10.0.0.3\",\"name\":\"c\",\"ttl\":62,\"rttMs\":10.5}",
            "{\"seq\":1,\"status\":\"reply\",\"from\":\"10.0.0.3\",\"ttl\":62,\"rttMs\":2.25}",
            "{\"seq\":2,\"status\":\"timeout\",\"from\":null,\"ttl\":0,\"rttMs\":0.0}",
            "{\"seq\":3,\"status\":\"ttl_exceeded\",\"from\":\"10.0.0.9\",\"name\":\"x\",\"ttl\":63,\"rttMs\":1.25}",
            "{\"seq\":4,\"status\":\"ttl_exceeded\",\"from\":\"10.0.0.8\",\"ttl\":63,\"rttMs\":1.0}",
            "{\"seq\":5,\"status\":\"unreachable\",\"from\":\"0.0.0.0\",\"ttl\":0,\"rttMs\":0.0}",
            "{\"seq\":6,\"status\":\"unreachable\",\"from\":null,\"ttl\":0,\"rttMs\":0.0}",
            "{\"sent\":7,\"received\":2,\"lost\":5,\"rttMinMs\":2.25,\"rttAvgMs\":6.375,\"rttMaxMs\":10.5}");

    @Test
    void pingText() throws Exception {
        Ran r = against(PING, "ping", "10.0.0.3", "-c", "7");
        assertEquals(0, r.code(), r.err());
        assertEquals("PING 10.0.0.3 via node " + r.node() + "\n"
                + "reply from 10.0.0.3 (c): seq=0 ttl=62 time=10.500 ms\n"
                + "reply from 10.0.0.3: seq=1 ttl=62 time=2.250 ms\n"
                + "timeout waiting for 10.0.0.3, seq 2\n"
                + "seq=3 ttl exceeded from 10.0.0.9\n"
                + "seq=4 ttl exceeded from 10.0.0.8\n"
                + "seq=5 unreachable\n"
                + "seq=6 unreachable\n"
                + "--- 10.0.0.3: 7 sent, 2 received, 71% loss, rtt min/avg/max 2.250/6.375/10.500 ms\n", r.out());
    }

    @Test
    void pingWithNoAnswerHasNoRttAndFails() throws Exception {
        Ran r = against(List.of("{\"seq\":0,\"status\":\"timeout\",\"from\":null,\"ttl\":0,\"rttMs\":0.0}",
                "{\"sent\":1,\"received\":0,\"lost\":1,\"rttMinMs\":0.0,\"rttAvgMs\":0.0,\"rttMaxMs\":0.0}"), "ping", "10.0.0.3", "-c", "1");
        assertEquals(1, r.code());
        assertEquals("PING 10.0.0.3 via node " + r.node() + "\n"
                + "timeout waiting for 10.0.0.3, seq 0\n"
                + "--- 10.0.0.3: 1 sent, 0 received, 100% loss\n", r.out());
    }

    @Test
    void pingJsonIsTheLinesAsSent() throws Exception {
        Ran r = against(PING, "ping", "10.0.0.3", "-c", "7", "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(String.join("\n", PING) + "\n", r.out());
    }

    private static final List<String> TRACE = List.of(
            "{\"ttl\":1,\"status\":\"ttl_exceeded\",\"from\":\"10.0.0.2\",\"name\":\"b\",\"rttMs\":5.2}",
            "{\"ttl\":2,\"status\":\"timeout\",\"from\":null,\"rttMs\":0.0}",
            "{\"ttl\":3,\"status\":\"unreachable\",\"from\":\"10.0.0.7\",\"rttMs\":1.5}",
            "{\"ttl\":4,\"status\":\"reply\",\"from\":\"10.0.0.3\",\"name\":\"c\",\"rttMs\":20.0}",
            "{\"hops\":4}");

    @Test
    void traceText() throws Exception {
        Ran r = against(TRACE, "trace", "10.0.0.3");
        assertEquals(0, r.code(), r.err());
        assertEquals("trace to 10.0.0.3 from node " + r.node() + ", at most 16 hops\n"
                + "  1  10.0.0.2 (b)              5.200 ms\n"
                + "  2  *\n"
                + "  3  10.0.0.7                  1.500 ms  (unreachable)\n"
                + "  4  10.0.0.3 (c)             20.000 ms\n", r.out());
    }

    @Test
    void traceJsonLeavesOutTheHopCount() throws Exception {
        Ran r = against(TRACE, "trace", "10.0.0.3", "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(String.join("\n", TRACE.subList(0, 4)) + "\n", r.out());
    }

    @Test
    void traceThatNeverArrivesFails() throws Exception {
        Ran r = against(List.of("{\"ttl\":1,\"status\":\"timeout\",\"from\":null,\"rttMs\":0.0}", "{\"hops\":1}"),
                "trace", "10.0.0.3", "--max-hops", "1");
        assertEquals(1, r.code());
        assertEquals("trace to 10.0.0.3 from node " + r.node() + ", at most 1 hops\n  1  *\n", r.out());
    }

    /** A transfer printer writing into buffers, its progress bar drawn as on a console. */
    private record Printed(TransferPrinter printer, StringWriter out, StringWriter err, ByteArrayOutputStream bar) {
        static Printed of(boolean json, String label) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            ByteArrayOutputStream bar = new ByteArrayOutputStream();
            TransferPrinter p = new TransferPrinter(new PrintWriter(out, true), new PrintWriter(err, true), json,
                    new ProgressBar(label, new PrintStream(bar, true, StandardCharsets.UTF_8), true));
            return new Printed(p, out, err, bar);
        }

        void feed(String... lines) throws Exception {
            for (String l : lines) {
                printer.accept(JSON.readTree(l));
            }
        }

        String barText() {
            return bar.toString(StandardCharsets.UTF_8);
        }
    }

    private static final String SENT = "{\"role\":\"send\",\"peer\":\"10.0.0.2:7000\",\"bytes\":1000000,\"expected\":1000000,"
            + "\"segment\":1400,\"seconds\":0.5,\"goodputBps\":1.6E7,\"retransmissions\":3,\"windowCloses\":1,"
            + "\"sha256\":\"ab12\",\"complete\":true,\"end\":\"LOCAL\",\"stats\":null,\"summary\":true}";

    @Test
    void sendProgressWithTotalAndCompleteSummary() throws Exception {
        Printed p = Printed.of(false, "sending");
        p.feed("{\"bytes\":524288,\"total\":1048576,\"seconds\":0.25,\"rateBps\":8000000}", SENT);
        assertEquals(524288, p.printer().bytesSoFar());
        assertEquals("\rsending [###############...............]  50% 512.0 KiB / 1.0 MiB  8Mbps", p.barText());
        TransferSummary s = p.printer().finish();
        assertEquals(new TransferSummary("send", "10.0.0.2:7000", 1000000, 1000000, 1400, 500_000_000L, 3, 1, "ab12", true,
                CloseReason.LOCAL, null, null), s);
        assertEquals("sent 1000000 bytes to 10.0.0.2:7000 in 0.500 s: goodput 16Mbps, 3 retransmissions, 1 window closes\n"
                + "sha256 ab12, segments of up to 1400 bytes\n", p.out().toString());
        assertEquals("", p.err().toString());
        assertEquals("\rsending [###############...............]  50% 512.0 KiB / 1.0 MiB  8Mbps\r" + " ".repeat(67) + "\r",
                p.barText());
    }

    @Test
    void recvListeningProgressWithoutTotalAndSummaryWithoutSegment() throws Exception {
        Printed p = Printed.of(false, "receiving");
        assertEquals(-1, p.printer().bytesSoFar());
        p.feed("{\"listening\":7000}", "{\"bytes\":2048,\"total\":-1,\"seconds\":0.1,\"rateBps\":16000}",
                "{\"role\":\"recv\",\"peer\":\"10.0.0.1:49152\",\"bytes\":2048,\"expected\":-1,\"segment\":0,\"seconds\":0.125,"
                        + "\"goodputBps\":131072.0,\"retransmissions\":0,\"windowCloses\":0,\"sha256\":\"cd34\",\"complete\":true,"
                        + "\"end\":\"PEER_RESET\",\"stats\":null,\"summary\":true}");
        assertEquals(2048, p.printer().bytesSoFar());
        assertEquals("\rreceiving [..............................]   0% 2.0 KiB  16kbps", p.barText());
        p.printer().finish();
        assertEquals("listening on RDP port 7000\n"
                + "received 2048 bytes from 10.0.0.1:49152 in 0.125 s: goodput 131.072kbps, 0 retransmissions, 0 window closes\n"
                + "sha256 cd34\n", p.out().toString());
    }

    @Test
    void incompleteSummaryIsOneLineOnStderr() throws Exception {
        Printed p = Printed.of(false, "sending");
        p.feed("{\"role\":\"send\",\"peer\":\"10.0.0.2:7000\",\"bytes\":1000,\"expected\":4096,\"segment\":1400,\"seconds\":3.0,"
                + "\"goodputBps\":2666.6666666666665,\"retransmissions\":9,\"windowCloses\":0,\"sha256\":\"ef56\",\"complete\":false,"
                + "\"end\":\"PEER_DEAD\",\"stats\":null,\"summary\":true}");
        p.printer().finish();
        assertEquals("", p.out().toString());
        assertEquals("aspen: send to 10.0.0.2:7000 failed: peer stopped answering after 1000 of 4096 bytes\n", p.err().toString());
        assertEquals("", p.barText(), "no progress line came, so no bar was drawn or cleared");

        Printed h = Printed.of(false, "sending");
        h.feed("{\"role\":\"send\",\"peer\":\"10.0.0.2:7000\",\"bytes\":0,\"expected\":4096,\"segment\":0,\"seconds\":5.0,"
                + "\"goodputBps\":0.0,\"retransmissions\":0,\"windowCloses\":0,\"sha256\":\"00\",\"complete\":false,"
                + "\"end\":\"HANDSHAKE_TIMEOUT\",\"stats\":null,\"summary\":true}");
        h.printer().finish();
        assertEquals("aspen: send to 10.0.0.2:7000 failed: handshake timed out after 5 s (no answer from 10.0.0.2)\n",
                h.err().toString());

        Printed q = Printed.of(false, "receiving");
        q.feed("{\"role\":\"recv\",\"peer\":\"10.0.0.1:49152\",\"bytes\":10,\"expected\":-1,\"segment\":0,\"seconds\":1.0,"
                + "\"goodputBps\":80.0,\"retransmissions\":0,\"windowCloses\":0,\"sha256\":\"00\",\"complete\":false,"
                + "\"end\":null,\"stats\":null,\"summary\":true}");
        q.printer().finish();
        assertEquals("aspen: receive from 10.0.0.1:49152 failed: stopped after 10 bytes\n", q.err().toString());
    }

    @Test
    void jsonSummaryIsTheLineAsSentAndListeningIsSilent() throws Exception {
        Printed p = Printed.of(true, "receiving");
        p.feed("{\"listening\":7000}", SENT);
        p.printer().finish();
        assertEquals(SENT + "\n", p.out().toString());
    }

    @Test
    void noSummaryGivesNull() throws Exception {
        Printed p = Printed.of(false, "sending");
        p.feed("{\"bytes\":10,\"total\":20,\"seconds\":0.1,\"rateBps\":800}");
        assertNull(p.printer().finish());
        assertEquals("", p.out().toString());
    }
}
