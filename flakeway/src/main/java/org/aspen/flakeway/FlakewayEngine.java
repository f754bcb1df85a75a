package org.aspen.flakeway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.time.Scheduler;
import org.aspen.vnet.time.Seeds;

/**
 * The flakeway's impairment engine, netem-like: packets offered to it that match a rule are
 * delayed, lost, duplicated, reordered, corrupted and rate-limited, then handed to a {@link Sink}.
 * It knows nothing of how packets arrive: the {@link FlakewayInterceptor} feeds it from a node's
 * diversion point now, an AA's diversion channel later.
 *
 * <pre>{@code
 * FlakewayEngine<Link> fw = new FlakewayEngine<>(node.scheduler(), node.random().nextLong(), sink);
 * fw.set(RuleSpecs.parse("name wan; match dst=10.0.0.3; delay 50ms jitter 5ms; loss 1%"));
 * boolean taken = fw.offer(packet, inLink);     // false: no rule matched, the caller goes on
 * fw.clear("wan");
 * }</pre>
 *
 * Everything runs on the scheduler's loop. Rules are tried in the order they were first set; the
 * first match takes the packet. Each rule draws from its own stream derived from the engine seed
 * and its name, so runs repeat exactly and adding a rule does not change another's draws.
 * Changing a rule keeps its counters, its order state and the packets it holds; clearing it lets
 * the packets it holds leave as scheduled.
 *
 * @param <C> what travels with a packet to the sink (the link it came in on)
 */
public final class FlakewayEngine<C> {
    /** Where impaired packets go. */
    public interface Sink<C> {
        void emit(Packet p, C context);

        /**
         * A packet the rule corrupted. The default damages the sealed frame now, which suits sinks
         * that put it on a wire without touching the header again; a sink that forwards through a
         * node must apply {@code flips} after the last re-seal (see {@link FlakewayInterceptor}).
         */
        default void emitCorrupted(Packet p, C context, BitFlips flips) {
            flips.apply(p.frame());
            emit(p, context);
        }

        /** A packet the rule dropped (loss or buffer overflow); it must not be used afterwards. */
        default void dropped(Packet p, C context, boolean overflow) {
        }
    }

    private final Scheduler scheduler;
    private final long seed;
    private final Sink<C> sink;
    private final Map<String, Rule<C>> rules = new LinkedHashMap<>();
    private final PortReader[] portReaders = new PortReader[256];

    public FlakewayEngine(Scheduler scheduler, long seed, Sink<C> sink) {
        this.scheduler = scheduler;
        this.seed = seed;
        this.sink = sink;
        portReaders[Protocol.RAW] = PortReader.LEADING_PAIR;
    }

    /** Installs how ports are found for {@code protocol} (the RDP header's owner registers RDP's). */
    public void setPortReader(int protocol, PortReader reader) {
        portReaders[protocol & 0xff] = reader;
    }

    /** Adds a rule, or changes the rule of the same name in place. */
    public void set(RuleSpec spec) {
        Rule<C> r = rules.get(spec.name());
        if (r == null) {
            rules.put(spec.name(), new Rule<>(this, spec, new SplittableRandom(Seeds.derive(seed, "flakeway", spec.name()))));
        } else {
            r.update(spec);
        }
    }

    /** Removes a rule; false when there was none of that name. */
    public boolean clear(String name) {
        return rules.remove(name) != null;
    }

    public void clearAll() {
        rules.clear();
    }

    public List<RuleSpec> rules() {
        List<RuleSpec> l = new ArrayList<>();
        rules.values().forEach(r -> l.add(r.spec()));
        return l;
    }

    /** The counters of a rule, or null. */
    public RuleCounters counters(String name) {
        Rule<C> r = rules.get(name);
        return r == null ? null : r.counters();
    }

    /** Each rule's text form, buffer size and counters, for {@code flakeway show} and reports. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Rule<C> r : rules.values()) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("spec", r.spec().toString());
            d.put("bufferPackets", r.limitPackets() == Integer.MAX_VALUE ? "none" : r.limitPackets());
            d.put("bufferBytes", r.limitBytes() == Long.MAX_VALUE ? "none" : r.limitBytes());
            d.putAll(r.counters().snapshot());
            m.put(r.spec().name(), d);
        }
        return m;
    }

    /**
     * Offers a packet. Returns true when a rule took it (it will reach the sink later, or was
     * dropped and counted); false when no rule matched and the caller keeps it.
     */
    public boolean offer(Packet p, C context) {
        for (Rule<C> r : rules.values()) {
            if (r.spec().match().matches(p, portReaders[p.protocol()])) {
                r.take(p, context);
                return true;
            }
        }
        return false;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    Sink<C> sink() {
        return sink;
    }
}
