package org.aspen.acc.aa;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.CongestionEvent;
import org.aspen.ee.api.Protocols;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SenderState;
import org.aspen.rdp.WindowNotification;

/**
 * The ACC monitor AA, one per node that runs ACC. For each RDP data segment a link of this node is
 * about to drop, it reads the sender state the segment carries, computes the window Reno would have
 * chosen had it seen the drop at once ({@link WindowRule}), forges a window-setting notification to
 * the sender on the raw channel (never retransmitted: losing it only delays what Reno does anyway)
 * and asks the node one hop upstream to start a filter for the connection ({@link FilterRequest}).
 *
 * <pre>{@code
 * ee.deploy(filterJar, null);                                    // so upstream nodes can fetch it from here
 * ee.startAa(monitorJar, AccConfig.DEFAULT.withMinRttMicros(40_000).toParams());
 * }</pre>
 *
 * By default it acts as the paper's router does, on every drop ("When a router detects a packet loss, it
 * calculates the correct window size for the endpoint ... and forwards a packet with the new window size
 * to the endpoint. Then the router installs a filter"): the sender reacts once per window ("TCP only
 * responds to one packet drop per round trip time"), and a filter AA already filtering the connection
 * ignores a second request. Options not in the paper: {@link AccConfig#oncePerSrtt()} (at most one
 * action per connection per carried srtt), {@link AccConfig#skipRecovery()} (leave drops of senders
 * already in recovery alone) and {@link AccConfig#minRttMicros()} (the paper's suggested, but not
 * simulated, low-RTT inhibition). Its notification names the dropped segment for a resend by default;
 * {@link AccConfig#notification()} {@code window-only} (parameter {@code notify}) sends the window alone (RDP's NTF flag {@code WINDOW_ONLY}), as the
 * paper's text reads. Drops of other protocols are ignored; every AA that registered
 * for congestion gets every event, so another handler sees them too. The upstream node is the next
 * hop toward the sender (routes are symmetric in VNet's link-state routing); when that is the
 * sender itself, which cannot divert its own packets, the filter runs here instead
 * ({@link AccConfig#localFilter()}).
 *
 * Counters: {@code congestionEvents}, {@code nonRdpIgnored}, {@code noStateIgnored},
 * {@code recoveryIgnored}, {@code lowRttInhibited}, {@code sameRttSuppressed}, {@code actions},
 * {@code notificationsSent}, {@code notificationsUnsent}, {@code filterRequestsSent},
 * {@code filterRequestsUnsent}, {@code filterCodeMissing}, {@code noUpstream},
 * {@code windowReductionPackets} (sum of carried minus notified windows) and, for filters run here,
 * those of {@link FilterSession}.
 */
public final class AccMonitor implements ActiveApplication {
    /** Per-connection memory is forgotten after this long without an action. */
    private static final long FORGET_NANOS = 30_000_000_000L;
    private static final long MIN_LIFETIME_MS = 10;

    private final Map<ConnKey, Long> lastAction = new HashMap<>();
    private final Map<ConnKey, FilterSession> localFilters = new HashMap<>();
    private AaContext ctx;
    private AccConfig cfg;

    @Override
    public void start(AaContext ctx, Map<String, String> params) {
        this.ctx = ctx;
        this.cfg = AccConfig.fromParams(params);
        ctx.onCongestion(this::onCongestion);
        ctx.log().info("ACC monitor on {}: {}", ctx.nodeName(), cfg);
    }

    public AccConfig config() {
        return cfg;
    }

