package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.NetworkInterface;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.junit.jupiter.api.Test;

/**
 * Segments sized from the path ({@link RdpOptions#segmentFromPath}): over real loopback UDP each end
 * takes the largest data length that fits one frame on its first link (the interface's MTU less IP
 * and UDP headers, bounded by its node's maxFrame), announces it in its SYN, and sends at most the
 * smaller of its own and the peer's. In the simulation (no underlay MTU) the configured size stays.
 */
class PathSegmentTest {
    private static final VAddr A = VAddr.parse("10.0.0.1");
    private static final VAddr B = VAddr.parse("10.0.0.2");

    /** The data length 108 bytes of headers leave in a frame of {@code frame} bytes (hand-computed rule). */
    private static int data(int frame) {
        return frame - 20 - 32 - 24 - 16 - 16;
    }

    private static int loopbackUdpPayload() throws Exception {
        return NetworkInterface.getByInetAddress(InetAddress.getByName("127.0.0.1")).getMTU() - 20 - 8;
    }

    @Test
    void theSendQueueKeepsItsBytesWhenSegmentsGrowFromThePath() {
        RdpOptions o = RdpOptions.defaults().withSegmentFromPath(true);   // 512 queued segments of up to 1400
        RdpOptions loopback = RdpStack.sized(o, 16_276);
        assertEquals(16_276, loopback.maxSegment());
        assertEquals(45, loopback.sendBuffer());          // ceil(512 * 1400 / 16276) = ceil(44.04)
        RdpOptions ethernet = RdpStack.sized(o, 1_364);   // smaller segments: the queue stays as given
        assertEquals(1_364, ethernet.maxSegment());
        assertEquals(512, ethernet.sendBuffer());
        assertEquals(16, RdpStack.sized(o.withSendBuffer(20), 65_399).sendBuffer());   // never below 16
        assertEquals(8, RdpStack.sized(o.withSendBuffer(8), 65_399).sendBuffer());     // nor above what was given
        assertEquals(o, RdpStack.sized(o, 0));            // unknown path (the simulation): unchanged
        assertEquals(1400, RdpStack.sized(RdpOptions.defaults(), 16_276).maxSegment());   // not asked: unchanged
    }

    @Test
    void eachEndSizesFromItsFirstLinkAndTheSenderUsesTheSmallerOfBoth() throws Exception {
        int small = 4096;   // node a accepts frames of at most 4 KiB; b the default 16 KiB
        NodeConfig d = NodeConfig.DEFAULT;
        NodeConfig aConfig = new NodeConfig(small, d.defaultTtl(), d.helloNanos(), d.deadNanos(), d.lsaRefreshNanos());
        int aSegment = data(Math.min(small, loopbackUdpPayload()));
        int bSegment = data(Math.min(d.maxFrame(), loopbackUdpPayload()));
        assertTrue(aSegment < bSegment, "the test needs a's limit below b's");
        try (UdpNetwork net = new UdpNetwork(1)) {
            net.addNode("a", A, aConfig, null);
            net.addNode("b", B, d, null);
            net.connect("ab", "a", "b", LinkConfig.DEFAULT);
            net.node("a").routes().addStatic(Route.host(B, net.node("a").link("ab"), B, 1, Route.Origin.STATIC));
            net.node("b").routes().addStatic(Route.host(A, net.node("b").link("ab"), A, 1, Route.Origin.STATIC));
            RealUdp.start(net);
            assertEquals(aSegment, RealUdp.onLoop(net, "a", () -> RdpStack.install(net.node("a")).pathSegment(B)));
            assertEquals(bSegment, RealUdp.onLoop(net, "b", () -> RdpStack.install(net.node("b")).pathSegment(A)));

            // b sends to a: a announces its own limit, b sends that
            TransferSummary[] aToB = RealUdp.transfer(net, "b", "a", A, 7000, 300_000);
            assertEquals(aSegment, aToB[0].segment(), "b sends at most what a announced");
            assertEquals(aSegment, aToB[1].segment(), "a announced its first link's limit");
            // a sends to b: b announces 16 KiB's worth, a still sends no more than its own link carries
            TransferSummary[] bToA = RealUdp.transfer(net, "a", "b", B, 7001, 300_000);
            assertEquals(bSegment, bToA[1].segment(), "b announced its first link's limit");
            assertEquals(aSegment, bToA[0].segment(), "a sends no more than its own first link's limit");
            for (TransferSummary[] t : new TransferSummary[][] {aToB, bToA}) {
                assertTrue(t[0].complete() && t[1].complete(), "both transfers arrive");
                assertEquals(t[0].sha256(), t[1].sha256());
            }
        }
    }

    @Test
    void aConfiguredSegmentIsKeptAndTheSimulationHasNoPathToSizeFrom() {
        SimNetwork net = new SimNetwork(1);
        net.addNode("a", A, NodeConfig.DEFAULT, null);
        net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("ab", "a", "b", LinkConfig.DEFAULT);
        net.node("a").routes().addStatic(Route.host(B, net.node("a").link("ab"), B, 1, Route.Origin.STATIC));
        RdpStack a = RdpStack.install(net.node("a"));
        assertEquals(0, a.pathSegment(B), "a simulated link has no underlay MTU");
        RdpConnection c = a.connect(B, 7000, RdpOptions.defaults().withSegmentFromPath(true), new ConnectionListener() {
        });
        assertEquals(RdpOptions.defaults().maxSegment(), c.options().maxSegment(), "the configured size stays");
    }
}
