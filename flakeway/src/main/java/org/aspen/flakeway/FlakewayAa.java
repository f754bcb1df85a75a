package org.aspen.flakeway;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaMessage;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;

/**
 * The flakeway as an active application: it opens a diversion channel for its rules' matches and
 * runs a {@link FlakewayEngine} on the packets they take, seeded from the AA's random source,
 * every timer through its {@link AaContext}. Start it with {@link FlakewayAas#start}.
 *
 * <pre>{@code
 * // parameters: rule, rule.1, rule.2, ... (compact rule text, tried in that order)
 * ee.startAa(FlakewayAas.jar(), Map.of("rule.1", "name wan; match dst=10.0.0.3; delay 20ms"));
 * // AA messages (UTF-8): "set <rule>", "clear [name]", "show"; the sender gets "ok ..." or "error: ..."
 * }</pre>
 *
 * A packet leaves through the channel that took it ({@code reinject}) or is dropped there (loss,
 * full buffer); a duplicate is sent on the raw channel with the TTL a forwarded packet would have;
 * corruption inverts payload bits (the node re-seals the frame, so the next hop accepts it and the
 * damage reaches the receiver; the node-level {@link FlakewayInterceptor} damages the wire frame instead).
 * A channel's match is the rule's, widened where the EE's {@link Match} cannot say it (prefixes):
 * the engine decides, and a packet no rule takes goes back at once. Its packets re-injected
 * through one channel and taken again by a later one of its own pass straight through, so a packet
 * is impaired once. On stop, the EE has discarded what the channels had queued for the AA; every
 * packet the rules hold is then re-injected at once ({@link FlakewayEngine#flush}).
 *
 * <p>Host control ({@link FlakewayAas}) calls {@link #apply} with JDK types only, since this class
 * lives in its own class loader.
 */
public final class FlakewayAa implements ActiveApplication, BiFunction<String, String, Object> {
    private AaContext ctx;
    private FlakewayEngine<AaPacket, Chan> engine;
    /** Channels still open or flushing, in the order they were opened. */
    private final List<Chan> chans = new ArrayList<>();
    private long chanSeq;

    @Override
    public void start(AaContext context, Map<String, String> params) {
        this.ctx = context;
        FlakewayEngine.Timing timing = FlakewayEngine.Timing.of(ctx::nanos, (t, d) -> ctx.schedule(d, t));
        engine = new FlakewayEngine<>(timing, ctx.random().nextLong(), AaPackets.INSTANCE, new Sink());
        for (String rule : rules(params)) {
            engine.set(RuleSpecs.parse(rule));
        }
        syncChannels();
        ctx.log().info("flakeway started with {} rule(s)", engine.rules().size());
    }

    /** Rule texts from {@code rule} and {@code rule.N} parameters, in N order. */
    static List<String> rules(Map<String, String> params) {
        List<String> keys = new ArrayList<>();
        for (String k : params.keySet()) {
            if (!k.equals("rule") && !k.matches("rule\\.\\d{1,9}")) {
                throw new IllegalArgumentException("unknown flakeway parameter '" + k + "' (use rule, rule.1, rule.2, ...)");
            }
            keys.add(k);
        }
        keys.sort(Comparator.comparingInt(k -> k.equals("rule") ? -1 : Integer.parseInt(k.substring(5))));
        List<String> out = new ArrayList<>();
        keys.forEach(k -> out.add(params.get(k)));
        return out;
    }

    @Override
    public void stop() {
        int n = engine == null ? 0 : engine.flush();
        if (ctx != null) {
            ctx.log().info("flakeway stopped; {} held packet(s) re-injected at once", n);
        }
    }

    /**
     * One command: {@code set} (argument: a rule's compact text; returns its normalised text),
     * {@code clear} (argument: a rule name, or null or empty for every rule; returns how many
     * were removed), {@code show} (returns rule name -> spec, buffer and counters).
     *
     * @throws IllegalArgumentException with one line, for a bad rule or an unknown verb
     */
    @Override
    public Object apply(String verb, String argument) {
        String arg = argument == null ? "" : argument.trim();
        switch (verb) {
            case "set" -> {
                RuleSpec r = RuleSpecs.parse(arg);
                engine.set(r);
                syncChannels();
                return r.toString();
            }
            case "clear" -> {
                int n = arg.isEmpty() ? engine.clearAll() : engine.clear(arg) ? 1 : 0;
                syncChannels();
                return n;
            }
            case "show" -> {
                return engine.describe();
            }
            default -> throw new IllegalArgumentException("unknown flakeway command '" + verb + "' (set, clear, show)");
        }
    }

