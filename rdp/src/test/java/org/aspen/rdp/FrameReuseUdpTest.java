package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkObserver;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.node.PacketInterceptor;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.junit.jupiter.api.Test;

/**
 * Frames reused over real UDP (each node's {@link org.aspen.vnet.packet.FramePool}): a bulk transfer
 * allocates no frame per segment at either end, and a frame someone else was given (an interceptor
 * holding packets across turns, an observer keeping frames) is never overwritten by a later packet.
 */
class FrameReuseUdpTest {
    private static final VAddr A = VAddr.parse("10.0.0.1");
    private static final VAddr B = VAddr.parse("10.0.0.2");
    private static final VAddr R = VAddr.parse("10.0.0.3");
    private static final int SIZE = 4 << 20;

    @Test
    void aBulkTransferReusesFramesAtBothEndsAndArrivesIntact() throws Exception {
        try (UdpNetwork net = nodes(false)) {
            TransferSummary[] t = RealUdp.transfer(net, "a", "b", B, 7000, SIZE);
            assertTrue(t[0].complete() && t[1].complete(), "both ends complete");
            assertEquals(t[0].sha256(), t[1].sha256());
            long segments = SIZE / t[0].segment();
            long sent = RealUdp.onLoop(net, "a", () -> net.node("a").framePool().reused());
            long received = RealUdp.onLoop(net, "b", () -> net.node("b").framePool().reused());
            // every data frame after the first window's worth comes out of the pool
            assertTrue(sent > segments / 2, "sender reused " + sent + " frames for " + segments + " segments");
            assertTrue(received > segments / 2, "receiver reused " + received + " frames for " + segments + " segments");
        }
    }

    @Test
    void framesGivenToAnInterceptorOrAnObserverAreNeverReused() throws Exception {
        try (UdpNetwork net = nodes(true)) {
            // at router r, an interceptor takes every third RDP packet, keeps it with a copy of its frame, and
            // hands it back on a later turn (r then forwards it); an observer at a keeps every transmitted
            // frame with a copy
            List<Packet> held = new ArrayList<>();
            List<byte[]> heldCopies = new ArrayList<>();
            List<byte[]> seen = new ArrayList<>();
            List<byte[]> seenCopies = new ArrayList<>();
            RealUdp.onLoop(net, "r", () -> {
                Node b = net.node("r");
                PacketInterceptor[] self = new PacketInterceptor[1];
                int[] n = {0};
                self[0] = (p, in) -> {
                    if (p.protocol() != Protocol.RDP || n[0]++ % 3 != 0) {
                        return false;
                    }
                    held.add(p);
                    heldCopies.add(p.payload());   // forwarding rewrites TTL and checksum in place, not the payload
                    b.scheduler().schedule(200_000L, () -> b.reinject(p, in, self[0]));
                    return true;
                };
                b.addInterceptor(self[0]);
                return null;
            });
            RealUdp.onLoop(net, "a", () -> {
                net.node("a").link("ar").addObserver(new LinkObserver() {
                    @Override
                    public void transmitted(Link link, byte[] frame) {
                        if (seen.size() < 2000) {
                            seen.add(frame);
                            seenCopies.add(frame.clone());
                        }
                    }

                    @Override
                    public void received(Link link, byte[] buf, int off, int len, DropReason rejected) {
                    }
                });
                return null;
            });
            TransferSummary[] t = RealUdp.transfer(net, "a", "b", B, 7001, SIZE);
            assertTrue(t[0].complete() && t[1].complete(), "both ends complete");
            assertEquals(t[0].sha256(), t[1].sha256());
            RealUdp.onLoop(net, "r", () -> {
                assertTrue(net.node("r").framePool().reused() > 0, "r reuses the frames nobody held");
                assertTrue(held.size() > 50, "the interceptor held packets: " + held.size());
                for (int i = 0; i < held.size(); i++) {
                    assertArrayEquals(heldCopies.get(i), held.get(i).payload(), "held packet " + i + " unchanged");
                }
                return null;
            });
            RealUdp.onLoop(net, "a", () -> {
                assertTrue(seen.size() > 50, "the observer saw frames: " + seen.size());
                for (int i = 0; i < seen.size(); i++) {
                    assertArrayEquals(seenCopies.get(i), seen.get(i), "observed frame " + i + " unchanged");
                }
                assertEquals(0, net.node("a").framePool().reused(), "no frame an observer saw went back to the pool");
                return null;
            });
        }
    }

    /** a - b, or a - r - b with a router between them. */
    private static UdpNetwork nodes(boolean router) throws Exception {
        UdpNetwork net = new UdpNetwork(1);
        net.addNode("a", A, NodeConfig.DEFAULT, null);
        net.addNode("b", B, NodeConfig.DEFAULT, null);
        if (router) {
            net.addNode("r", R, NodeConfig.DEFAULT, null);
            net.connect("ar", "a", "r", LinkConfig.DEFAULT);
            net.connect("rb", "r", "b", LinkConfig.DEFAULT);
            route(net, "a", B, "ar", R);
            route(net, "r", B, "rb", B);
            route(net, "r", A, "ar", A);
            route(net, "b", A, "rb", R);
        } else {
            net.connect("ab", "a", "b", LinkConfig.DEFAULT);
            route(net, "a", B, "ab", B);
            route(net, "b", A, "ab", A);
        }
        RealUdp.start(net);
        return net;
    }

    private static void route(UdpNetwork net, String at, VAddr to, String link, VAddr via) {
        Node n = net.node(at);
        n.routes().addStatic(Route.host(to, n.link(link), via, 1, Route.Origin.STATIC));
    }
}
