package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.aspen.rdp.bench.UdpNode;
import org.aspen.rdp.blocking.BlockingRdp;
import org.aspen.rdp.blocking.RdpSocket;
import org.aspen.vnet.VAddr;
import org.junit.jupiter.api.Test;

/**
 * RDP between two processes over real loopback UDP: this JVM sends 1 MiB of seeded bytes with the
 * blocking API to a child JVM ({@link UdpPeerMain}), which reports what it received. Checks function
 * (bytes, digest), not speed. Uses the minimal java.nio UDP runtime in {@code org.aspen.rdp.bench}.
 */
class TwoProcessUdpTest {
    /** The child's next protocol line (logging may print other lines first). */
    private static String lineStarting(BufferedReader in, String prefix) throws java.io.IOException {
        String line;
        while ((line = in.readLine()) != null && !line.startsWith(prefix)) {
            // not ours
        }
        return line;
    }

    @Test
    void transferBetweenTwoProcessesArrivesIntact() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), UdpPeerMain.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (UdpNode node = UdpNode.bind("parent", VAddr.parse("10.0.0.1"), 0, 1)) {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String first = lineStarting(out, "PORT ");
            assertTrue(first != null && first.startsWith("PORT "), "child said: " + first);
            int childPort = Integer.parseInt(first.substring(5).trim());
            Writer w = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
            w.write(node.udpPort() + "\n");
            w.flush();
            node.linkTo(VAddr.parse("10.0.0.2"), new InetSocketAddress("127.0.0.1", childPort));
            assertEquals("READY", lineStarting(out, "READY"));

            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            SplittableRandom r = new SplittableRandom(7);
            long total = 0;
            BlockingRdp rdp = new BlockingRdp(node.node());
            try (RdpSocket s = rdp.connect(VAddr.parse("10.0.0.2"), 7000, RdpOptions.defaults(), Duration.ofSeconds(20))) {
                while (total < (1 << 20)) {
                    byte[] seg = new byte[s.maxSendSize()];
                    r.nextBytes(seg);
                    sha.update(seg);
                    s.send(seg);
                    total += seg.length;
                }
            }
            String done = lineStarting(out, "DONE ");
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertEquals("DONE " + total + " " + HexFormat.of().formatHex(sha.digest()) + " PEER_RESET", done);
        } finally {
            child.destroyForcibly();
        }
    }
}