    @Override
    public void onMessage(AaMessage m) {
        String text = new String(m.body(), StandardCharsets.UTF_8).trim();
        if (text.startsWith("ok") || text.startsWith("error")) {
            return;     // a reply to something we sent: answering it could loop between two flakeways
        }
        int sp = text.indexOf(' ');
        String reply;
        try {
            Object r = apply(sp < 0 ? text : text.substring(0, sp), sp < 0 ? "" : text.substring(sp + 1));
            reply = "ok " + r;
        } catch (IllegalArgumentException e) {
            reply = "error: " + e.getMessage();
        }
        if (!m.fromAa().isEmpty()) {
            ctx.sendMessage(m.fromNode(), m.fromAa(), reply.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Opens a channel for each distinct match the rules need; flush-closes the ones no rule needs. */
    private void syncChannels() {
        Set<Match> needed = new LinkedHashSet<>();
        for (RuleSpec r : engine.rules()) {
            needed.add(channelMatch(r.match()));
        }
        for (Chan c : List.copyOf(chans)) {
            if (c.channel.isOpen() && !needed.remove(c.match)) {
                c.channel.flushClose();
            }
        }
        for (Match m : needed) {
            Chan c = new Chan(m, ++chanSeq);
            chans.add(c);
            c.channel = ctx.divert(m, c);
        }
        chans.removeIf(c -> !c.channel.isOpen() && c.channel.queued() == 0);
    }

    /** The EE match for a rule: exact where it can be, wider where it cannot (the engine decides). */
    static Match channelMatch(PacketMatch m) {
        Match.Builder b = Match.builder();
        if (m.source() != null && m.sourceBits() == 32) {
            b.source(Address.of(m.source().value()));
        }
        if (m.destination() != null && m.destinationBits() == 32) {
            b.destination(Address.of(m.destination().value()));
        }
        if (m.protocol() >= 0) {
            b.protocol(m.protocol());
        }
        if (m.aaName() != null) {
            b.aaName(m.aaName());
        }
        PortReader ports = m.protocol() == Protocols.RAW ? PortReader.LEADING_PAIR
                : m.protocol() == Protocols.RDP ? PortReader.RDP : null;
        if (ports != null && m.sourcePort() >= 0) {
            b.field(ports.sourceOffset(), 2, m.sourcePort());
        }
        if (ports != null && m.destinationPort() >= 0) {
            b.field(ports.destinationOffset(), 2, m.destinationPort());
        }
        return b.build();
    }

    /**
     * Hands a packet back through {@code from}. If one of our later channels takes it again (its
     * queue grows by one), that delivery is marked to pass straight through.
     */
    private void reinject(Chan from, AaPacket p) {
        for (Chan c : chans) {
            c.mark = c.seq > from.seq && c.channel.isOpen() ? c.channel.queued() : -1;
        }
        from.channel.reinject(p);
        for (Chan c : chans) {
            if (c.mark >= 0 && c.channel.queued() > c.mark) {
                c.passThrough.add(c.delivered + c.channel.queued() - 1);
                break;
            }
        }
    }

    /** One diversion channel of ours. */
    private final class Chan implements DiversionChannel.Handler {
        final Match match;
        final long seq;
        final ArrayDeque<Long> passThrough = new ArrayDeque<>();
        DiversionChannel channel;
        long delivered;
        int mark;

        Chan(Match match, long seq) {
            this.match = match;
            this.seq = seq;
        }

        @Override
        public void onPacket(DiversionChannel ch, AaPacket p) {
            long index = delivered++;
            Long next = passThrough.peekFirst();
            if (next != null && next == index) {
                passThrough.pollFirst();
                reinject(this, p);
            } else if (!engine.offer(p, this)) {
                reinject(this, p);
            }
            if (!ch.isOpen() && ch.queued() == 0) {
                chans.remove(this);
            }
        }
    }

    private final class Sink implements FlakewayEngine.Sink<AaPacket, Chan> {
        @Override
        public void emit(AaPacket p, Chan from, boolean copy, BitFlips flips) {
            if (flips != null) {
                AaPackets.corrupt(p, flips);
            }
            if (!copy) {
                reinject(from, p);
            } else if (p.destination().equals(ctx.nodeAddress())) {
                ctx.send(p);
            } else if (p.ttl() > 1) {
                p.setTtl(p.ttl() - 1);      // what forwarding does to the original
                ctx.send(p);
            }
        }

        @Override
        public void dropped(AaPacket p, Chan from, boolean copy, boolean overflow) {
            if (!copy) {
                from.channel.drop(p);
            }
        }
    }
}
