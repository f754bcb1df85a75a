package org.aspen.vnet.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.node.TraceHasher;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.FramePool;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * When the node may reuse a frame (the UDP runtime's {@link FramePool}): a transmitted frame only when
 * it came from the pool and no tap, observer, trace or interceptor was given the packet; a received
 * one only when the local consumer said it keeps nothing and nobody else was given it.
 */
class FrameReuseTest {
    private static final VAddr A = VAddr.parse("10.0.0.1");
    private static final VAddr B = VAddr.parse("10.0.0.2");
    private static final VAddr C = VAddr.parse("10.0.0.3");

    /** Records which way each frame was handed to the wire. */
    private static final class Wire implements LinkTransport {
        final List<Boolean> reusable = new ArrayList<>();

        @Override
        public void transmit(byte[] frame, long delayNanos) {
            reusable.add(false);
        }

        @Override
        public void transmitReusable(byte[] frame, long delayNanos) {
            reusable.add(true);
        }

        @Override
        public String describePeer() {
            return "test";
        }
    }

    private static Packet pooledPacket(FramePool pool) {
        Packet p = Packet.builder().source(A).destination(B).protocol(Protocol.RAW).buildInPlace(2000, pool);
        java.util.Arrays.fill(p.array(), p.payloadOffset(), p.array().length, (byte) 3);
        return p;
    }

    @Test
    void aTransmittedFrameIsReusableOnlyFromThePoolAndSeenByNoTapObserverOrTrace() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        FramePool pool = new FramePool();
        a.useFramePool(pool);
        Wire wire = new Wire();
        Link l = a.addLink("w", LinkConfig.DEFAULT, wire);
        a.routes().addStatic(Route.host(B, l, B, 1, Route.Origin.STATIC));
        net.at(0, "a", () -> {
            a.send(pooledPacket(pool));                                                    // reusable
            a.send(Packet.builder().source(A).destination(B).payload(new byte[2000]).build());   // not from the pool
            Packet pinned = pooledPacket(pool);
            pinned.pin();
            a.send(pinned);
            l.setFrameTap((link, frame) -> { });
            a.send(pooledPacket(pool));                                                    // a tap saw it
            l.setFrameTap(null);
            LinkObserver o = new LinkObserver() {
                @Override
                public void transmitted(Link link, byte[] frame) {
                }

                @Override
                public void received(Link link, byte[] buf, int off, int len, DropReason rejected) {
                }
            };
            l.addObserver(o);
            a.send(pooledPacket(pool));                                                    // an observer saw it
            l.removeObserver(o);
            a.setTrace(new TraceHasher());
            a.send(pooledPacket(pool));                                                    // a trace sink saw it
            a.setTrace(null);
            a.send(pooledPacket(pool));                                                    // reusable again
        });
        net.run(1_000_000L);
        assertEquals(List.of(true, false, false, false, false, false, true), wire.reusable);
    }

    @Test
    void aReceivedFrameIsReusableOnlyWhenConsumedAndGivenToNoOneElse() {
        SimNetwork net = new SimNetwork(1);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        Wire toC = new Wire();
        Link in = b.addLink("in", LinkConfig.DEFAULT, new Wire());
        Link out = b.addLink("out", LinkConfig.DEFAULT, toC);
        b.routes().addStatic(Route.host(C, out, C, 1, Route.Origin.STATIC));
        boolean[] consume = {true};
        b.registerHandler(Protocol.RAW, (p, from) -> {
            if (consume[0]) {
                p.consumed();
            }
        });
        List<Boolean> got = new ArrayList<>();
        boolean[] take = {false};
        List<Packet> taken = new ArrayList<>();
        b.addInterceptor((p, from) -> {
            if (take[0]) {
                taken.add(p);
            }
            return take[0];
        });
        net.at(0, "b", () -> {
            got.add(in.receivePooledFrame(frame(B)));     // consumed: reusable
            consume[0] = false;
            got.add(in.receivePooledFrame(frame(B)));     // the handler may keep it
            consume[0] = true;
            take[0] = true;
            got.add(in.receivePooledFrame(frame(B)));     // an interceptor took it
            take[0] = false;
            b.setTrace(new TraceHasher());
            got.add(in.receivePooledFrame(frame(B)));     // a trace sink saw it
            b.setTrace(null);
            got.add(in.receivePooledFrame(frame(C)));     // forwarded: reused after it is sent, not now
            got.add(in.receivePooledFrame(new byte[] {1, 2, 3}));   // malformed
            got.add(in.receivePooledFrame(frame(B)));     // consumed again
        });
        net.run(1_000_000L);
        assertEquals(List.of(true, false, false, false, false, false, true), got);
        assertEquals(1, taken.size());
        assertFalse(taken.get(0).pooled(), "a packet an interceptor took is pinned for good");
        assertEquals(List.of(true), toC.reusable, "the forwarded frame is the out link's transport's to reuse");
        assertTrue(in.counters().receivedPackets >= 6);
    }

    private static byte[] frame(VAddr to) {
        Packet p = Packet.builder().source(A).destination(to).protocol(Protocol.RAW).payload(new byte[2000]).build();
        return p.frame().clone();
    }
}
