package org.aspen.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.capture.PcapngReader;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.mgmt.ReplySink;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/** The capture command's chunks, on a simulated node: shipped by time, and early by size. */
class CaptureCommandsTest {
    /** A reply that keeps every line, with the simulated time it was sent at. */
    static final class Lines implements ReplySink {
        final SimNetwork net;
        final List<Map<?, ?>> data = new ArrayList<>();
        final List<Long> at = new ArrayList<>();
        boolean done;
        /** What the client has not read yet, as the test says. */
        long unsent;

        Lines(SimNetwork net) {
            this.net = net;
        }

        @Override
        public void next(Object d) {
            data.add((Map<?, ?>) d);
            at.add(net.now());
        }

        @Override
        public void done(Object d) {
            next(d);
            done = true;
        }

        @Override
        public void error(String message) {
            throw new AssertionError(message);
        }

        @Override
        public boolean isOpen() {
            return !done;
        }

        @Override
        public void onClose(Runnable r) {
        }

        @Override
        public long unsentBytes() {
            return unsent;
        }

        byte[] file() {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (Map<?, ?> d : data) {
                all.writeBytes(Base64.getDecoder().decode((String) d.get("pcapng")));
            }
            return all.toByteArray();
        }
    }

    private static SimNetwork pair() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", new LinkConfig(0, 1_000_000, QueueLimit.packets(1000), 1));
        a.routes().addStatic(Route.host(b.address(), a.link("a-b"), b.address(), 1, Route.Origin.STATIC));
        return net;
    }

    /** At {@code atNanos}, a sends {@code n} 1,000-byte packets to b at once. */
    private static void burst(SimNetwork net, long atNanos, int n) {
        Node a = net.node("a");
        Node b = net.node("b");
        byte[] payload = new byte[1000];
        net.at(atNanos, "a", () -> {
            for (int i = 0; i < n; i++) {
                a.send(Packet.builder().source(a.address()).destination(b.address()).protocol(Protocol.RAW).payload(payload).build());
            }
        });
    }

    private static long arrivals(PcapngReader.Capture c) {
        return c.packets().stream().filter(p -> p.comment().startsWith("node=b link=a-b dir=in") && p.data().length >= 1000).count();
    }

    @Test
    void aBusyNodeShipsBoundedChunksBeforeTheIntervalEndsAndLosesNoRecord() {
        SimNetwork net = pair();
        Lines lines = new Lines(net);
        int chunkBytes = 8 * 1024;
        CaptureCommands.Session s = new CaptureCommands.Session(net.node("b"), lines, "a-b", 300_000_000L, 0, chunkBytes);
        net.at(0, "b", s::start);
        burst(net, 10_000_000L, 100);
        net.run(1_000_000_000L);

        assertTrue(lines.done, "the capture ended after its duration");
        // 100 records of about 1.1 KB: shipped in chunks of about 8 KB as they filled, not in one line at 500 ms
        long early = lines.at.stream().filter(t -> t > 0 && t < 500_000_000L).count();
        assertTrue(early >= 10, "chunks shipped before the interval's timer: " + early + " at " + lines.at);
        for (Map<?, ?> d : lines.data) {
            int size = Base64.getDecoder().decode((String) d.get("pcapng")).length;
            assertTrue(size < chunkBytes + 2_000, "a chunk holds at most one record beyond its size: " + size);
        }
        PcapngReader.Capture c = PcapngReader.read(lines.file());
        assertEquals(100, arrivals(c), "every arrival recorded once, in a file that reads whole");
        assertEquals(0L, ((Number) lines.data.get(lines.data.size() - 1).get("skipped")).longValue());
    }

    @Test
    void whileTheClientLagsRecordingPausesAndCountsWhatItSkips() {
        SimNetwork net = pair();
        Lines lines = new Lines(net);
        lines.unsent = CaptureCommands.PAUSE_BYTES + 1;   // the client is behind from the start
        CaptureCommands.Session s = new CaptureCommands.Session(net.node("b"), lines, "a-b", 1_000_000_000L, 0, 8 * 1024);
        net.at(0, "b", s::start);
        burst(net, 10_000_000L, 100);                                  // while paused: counted, not held
        net.at(300_000_000L, "b", () -> lines.unsent = CaptureCommands.RESUME_BYTES - 1);   // it caught up
        burst(net, 600_000_000L, 50);                                  // after the 500 ms tick resumed recording
        net.run(2_000_000_000L);

        assertTrue(lines.done);
        Map<?, ?> last = lines.data.get(lines.data.size() - 1);
        assertEquals(100L, ((Number) last.get("skipped")).longValue(), "the paused burst, counted: " + last.get("packets"));
        PcapngReader.Capture c = PcapngReader.read(lines.file());
        assertEquals(50, arrivals(c), "recording resumed once the client caught up, and the file reads whole");
    }
}
