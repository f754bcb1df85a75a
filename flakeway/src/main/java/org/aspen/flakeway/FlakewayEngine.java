package org.aspen.flakeway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import java.util.function.ObjLongConsumer;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.time.Seeds;

/**
 * The flakeway's impairment engine, netem-like: packets offered to it that match a rule are
 * delayed, lost, duplicated, reordered, corrupted and rate-limited, then handed to a {@link Sink}.
 * It knows nothing of how packets arrive or leave: {@link FlakewayInterceptor} feeds it a node's
 * packets at the node's diversion point, {@link FlakewayAa} the packets of an AA's diversion channels.
 *
 * <pre>{@code
 * FlakewayEngine<Packet, Link> fw = new FlakewayEngine<>(timing, seed, NodePackets.INSTANCE, sink);
 * fw.set(RuleSpecs.parse("name wan; match dst=10.0.0.3; delay 50ms jitter 5ms; loss 1%"));
 * boolean taken = fw.offer(packet, inLink);     // false: no rule matched, the caller goes on
 * fw.clear("wan");
 * }</pre>
 *
 * Everything runs on one loop, the timing's. Rules are tried in the order they were first set; the
 * first match takes the packet. Each rule draws from its own stream derived from the engine seed
 * and its name, so runs repeat exactly and adding a rule does not change another's draws.
 * Changing a rule keeps its counters, its order state and the packets it holds; clearing it lets
 * the packets it holds leave as scheduled. {@link #flush} sends every held packet at once.
 *
 * @param <P> the packet type, read through a {@link PacketAccess}
 * @param <C> what travels with a packet to the sink (the link it came in on, the channel that took it)
 */
public final class FlakewayEngine<P, C> {
    /** The loop's clock and timers (a node's scheduler, or an AA context). */
    public interface Timing {
        long nanos();

        void schedule(long delayNanos, Runnable task);

        /** A timing from a clock and a scheduling call, e.g. {@code Timing.of(ctx::nanos, (t, d) -> ctx.schedule(d, t))}. */
        static Timing of(LongSupplier clock, ObjLongConsumer<Runnable> schedule) {
            return new Timing() {
                @Override
                public long nanos() {
                    return clock.getAsLong();
                }

                @Override
                public void schedule(long delayNanos, Runnable task) {
                    schedule.accept(task, delayNanos);
                }
            };
        }
    }

    /** Where impaired packets go. */
    public interface Sink<P, C> {
        /**
         * A packet leaves the flakeway.
         *
         * @param copy  true for a duplicate the engine made (not a packet that was offered)
         * @param flips bits to invert in the packet's first {@link PacketAccess#corruptibleBytes}
         *              bytes (a corrupted packet), or null
         */
        void emit(P p, C context, boolean copy, BitFlips flips);

        /** A packet the rule dropped (loss or, with {@code overflow}, a full buffer); it must not be used afterwards. */
        void dropped(P p, C context, boolean copy, boolean overflow);
    }

    private final Timing timing;
    private final long seed;
    private final PacketAccess<P> access;
    private final Sink<P, C> sink;
    private final Map<String, Rule<P, C>> rules = new LinkedHashMap<>();
    private final PortReader[] portReaders = new PortReader[256];
    /** Every packet waiting in any rule (cleared rules too), oldest first: what {@link #flush} sends. */
    private final Held<P, C> held = new Held<>(null, null, null, null, false, 0);
    private long heldSeq;

    public FlakewayEngine(Timing timing, long seed, PacketAccess<P> access, Sink<P, C> sink) {
        this.timing = timing;
        this.seed = seed;
        this.access = access;
        this.sink = sink;
        held.prev = held;
        held.next = held;
        portReaders[Protocol.RAW] = PortReader.LEADING_PAIR;
        portReaders[Protocol.RDP] = PortReader.RDP;
    }

    /** Installs where ports are found for {@code protocol} (RAW and RDP are built in). */
    public void setPortReader(int protocol, PortReader reader) {
        portReaders[protocol & 0xff] = reader;
    }

    /** Adds a rule, or changes the rule of the same name in place. */
    public void set(RuleSpec spec) {
        Rule<P, C> r = rules.get(spec.name());
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

    /** Removes every rule; returns how many there were. */
    public int clearAll() {
        int n = rules.size();
        rules.clear();
        return n;
    }

    public List<RuleSpec> rules() {
        List<RuleSpec> l = new ArrayList<>();
        rules.values().forEach(r -> l.add(r.spec()));
        return l;
    }

    /** The counters of a rule, or null. */
    public RuleCounters counters(String name) {
        Rule<P, C> r = rules.get(name);
        return r == null ? null : r.counters();
    }

    /** Each rule's text form, buffer size and counters, for {@code flakeway show} and reports. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Rule<P, C> r : rules.values()) {
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
    public boolean offer(P p, C context) {
        PortReader ports = portReaders[access.protocol(p) & 0xff];
        for (Rule<P, C> r : rules.values()) {
            if (r.spec().match().matches(p, access, ports)) {
                r.take(p, context);
                return true;
            }
        }
        return false;
    }

    /** Packets held now, in every rule (including cleared rules whose packets have not left yet). */
    public int heldPackets() {
        int n = 0;
        for (Held<P, C> h = held.next; h != held; h = h.next) {
            n++;
        }
        return n;
    }

    /**
     * Sends every held packet now, in the order their release times give (ties: the order they
     * were taken), as if their delay and rate limit had run out. Timers still pending for them do
     * nothing when they fire. Returns how many left.
     */
    public int flush() {
        List<Held<P, C>> all = new ArrayList<>();
        for (Held<P, C> h = held.next; h != held; h = h.next) {
            all.add(h);
        }
        all.sort((a, b) -> a.release != b.release ? Long.compare(a.release, b.release) : Long.compare(a.seq, b.seq));
        for (Held<P, C> h : all) {
            h.rule.emit(h);
        }
        return all.size();
    }

    Held<P, C> hold(Rule<P, C> rule, P p, C ctx, BitFlips flips, boolean copy, int size) {
        Held<P, C> h = new Held<>(rule, p, ctx, flips, copy, size);
        h.seq = heldSeq++;
        h.prev = held.prev;
        h.next = held;
        held.prev.next = h;
        held.prev = h;
        return h;
    }

    static <P, C> void unlink(Held<P, C> h) {
        h.prev.next = h.next;
        h.next.prev = h.prev;
        h.prev = null;
        h.next = null;
    }

    Timing timing() {
        return timing;
    }

    PacketAccess<P> access() {
        return access;
    }

    Sink<P, C> sink() {
        return sink;
    }

    /** A packet waiting in a rule: in the engine's list until it leaves. */
    static final class Held<P, C> {
        final Rule<P, C> rule;
        final P packet;
        final C context;
        final BitFlips flips;
        final boolean copy;
        final int size;
        long seq;
        long release;
        Held<P, C> prev;
        Held<P, C> next;

        Held(Rule<P, C> rule, P packet, C context, BitFlips flips, boolean copy, int size) {
            this.rule = rule;
            this.packet = packet;
            this.context = context;
            this.flips = flips;
            this.copy = copy;
            this.size = size;
        }

        boolean gone() {
            return next == null;
        }
    }
}
