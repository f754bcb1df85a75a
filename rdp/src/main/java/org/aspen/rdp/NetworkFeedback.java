package org.aspen.rdp;

/**
 * What network AAs tell a connection's sender in segments they forge: ACC's window-setting
 * notifications (flag NTF) and ACC-ABCD's segment-size and pacing advice (the ADVICE part). Each is
 * checked against the send window before it acts; a rejected one is counted on the connection and
 * as {@link RdpDrop#NOTIFICATION_REJECTED} at the stack.
 *
 * <pre>{@code
 * if (s.advice != null) feedback.rateAdvice(s.advice);   // RdpConnection.receive, before the state machine
 * if (s.has(Segment.NTF)) feedback.notification(s.notification);
 * }</pre>
 *
 * The acceptance rules are docs/rdp.md's "Window-setting notification (ACC)" and "Segment-size and
 * pacing advice (ACC-ABCD)". On the node's loop, like the rest of the connection.
 */
final class NetworkFeedback {
    private final RdpConnection c;
    /** SND.NXT when the last notification was accepted: the window that reduction covers ends there. */
    private int notifiedUntil;
    /** Segment named by the last accepted notification: the same again is a duplicate. */
    private int lastNotifiedSeq;

    NetworkFeedback(RdpConnection c) {
        this.c = c;
        this.notifiedUntil = c.iss + 1;
        this.lastNotifiedSeq = c.iss;
    }

    /** Checks and applies a window-setting notification (ACC). */
    void notification(WindowNotification n) {
        ConnectionState cs = c.cs;
        ConnectionStats stats = c.stats;
        int seq = n.seq();
        if (c.state() != RdpConnection.State.OPEN || ConnectionState.seqLt(seq, cs.sndUna())) {
            stats.notificationsStale++;
            c.stack.counters().drop(RdpDrop.NOTIFICATION_REJECTED);
        } else if (!ConnectionState.seqLt(seq, cs.sndNxt())) {
            stats.notificationsOutOfWindow++;
            c.stack.counters().drop(RdpDrop.NOTIFICATION_REJECTED);
        } else if (ConnectionState.seqLt(seq, notifiedUntil) && seq == lastNotifiedSeq) {
            stats.notificationsDuplicate++;
            c.stack.counters().drop(RdpDrop.NOTIFICATION_REJECTED);
        } else if (ConnectionState.seqLt(seq, notifiedUntil)) {
            // about the reduction already made (ACC's filter naming what it deleted, or the monitor's
            // notice arriving after the filter's): the window stays, the named segments are resent; a
            // window-only notice names nothing to resend
            stats.notificationsFollowUp++;
            if (!n.windowOnly()) {
                c.tx.negativelyAcknowledge(seq, n.deleteCount());
                c.tx.trySend();
            }
        } else {
            stats.notificationsAccepted++;
            notifiedUntil = cs.sndNxt();
            lastNotifiedSeq = seq;
            c.cc.onNotification(cs, n);
            if (!n.windowOnly()) {   // window-only: the dropped segment waits for the sender's own recovery
                c.tx.negativelyAcknowledge(seq, n.deleteCount());
            }
            stats.observe(cs);
            c.tx.trySend();
        }
    }

    /** Checks and applies segment-size and pacing advice (ACC-ABCD). */
    void rateAdvice(RateAdvice a) {
        SenderAdvice advice = c.advice;
        if (c.state() != RdpConnection.State.OPEN) {
            advice.stale++;
            c.stack.counters().drop(RdpDrop.NOTIFICATION_REJECTED);
        } else if (!ConnectionState.seqLt(a.seq(), c.cs.sndNxt()) || ConnectionState.seqLt(a.seq(), c.iss + 1)) {
            advice.outOfWindow++;
            c.stack.counters().drop(RdpDrop.NOTIFICATION_REJECTED);
        } else if (!advice.accept(a)) {
            c.stack.counters().drop(RdpDrop.NOTIFICATION_REJECTED);
        } else {
            c.tx.trySend();
        }
    }
}
