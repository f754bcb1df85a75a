package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.rdp.blocking.BlockingRdp;
import org.aspen.rdp.blocking.RdpServerSocket;
import org.aspen.rdp.blocking.RdpSocket;
import org.aspen.rdp.nio.UdpNode;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/** The blocking API between two in-process nodes on real loopback UDP, and its refusal on an event loop. */
class BlockingApiTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");

    @Test
    void connectAcceptEchoWithBackpressureAndClose() throws Exception {
        try (UdpNode a = UdpNode.bind("a", A, 0, 1); UdpNode b = UdpNode.bind("b", B, 0, 2)) {
            a.linkTo(B, new InetSocketAddress("127.0.0.1", b.udpPort()));
            b.linkTo(A, new InetSocketAddress("127.0.0.1", a.udpPort()));
            // a tiny send buffer and receive window: the writer must block and the reader pause delivery
            RdpOptions o = RdpOptions.defaults().withSendBuffer(4).withMaxOutstanding(8);
            RdpServerSocket server = new BlockingRdp(b.node()).listen(7000, o);
            CompletableFuture<Long> echoed = CompletableFuture.supplyAsync(() -> {
                try (RdpSocket s = server.accept(Duration.ofSeconds(10))) {
                    long n = 0;
                    byte[] d;
                    while ((d = s.receive(Duration.ofSeconds(10))) != null) {
                        if (d.length == 1 && d[0] == 'Q') {
                            s.send(new byte[] {'A'});
                            break;
                        }
                        n += d.length;
                    }
                    return n;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (RdpSocket c = new BlockingRdp(a.node()).connect(B, 7000, o, Duration.ofSeconds(10))) {
                for (int i = 0; i < 2000; i++) {
                    c.send(new byte[500]);
                }
                c.send(new byte[] {'Q'});
                assertArrayEquals(new byte[] {'A'}, c.receive(Duration.ofSeconds(10)));
            }
            assertEquals(1_000_000L, echoed.get(20, TimeUnit.SECONDS));
            server.close();
        }
    }

    @Test
    void readerSeesEndOfStreamAfterPeerCloses() throws Exception {
        try (UdpNode a = UdpNode.bind("a", A, 0, 3); UdpNode b = UdpNode.bind("b", B, 0, 4)) {
            a.linkTo(B, new InetSocketAddress("127.0.0.1", b.udpPort()));
            b.linkTo(A, new InetSocketAddress("127.0.0.1", a.udpPort()));
            RdpServerSocket server = new BlockingRdp(b.node()).listen(7000, RdpOptions.defaults());
            RdpSocket c = new BlockingRdp(a.node()).connect(B, 7000, RdpOptions.defaults(), Duration.ofSeconds(10));
            RdpSocket s = server.accept(Duration.ofSeconds(10));
            c.send(new byte[] {1});
            c.close();
            assertArrayEquals(new byte[] {1}, s.receive(Duration.ofSeconds(10)));
            assertNull(s.receive(Duration.ofSeconds(10)));
            assertEquals(CloseReason.PEER_RESET, s.closeReason());
            assertThrows(java.io.IOException.class, () -> s.send(new byte[] {2}));
        }
    }

    @Test
    void blockingCallsAreRefusedOnTheLoop() throws Exception {
        SimNetwork sim = new SimNetwork(1);
        Node simNode = sim.addNode("a", A, NodeConfig.DEFAULT, null);
        // the simulation is one thread: every caller is "on the loop"
        assertThrows(IllegalStateException.class,
                () -> new BlockingRdp(simNode).connect(B, 7000, RdpOptions.defaults(), Duration.ofSeconds(1)));
        try (UdpNode a = UdpNode.bind("a", A, 0, 5)) {
            CompletableFuture<Throwable> seen = new CompletableFuture<>();
            a.loop().execute(() -> {
                try {
                    new BlockingRdp(a.node()).listen(7000, RdpOptions.defaults());
                    seen.complete(null);
                } catch (Throwable t) {
                    seen.complete(t);
                }
            });
            assertEquals(IllegalStateException.class, seen.get(10, TimeUnit.SECONDS).getClass());
        }
    }
}