    private void onCongestion(CongestionEvent e) {
        ctx.counter("congestionEvents").increment();
        AaPacket p = e.packet();
        if (p.protocol() != Protocols.RDP) {
            ctx.counter("nonRdpIgnored").increment();
            return;
        }
        Segment s = RdpSegments.decode(p);
        if (s == null || s.state == null || s.dataLength == 0) {
            ctx.counter("noStateIgnored").increment();
            return;
        }
        SenderState st = s.state;
        if (cfg.skipRecovery() && st.recovering()) {
            ctx.counter("recoveryIgnored").increment();
            return;
        }
        if (st.srttMicros() == 0 || st.srttMicros() < cfg.minRttMicros()) {   // srtt 0: no RTT sample yet
            ctx.counter("lowRttInhibited").increment();
            return;
        }
        ConnKey conn = RdpSegments.key(p, s);
        long now = ctx.nanos();
        Long last = lastAction.get(conn);
        if (cfg.oncePerSrtt() && last != null && now - last < st.srttMicros() * 1000) {
            ctx.counter("sameRttSuppressed").increment();
            return;
        }
        forgetOld(now);
        lastAction.put(conn, now);
        act(conn, s.seq, st);
    }

    private void act(ConnKey conn, int seq, SenderState st) {
        WindowRule.Reaction r = WindowRule.reno(st, cfg.maxDelete());
        ctx.counter("actions").increment();
        ctx.counter("windowReductionPackets").add(Math.round(st.cwnd() - r.cwnd()));
        // names only the dropped segment as lost: what the filter really deletes it names itself when it
        // ends (FilterSession), so the sender never resends packets that were already past the filter;
        // window-only (notify=window-only) it names the dropped segment as the window's reference and nothing
        // for a resend, the paper's reading: TCP's fast retransmit repairs the drop
        boolean windowOnly = cfg.notification() == AccConfig.Notify.WINDOW_ONLY;
        byte[] ntf = RdpSegments.notification(conn, new WindowNotification(seq, r.cwnd(), r.ssthresh(), 0, windowOnly));
        boolean sent = ctx.send(ctx.newPacket().source(conn.destination()).destination(conn.source())
                .protocol(Protocols.RDP).payload(ntf).build());
        ctx.counter(sent ? "notificationsSent" : "notificationsUnsent").increment();
        ctx.log().debug("congestion on {} seq {}: cwnd {} ({}) -> {}, delete {}", conn, Integer.toUnsignedString(seq),
                st.cwnd(), st.phase(), r.cwnd(), r.deleteCount());
        boolean untilReaction = cfg.deletion() == AccConfig.Deletion.UNTIL_REACTION;
        if (r.deleteCount() > 0 || untilReaction) {
            long lifeMs = Math.max(MIN_LIFETIME_MS, Math.min(cfg.filterMaxLifetimeMs(), 2 * st.srttMicros() / 1000));
            FilterRequest req = new FilterRequest(conn, st.phase(), st.cwnd(), st.ssthresh(), r.cwnd(), r.ssthresh(),
                    untilReaction ? cfg.maxDelete() : r.deleteCount(), lifeMs, seq, ctx.nodeAddress(), untilReaction);
            filter(req);
        }
    }

    private void filter(FilterRequest req) {
        Address upstream = ctx.nextHop(req.conn().source());
        if (upstream == null) {
            ctx.counter("noUpstream").increment();
            return;
        }
        if (upstream.equals(req.conn().source())) {
            if (cfg.localFilter() && !localFilters.containsKey(req.conn())) {
                ctx.counter("localFilters").increment();
                FilterSession f = FilterSession.start(ctx, req, why -> localFilters.remove(req.conn()));
                if (f.ended() == null) {
                    localFilters.put(req.conn(), f);
                }
            }
            return;
        }
        AaPacket.Spec spec = ctx.findCode(cfg.filterAa());
        if (spec == null) {
            ctx.counter("filterCodeMissing").increment();
            return;
        }
        boolean sent = ctx.send(ctx.newPacket().destination(upstream).protocol(Protocols.RAW).aaSpec(spec)
                .payload(req.encode()).build());
        ctx.counter(sent ? "filterRequestsSent" : "filterRequestsUnsent").increment();
    }

    private void forgetOld(long now) {
        if (lastAction.size() < 1024) {
            return;
        }
        for (Iterator<Long> it = lastAction.values().iterator(); it.hasNext(); ) {
            if (now - it.next() > FORGET_NANOS) {
                it.remove();
            }
        }
    }
}
