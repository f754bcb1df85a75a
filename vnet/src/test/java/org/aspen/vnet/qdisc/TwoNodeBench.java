package org.aspen.vnet.qdisc;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * Two simulated nodes, a to b over an 8 Mb/s link (a 1000-byte frame takes exactly 1 ms), with a
 * scripted sender at a, for queue tests on the real Link code path.
 */
final class TwoNodeBench {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final long MS = 1_000_000L;

    final SimNetwork net;
    final Node a;
    final Node b;
    final Link link;
    long received;

    TwoNodeBench(long seed, QueueLimit limit) {
        net = new SimNetwork(seed);
        a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", new LinkConfig(8_000_000, 0, limit, 1));
        link = a.link("a-b");
        a.routes().addStatic(Route.host(B, link, B, 1, Route.Origin.STATIC));
        b.registerHandler(org.aspen.vnet.packet.Protocol.RAW, (p, in) -> received++);
    }

    TwoNodeBench discipline(QueueDiscipline d) {
        link.setDiscipline(d);
        return this;
    }

    static Packet frame(Ecn ecn) {
        return Packet.builder().source(A).destination(B).ecn(ecn).payload(new byte[1000 - Packet.HEADER_LENGTH]).build();
    }

    /** Sends {@code count} 1000-byte frames from a, one every {@code gapNanos}, starting at {@code start}. */
    TwoNodeBench send(long start, int count, long gapNanos, Ecn ecn) {
        for (int i = 0; i < count; i++) {
            net.at(start + i * gapNanos, "a", () -> a.send(frame(ecn)));
        }
        return this;
    }

    /**
     * On-off load: {@code cycles} bursts of {@code onMs} at {@code rate} times the link's rate,
     * each followed by {@code offMs} of silence.
     */
    TwoNodeBench onOff(int cycles, long onMs, long offMs, double rate) {
        long gap = Math.round(MS / rate);
        int perBurst = (int) Math.round(onMs * MS / (double) gap);
        for (int c = 0; c < cycles; c++) {
            send(c * (onMs + offMs) * MS, perBurst, gap, Ecn.NOT_ECT);
        }
        return this;
    }

    TwoNodeBench run(long nanos) {
        net.run(nanos);
        return this;
    }
}
