package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.RdpConnection.State;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/** Every RFC 908 transition the stack implements, driven in the simulation. */
class StateMachineTest {
    static final long MS = 1_000_000L;

    /** Records what a connection went through. */
    static class Recorder implements ConnectionListener {
        final List<String> events = new ArrayList<>();
        final List<byte[]> data = new ArrayList<>();
        CloseReason closed;

        @Override
        public void onOpen(RdpConnection c) {
            events.add("open");
        }

        @Override
        public void onData(RdpConnection c, byte[] d) {
            data.add(d);
        }

        @Override
        public void onClosed(RdpConnection c, CloseReason reason) {
            events.add("closed:" + reason);
            closed = reason;
        }
    }

    /** send copies (a later change to the array is not sent); sendOwned takes the array itself, same checks. */
    @Test
    void sendCopiesAndSendOwnedTakesTheArray() {
        TestNet net = new TestNet(1, 2, TestNet.FAST);
        Recorder server = new Recorder();
        RdpConnection[] c = {openTo(net, 1, server)};
        net.at(net.sim.nanos(), () -> {
            byte[] copied = {1, 2, 3};
            assertTrue(c[0].send(copied));
            copied[0] = 9;   // after send: not what is sent
            assertTrue(c[0].sendOwned(new byte[] {4, 5}));
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> c[0].sendOwned(new byte[c[0].maxSendSize() + 1]));
        });
        net.run(100 * MS);
        assertEquals(2, server.data.size());
        assertArrayEquals(new byte[] {1, 2, 3}, server.data.get(0));
        assertArrayEquals(new byte[] {4, 5}, server.data.get(1));
        assertEquals(5, c[0].stats().bytesQueued());
    }

    @Test
    void activeAndPassiveOpenThenDataThenGracefulClose() {
        TestNet net = new TestNet(1, 2, TestNet.FAST);
        Recorder server = new Recorder();
        Recorder client = new Recorder();
        RdpConnection[] c = new RdpConnection[1];
        RdpConnection[] s = new RdpConnection[1];
        boolean[] flushed = new boolean[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> {
                s[0] = conn;
                assertEquals(State.SYN_RCVD, conn.state());
                return server;
            });
            c[0] = net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), client);
            assertEquals(State.SYN_SENT, c[0].state());
        });
        net.run(100 * MS);
        assertEquals(State.OPEN, c[0].state());
        assertEquals(State.OPEN, s[0].state());
        assertTrue(c[0].sequenced() && c[0].ecnEnabled());
        net.at(net.sim.nanos(), () -> {
            c[0].send(new byte[] {1, 2, 3});
            c[0].send(new byte[] {4});
            c[0].closeGracefully().thenRun(() -> flushed[0] = true);
        });
        net.run(100 * MS);
        assertTrue(flushed[0]);
        assertEquals(2, server.data.size());
        assertArrayEquals(new byte[] {1, 2, 3}, server.data.get(0));
        assertEquals(List.of("open", "closed:LOCAL"), client.events);
        assertEquals(List.of("open", "closed:PEER_RESET"), server.events);
        assertEquals(State.CLOSE_WAIT, c[0].state());
        assertEquals(State.CLOSE_WAIT, s[0].state());
        net.run(3000 * MS);
        assertEquals(State.CLOSED, c[0].state());
        assertEquals(0, net.rdp(0).connections().size());
    }

    @Test
    void aPeerThatResetsRightAfterReadingStillAcknowledgesTheData() {
        // the reader closes in its data callback: its RST leaves before its deferred ACK, and must
        // still let the writer's graceful close complete (the RST carries the final acknowledgement)
        TestNet net = new TestNet(1, 2, TestNet.FAST);
        Recorder client = new Recorder();
        RdpConnection[] c = new RdpConnection[1];
        boolean[] flushed = new boolean[1];
        Throwable[] failed = new Throwable[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> new Recorder() {
                @Override
                public void onData(RdpConnection r, byte[] d) {
                    super.onData(r, d);
                    r.closeGracefully();
                }
            });
            c[0] = net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), client);
        });
        net.run(100 * MS);
        net.at(net.sim.nanos(), () -> {
            c[0].send(new byte[] {9});
            c[0].closeGracefully().whenComplete((v, err) -> {
                flushed[0] = err == null;
                failed[0] = err;
            });
        });
        net.run(100 * MS);
        assertTrue(flushed[0], () -> "graceful close failed: " + failed[0]);
    }

    @Test
    void simultaneousOpenGoesThroughSynRcvd() {
        TestNet net = new TestNet(2, 2, TestNet.FAST);
        Recorder ra = new Recorder();
        Recorder rb = new Recorder();
        RdpConnection[] c = new RdpConnection[2];
        List<State> seen = new ArrayList<>();
        net.at(0, () -> {
            c[0] = net.rdp(0).connect(5000, net.node(1).address(), 6000, RdpOptions.defaults(), ra);
            c[1] = net.rdp(1).connect(6000, net.node(0).address(), 5000, RdpOptions.defaults(), rb);
        });
        // both SYNs cross in flight: each side sees a SYN while in SYN-SENT
        net.at(6 * MS, () -> seen.add(c[0].state()));
        net.run(200 * MS);
        assertEquals(List.of(State.SYN_RCVD), seen);
        assertEquals(State.OPEN, c[0].state());
        assertEquals(State.OPEN, c[1].state());
        assertEquals(List.of("open"), ra.events);
        assertEquals(List.of("open"), rb.events);
    }

    @Test
    void connectToAClosedPortIsRefusedWithRst() {
        TestNet net = new TestNet(3, 2, TestNet.FAST);
        Recorder r = new Recorder();
        RdpConnection[] c = new RdpConnection[1];
        net.rdp(1);
        net.at(0, () -> c[0] = net.rdp(0).connect(net.node(1).address(), 9, RdpOptions.defaults(), r));
        net.run(100 * MS);
        assertEquals(CloseReason.REFUSED, r.closed);
        assertEquals(State.CLOSED, c[0].state());
        assertEquals(1, net.rdp(1).counters().resetsSent());
        assertEquals(1, net.rdp(1).counters().drops(RdpDrop.NO_CONNECTION));
    }

    @Test
    void acceptorMayRefuse() {
        TestNet net = new TestNet(4, 2, TestNet.FAST);
        Recorder r = new Recorder();
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> null);
            net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), r);
        });
        net.run(100 * MS);
        assertEquals(CloseReason.REFUSED, r.closed);
        assertEquals(1, net.rdp(1).counters().connectionsRefused());
    }

    @Test
    void lostSynIsRetransmittedAndUnansweredHandshakeTimesOut() {
        TestNet net = new TestNet(5, 2, TestNet.FAST);
        net.forward.get(0).dropExactly = i -> i == 0;
        Recorder ok = new Recorder();
        Recorder never = new Recorder();
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> new Recorder());
            net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), ok);
        });
        net.run(2000 * MS);
        assertEquals(List.of("open"), ok.events);
        net.forward.get(0).blackhole = true;
        net.at(net.sim.nanos(), () -> net.rdp(0).connect(net.node(1).address(), 7000,
                RdpOptions.defaults().withKeepAlive(500 * MS, 5000 * MS), never));
        net.run(10_000 * MS);
        assertEquals(CloseReason.HANDSHAKE_TIMEOUT, never.closed);
    }

    @Test
    void silentPeerIsFoundByKeepAlives() {
        TestNet net = new TestNet(6, 2, TestNet.FAST);
        RdpOptions o = RdpOptions.defaults().withKeepAlive(200 * MS, 1000 * MS);
        Recorder client = new Recorder();
        Recorder server = new Recorder();
        RdpConnection[] c = new RdpConnection[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, o, conn -> server);
            c[0] = net.rdp(0).connect(net.node(1).address(), 7000, o, client);
        });
        // idle for 5 s: keep-alives keep both ends open
        net.run(5000 * MS);
        assertEquals(State.OPEN, c[0].state());
        assertTrue(c[0].stats().keepAlivesSent() > 0);
        assertNull(client.closed);
        // the server goes silent (its node's outgoing link drops everything)
        net.backward.get(0).blackhole = true;
        long silentFrom = net.sim.nanos();
        net.run(3000 * MS);
        assertEquals(CloseReason.PEER_DEAD, client.closed);
        assertTrue(net.sim.nanos() - silentFrom >= 1000 * MS);
    }

    @Test
    void resetFromThePeerClosesTheConnection() {
        TestNet net = new TestNet(7, 2, TestNet.FAST);
        Recorder client = new Recorder();
        RdpConnection[] s = new RdpConnection[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> {
                s[0] = conn;
                return new Recorder();
            });
            net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), client);
        });
        net.run(100 * MS);
        net.at(net.sim.nanos(), () -> s[0].close());
        net.run(100 * MS);
        assertEquals(CloseReason.PEER_RESET, client.closed);
    }

    @Test
    void oversizedSegmentAbortsWithRst() {
        TestNet net = new TestNet(8, 2, TestNet.FAST);
        Recorder server = new Recorder();
        Recorder client = new Recorder();
        RdpConnection[] c = new RdpConnection[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults().withMaxSegment(100), conn -> server);
            c[0] = net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), client);
        });
        net.run(100 * MS);
        assertEquals(100, c[0].maxSendSize());
        // forge a segment bigger than the server's maximum on the open connection
        net.at(net.sim.nanos(), () -> {
            Segment s = Segment.data(c[0].localPort(), 7000, c[0].congestionState().sndNxt(), 0, new byte[500]);
            net.node(0).send(Packet.builder().source(net.node(0).address()).destination(net.node(1).address())
                    .protocol(Protocol.RDP).payload(SegmentCodec.encode(s, true)).build());
        });
        net.run(100 * MS);
        assertEquals(CloseReason.OVERSIZED, server.closed);
        assertEquals(CloseReason.PEER_RESET, client.closed);
    }

    @Test
    void corruptedSegmentsAreCountedAndDropped() {
        TestNet net = new TestNet(9, 2, TestNet.FAST);
        net.forward.get(0).corrupt = 1.0;
        Recorder r = new Recorder();
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> new Recorder());
            net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), r);
        });
        net.run(500 * MS);
        assertTrue(net.rdp(1).counters().drops(RdpDrop.BAD_CHECKSUM) + net.rdp(1).counters().drops(RdpDrop.BAD_LENGTH)
                + net.rdp(1).counters().drops(RdpDrop.BAD_VERSION) > 0);
        assertTrue(r.events.isEmpty());
    }

    @Test
    void connectionToTheSameNodeWorks() {
        TestNet net = new TestNet(10, 2, TestNet.FAST);
        Recorder server = new Recorder();
        RdpConnection[] c = {openTo(net, 0, server)};
        net.at(net.sim.nanos(), () -> c[0].send(new byte[] {5}));
        net.run(100 * MS);
        assertArrayEquals(new byte[] {5}, server.data.get(0));
    }

    /** Node 0 connects to port 7000 on node {@code to}, whose listener hands its connection to {@code server}; open after 100 ms. */
    private static RdpConnection openTo(TestNet net, int to, Recorder server) {
        RdpConnection[] c = new RdpConnection[1];
        net.at(0, () -> {
            net.rdp(to).listen(7000, RdpOptions.defaults(), conn -> server);
            c[0] = net.rdp(0).connect(net.node(to).address(), 7000, RdpOptions.defaults(), new Recorder());
        });
        net.run(100 * MS);
        assertEquals(State.OPEN, c[0].state());
        return c[0];
    }
}
