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
import org.aspen.rdp.blocking.BlockingRdp;
import org.aspen.rdp.blocking.RdpSocket;
import org.aspen.rdp.nio.UdpNode;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;
import org.junit.jupiter.api.Test;

/**
 * RDP between two processes over real loopback UDP: this JVM sends 1 MiB of seeded bytes with the
 * blocking API to a child JVM, which reports what it received. Checks function (bytes, digest), not
 * speed. Once with the minimal java.nio runtime in {@code org.aspen.rdp.bench} ({@link UdpPeerMain}),
 * once with vnet's Netty runtime {@link UdpNetwork} ({@link NettyPeerMain}).
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
        Process child = start(UdpPeerMain.class);
        try (UdpNode node = UdpNode.bind("parent", VAddr.parse("10.0.0.1"), 0, 1)) {
            BufferedReader out = reader(child);
            int childPort = handshake(child, out, node.udpPort());
            node.linkTo(VAddr.parse("10.0.0.2"), new InetSocketAddress("127.0.0.1", childPort));
            assertEquals("READY", lineStarting(out, "READY"));
            sendAndCheck(new BlockingRdp(node.node()), out, child);
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void transferBetweenTwoProcessesOverVnetsNettyRuntime() throws Exception {
        Process child = start(NettyPeerMain.class);
        try (UdpNetwork net = new UdpNetwork(1, UdpOptions.singleNode())) {
            net.addNode("parent", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
            BufferedReader out = reader(child);
            int childPort = handshake(child, out, net.udpAddress("parent").getPort());
            NettyPeerMain.linkRemote(net, "parent", VAddr.parse("10.0.0.2"), childPort);
            net.run(0);
            assertEquals("READY", lineStarting(out, "READY"));
            sendAndCheck(new BlockingRdp(net.node("parent")), out, child);
        } finally {
            child.destroyForcibly();
        }
    }

    private static Process start(Class<?> main) throws java.io.IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), main.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static BufferedReader reader(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Reads the child's UDP port and tells it ours. */
    private static int handshake(Process child, BufferedReader out, int ourPort) throws java.io.IOException {
        String first = lineStarting(out, "PORT ");
        assertTrue(first != null, "child ended before telling its port");
        Writer w = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
        w.write(ourPort + "\n");
        w.flush();
        return Integer.parseInt(first.substring(5).trim());
    }

    /** Sends 1 MiB of seeded segments with the blocking API, closes, and compares with the child's report. */
    private static void sendAndCheck(BlockingRdp rdp, BufferedReader out, Process child) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        SplittableRandom r = new SplittableRandom(7);
        long total = 0;
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
    }
}
