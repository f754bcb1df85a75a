package org.aspen.ee;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.aspen.ee.api.CongestionEvent;
import org.aspen.ee.api.LinkStatus;
import org.aspen.ee.api.Registration;
import org.aspen.vnet.link.DropListener;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueState;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Congestion callbacks for AAs ({@code AaContext.onCongestion}): a drop listener on the node's links
 * that queues a {@link CongestionEvent}, with a copy of the packet about to be dropped, for every AA
 * that registered.
 *
 * <pre>{@code
 * Registration r = feed.register(owner, listener);   // via AaContext.onCongestion
 * LinkStatus s = CongestionFeed.status(link);         // also what AaContext.links() reports
 * }</pre>
 *
 * Detection is off by default (as in ASP); the first registration turns it on for the node, and it
 * goes off again when the last one ends. Runs on the node's loop.
 */
final class CongestionFeed {
    private final Node node;
    private final List<Registered> registered = new ArrayList<>();
    private final Set<Link> hookedLinks = new LinkedHashSet<>();
    private final DropListener dropListener = new DropListener() {
        @Override
        public void aboutToDrop(Link link, Packet packet, DropReason reason) {
            aboutToDrop(link, packet, reason, null);
        }

        @Override
        public void aboutToDrop(Link link, Packet packet, DropReason reason, QueueState queue) {
            congestion(link, packet, reason, queue == null ? Double.NaN : queue.average());
        }
    };

    private record Registered(AaInstance owner, Consumer<CongestionEvent> listener) {
    }

    CongestionFeed(Node node) {
        this.node = node;
    }

    Registration register(AaInstance owner, Consumer<CongestionEvent> listener) {
        node.setCongestionDetection(true);
        for (Link l : node.links()) {
            if (hookedLinks.add(l)) {
                l.addDropListener(dropListener);
            }
        }
        Registered r = new Registered(owner, listener);
        registered.add(r);
        return () -> {
            registered.remove(r);
            if (registered.isEmpty()) {
                node.setCongestionDetection(false);
            }
        };
    }

    private void congestion(Link link, Packet p, DropReason why, double average) {
        if (registered.isEmpty()) {
            return;
        }
        LinkStatus status = status(link);
        for (Registered r : List.copyOf(registered)) {
            CongestionEvent e = new CongestionEvent(status, new PacketView(p.copy(), null, null), why.label, average);
            r.owner.enqueue(p.length(), "congestion", () -> r.listener.accept(e));
        }
    }

    static LinkStatus status(Link l) {
        QueueDiscipline d = l.discipline();
        var c = l.counters();
        var cfg = l.config();
        return new LinkStatus(l.name(), l.peer().isUnspecified() ? null : PacketView.addr(l.peer()), l.isUp(),
                cfg.bandwidthBps(), cfg.delayNanos(), d.packets(), d.bytes(), cfg.limit().maxPackets(),
                cfg.limit().maxBytes(), d.kind(), c.sentPackets, c.sentBytes, c.receivedPackets, c.receivedBytes,
                c.marked, c.totalDrops());
    }
}
