package org.aspen.acc.aa;

import java.util.function.Consumer;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;
import org.aspen.ee.api.Timer;
import org.aspen.rdp.Segment;

/**
 * One ACC filter on one connection: diverts the sender's packets arriving at this node and deletes
 * data segments until a packet's carried state shows the sender reacted (window below the notified one
 * plus one packet, or in recovery), or its lifetime ends, or (by count) it has deleted what it was asked
 * to; then it flush-closes, so the packets still queued in the channel are forwarded, not lost.
 *
 * <p>Two deletion rules ({@link AccConfig.Deletion}), named by the request's flag. <b>Until reaction</b>
 * (the paper's: "deletes all packets from that endpoint until it begins to act on the router's feedback
 * (or it has detected congestion itself)"): every data segment numbered after the dropped one, whatever
 * its number, until the reaction or the lifetime; {@code deleteCount} is only a cap. <b>Range</b>:
 * only data segments numbered {@code droppedSeq + 1} to {@code droppedSeq + deleteCount} (the
 * window's worth that follows the drop) are deleted: the sender's notified window then covers what
 * is left in flight, and it resends the deleted run this filter names to it (below). Segments of that range that passed before
 * the filter started are not deleted, so the filter ends (by count) when the first segment beyond
 * the range arrives even if it deleted fewer. Control segments (ACK-only, NUL, RST, SYN) always pass.
 * When it ends having deleted some, it names the run from the lowest to the highest deleted segment to
 * the sender (a follow-up notification), so the sender resends what was unsent.
 *
 * <pre>{@code
 * FilterSession f = FilterSession.start(ctx, request, end -> sessions.remove(request.conn()));
 * }</pre>
 *
 * Counters (by the AA that runs it): {@code filtersStarted}, {@code packetsFiltered},
 * {@code packetsPassed}, {@code filtersEndedByCount}, {@code filtersEndedByReaction},
 * {@code filtersEndedByTimeout}, {@code nacksSent}, {@code nacksUnsent}.
 */
public final class FilterSession {
    /** Why a filter ended. */
    public enum End { COUNT, REACTION, TIMEOUT }

    /**
     * A sender that adopted the notified window grows it again by up to one packet per RTT while
     * its resends pass the filter, and one that did not still carries at least twice the notified
     * window: anything below notified + 1 is a reaction.
     */
    static final double REACTION_SLACK = 1.0;

    private final AaContext ctx;
    private final FilterRequest req;
    private final Consumer<End> onEnd;
    private DiversionChannel channel;
    private Timer timer;
    private int deleted;
    /** The lowest and highest deleted segment, as offsets from the dropped one (1 = the next). */
    private int firstDeleted;
    private int lastDeleted;
    private End ended;

    private FilterSession(AaContext ctx, FilterRequest req, Consumer<End> onEnd) {
        this.ctx = ctx;
        this.req = req;
        this.onEnd = onEnd;
    }

    public static FilterSession start(AaContext ctx, FilterRequest req, Consumer<End> onEnd) {
        FilterSession f = new FilterSession(ctx, req, onEnd);
        ConnKey c = req.conn();
        Match m = Match.builder().source(c.source()).destination(c.destination()).protocol(Protocols.RDP)
                .ports(Match.RDP_PORTS, c.sourcePort(), c.destinationPort()).build();
        f.channel = ctx.divert(m, f::onPacket);
        f.timer = ctx.schedule(req.lifetimeMillis() * 1_000_000L, () -> f.end(End.TIMEOUT));
        ctx.counter("filtersStarted").increment();
        if (req.deleteCount() == 0) {
            f.end(End.COUNT);
        }
        return f;
    }

    public FilterRequest request() {
        return req;
    }

    public int deleted() {
        return deleted;
    }

    /** Null while it runs. */
    public End ended() {
        return ended;
    }

    private void onPacket(DiversionChannel ch, AaPacket p) {
        if (ended != null) {
            pass(ch, p);   // flushed after the end: everything still queued goes on
            return;
        }
        Segment s = RdpSegments.decode(p);
        if (s == null || s.dataLength == 0 || s.has(Segment.SYN) || s.has(Segment.RST)) {
            pass(ch, p);
            return;
        }
        if (s.state != null && (s.state.recovering() || s.state.cwnd() < req.newCwnd() + REACTION_SLACK)) {
            pass(ch, p);
            end(End.REACTION);
            return;
        }
        int offset = s.seq - req.droppedSeq();   // wraps like RDP's sequence numbers
        if (offset <= 0) {
            pass(ch, p);   // an older segment, or a resend of the dropped one: not ours to delete
            return;
        }
        if (!req.untilReaction() && offset > req.deleteCount()) {
            pass(ch, p);   // past the range the sender will resend: the segments it named went by
            end(End.COUNT);
            return;
        }
        if (deleted == 0 || offset < firstDeleted) {
            firstDeleted = offset;   // offsets from the dropped segment: a resend may come after later segments
        }
        lastDeleted = Math.max(lastDeleted, offset);
        deleted++;
        ctx.counter("packetsFiltered").increment();
        ch.drop(p);
        if (deleted >= req.deleteCount()) {
            end(End.COUNT);
        }
    }

    /**
     * Tells the sender which of its packets this filter unsent (they arrive in order, so the deleted ones
     * are one run), with the window the monitor notified: the sender takes it as a follow-up to the
     * monitor's notification and resends exactly these. Never retransmitted; if lost, the sender finds
     * the holes from its acknowledgements.
     */
    private void nackDeleted() {
        ConnKey c = req.conn();
        byte[] ntf = RdpSegments.notification(c, req.droppedSeq() + firstDeleted, req.newCwnd(), req.newSsthresh(),
                Math.min(0xffff, lastDeleted - firstDeleted));
        boolean sent = ctx.send(ctx.newPacket().source(c.destination()).destination(c.source()).protocol(Protocols.RDP)
                .payload(ntf).build());
        ctx.counter(sent ? "nacksSent" : "nacksUnsent").increment();
    }

    private void pass(DiversionChannel ch, AaPacket p) {
        ctx.counter("packetsPassed").increment();
        ch.reinject(p);
    }

    private void end(End why) {
        if (ended != null) {
            return;
        }
        ended = why;
        timer.cancel();
        ctx.counter(switch (why) {
            case COUNT -> "filtersEndedByCount";
            case REACTION -> "filtersEndedByReaction";
            case TIMEOUT -> "filtersEndedByTimeout";
        }).increment();
        ctx.log().debug("filter for {} ended by {} after deleting {} of {}", req.conn(), why, deleted, req.deleteCount());
        channel.flushClose();
        if (deleted > 0) {
            nackDeleted();
        }
        onEnd.accept(why);
    }
}
