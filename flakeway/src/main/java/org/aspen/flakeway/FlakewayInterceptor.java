package org.aspen.flakeway;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import org.aspen.vnet.link.FrameTap;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketInterceptor;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Runs a {@link FlakewayEngine} at a node's diversion point: packets arriving from a link that
 * match a rule are taken, impaired on the node's scheduler, and handed back with
 * {@link Node#reinject}, so they are forwarded (or delivered) as if they had just arrived.
 *
 * <pre>{@code
 * FlakewayInterceptor fw = FlakewayInterceptor.install(node);
 * fw.engine().set(RuleSpecs.parse("name wan; match dst=10.0.0.3; delay 50ms; loss 1%"));
 * ...
 * fw.uninstall();
 * }</pre>
 *
 * Losses and buffer overflows count on the node as {@code impaired} drops. A corrupted packet's
 * bits are flipped by a {@link FrameTap} on the outgoing link after the node's last re-seal, so the
 * next hop's checksum rejects it as on a real wire; one addressed to this node is dropped here as
 * {@code bad-checksum} (its receive check is the one that would have caught it).
 */
public final class FlakewayInterceptor implements PacketInterceptor, FlakewayControl {
    private final Node node;
    private final FlakewayEngine<Packet, Link> engine;
    /** Frames to damage on the wire, by array identity; weak so frames dropped in a queue vanish. */
    private final Map<byte[], BitFlips> toCorrupt = new WeakHashMap<>();
    private final Map<Link, FrameTap> taps = new IdentityHashMap<>();

    private FlakewayInterceptor(Node node) {
        this.node = node;
        FlakewayEngine.Timing timing = FlakewayEngine.Timing.of(node.scheduler()::nanos, (t, d) -> node.scheduler().schedule(d, t));
        this.engine = new FlakewayEngine<>(timing, node.random().nextLong(), NodePackets.INSTANCE, new Sink());
    }

    /** Creates the engine (seeded from the node's random source) and adds it as an interceptor. */
    public static FlakewayInterceptor install(Node node) {
        FlakewayInterceptor i = new FlakewayInterceptor(node);
        node.addInterceptor(i);
        return i;
    }

    public FlakewayEngine<Packet, Link> engine() {
        return engine;
    }

    @Override
    public void set(RuleSpec rule) {
        engine.set(rule);
    }

    @Override
    public boolean clear(String name) {
        return engine.clear(name);
    }

    @Override
    public int clearAll() {
        return engine.clearAll();
    }

    @Override
    public Map<String, Object> show() {
        return engine.describe();
    }

    /** Removes the interceptor and its frame taps; packets it holds still leave as scheduled. */
    public void uninstall() {
        node.removeInterceptor(this);
        for (Map.Entry<Link, FrameTap> e : taps.entrySet()) {
            if (e.getKey().frameTap() instanceof Tap t && t.owner() == this) {
                e.getKey().setFrameTap(e.getValue());
            }
        }
        taps.clear();
    }

    @Override
    public boolean intercept(Packet p, Link in) {
        return engine.offer(p, in);
    }

    private void tapLinks() {
        for (Link l : node.links()) {
            if (!taps.containsKey(l)) {
                taps.put(l, l.frameTap());
                l.setFrameTap(new Tap(this, l.frameTap()));
            }
        }
    }

    /** Damages chosen frames, then runs any tap that was there before. */
    private record Tap(FlakewayInterceptor owner, FrameTap next) implements FrameTap {
        @Override
        public void beforeTransmit(Link link, byte[] frame) {
            BitFlips f = owner.toCorrupt.remove(frame);
            if (f != null) {
                f.apply(frame);
            }
            if (next != null) {
                next.beforeTransmit(link, frame);
            }
        }
    }

    private final class Sink implements FlakewayEngine.Sink<Packet, Link> {
        @Override
        public void emit(Packet p, Link in, boolean copy, BitFlips flips) {
            if (flips != null) {
                if (p.destinationBits() == node.address().value() || p.destination().isBroadcast()) {
                    node.counters().countDrop(DropReason.BAD_CHECKSUM);
                    return;
                }
                tapLinks();
                toCorrupt.put(p.array(), flips);
            }
            node.reinject(p, in, FlakewayInterceptor.this);
        }

        @Override
        public void dropped(Packet p, Link in, boolean copy, boolean overflow) {
            node.counters().countDrop(DropReason.IMPAIRED);
        }
    }
}
