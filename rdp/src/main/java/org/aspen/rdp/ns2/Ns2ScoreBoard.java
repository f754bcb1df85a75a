package org.aspen.rdp.ns2;

import java.util.ArrayList;
import java.util.List;

/**
 * ns-2.35's ScoreBoardRQ ({@code tcp/scoreboard-rq.cc}), the scoreboard Agent/TCP/Sack1 uses, over
 * its reassembly queue ({@code tcp/rq.cc}) reduced to what the scoreboard reads: the SACKed ranges
 * above the cumulative ACK, merged, with their total length. Packets are ns-2 seqnos.
 *
 * <pre>{@code
 * Ns2ScoreBoard sb = new Ns2ScoreBoard();
 * sb.update(9, new int[][] {{12, 15}});   // ACK 9 with one block: 10 and 11 are holes
 * int next = sb.nextRetran();             // 10
 * }</pre>
 */
public final class Ns2ScoreBoard {
    /** Disjoint, non-adjacent ranges {start, end} (end exclusive), in order. */
    private final List<int[]> blocks = new ArrayList<>();
    private int total;
    private int hSeqno = -1;
    /** sack_min: the highest cumulative ACK seen, plus one (also the queue's rcv_nxt_). */
    private int sackMin = -1;
    private boolean changed;

    /** ClearScoreBoard (scoreboard-rq.h:49): empties it; sack_min stays. */
    public void clear() {
        blocks.clear();
        total = 0;
        hSeqno = -1;
    }

    /** UpdateScoreBoard (scoreboard-rq.cc:50-72). */
    public void update(int lastAck, int[][] sacks) {
        int oldTotal = total;
        changed = false;
        if (sackMin <= lastAck) {
            sackMin = lastAck + 1;
            if (!blocks.isEmpty()) {
                clearTo(sackMin);                      // cleartonxt (rq.h:120)
                changed = true;
            }
        }
        for (int[] b : sacks) {
            add(b[0], b[1]);
        }
        changed = changed || oldTotal != total;
    }

    /** CheckUpdate: whether the last update cleared or SACKed anything new. */
    public boolean changed() {
        return changed;
    }

    /** GetNextRetran (scoreboard-rq.cc:27-48): the next hole at or above the last retransmitted, -1 none. */
    public int nextRetran() {
        if (hSeqno < sackMin) {
            hSeqno = sackMin;
        }
        int seq = hSeqno;
        int[] fcnt = new int[1];
        if ((seq = nexthole(seq, fcnt)) > 0) {
            if (fcnt[0] <= 0) {
                return -1;                              // no holes above
            }
            if (seq > hSeqno) {
                hSeqno = seq;
            }
            return seq;
        }
        return -1;
    }

    /** MarkRetran (scoreboard-rq.h:51-54). */
    public void markRetran(int seq) {
        if (seq >= hSeqno) {
            hSeqno = seq + 1;
        }
    }

    /** ReassemblyQueue::nexthole (rq.cc:614-639); {@code cnt[0]}: blocks from the one above the hole, -1 none. */
    private int nexthole(int seq, int[] cnt) {
        cnt[0] = -1;
        for (int i = 0; i < blocks.size(); i++) {
            int[] p = blocks.get(i);
            if (p[0] > seq) {
                cnt[0] = blocks.size() - i;
                return seq;
            }
            if (p[0] <= seq && p[1] >= seq) {
                if (i + 1 < blocks.size()) {
                    cnt[0] = blocks.size() - i - 1;
                }
                return p[1];
            }
        }
        return -1;
    }

    /** ReassemblyQueue::add (rq.cc:302-527) as a union of ranges, with its rcv_nxt_ rule. */
    private void add(int start, int end) {
        if (end <= start) {
            return;
        }
        int i = 0;
        while (i < blocks.size() && blocks.get(i)[1] < start) {
            i++;
        }
        int s = start;
        int e = end;
        while (i < blocks.size() && blocks.get(i)[0] <= e) {
            int[] b = blocks.remove(i);
            total -= b[1] - b[0];
            s = Math.min(s, b[0]);
            e = Math.max(e, b[1]);
        }
        blocks.add(i, new int[] {s, e});
        total += e - s;
        if (sackMin >= s) {                             // rq.cc:332-333, 476-477, 520-522
            sackMin = e;
        }
    }

    /** ReassemblyQueue::clearto (rq.cc:174-197). */
    private void clearTo(int seq) {
        while (!blocks.isEmpty() && blocks.get(0)[1] <= seq) {
            int[] b = blocks.remove(0);
            total -= b[1] - b[0];
        }
        if (!blocks.isEmpty() && blocks.get(0)[0] <= seq && blocks.get(0)[1] > seq) {
            total -= seq - blocks.get(0)[0];
            blocks.get(0)[0] = seq;
        }
    }
}
