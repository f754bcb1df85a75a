package org.aspen.rdp;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * ns-2.35's TCPSink/Sack1 receiver bookkeeping (Acker::update and Sacker::append_ack in
 * {@code tcp/tcp-sink.cc}): which packets arrived, and the at most {@code maxSackBlocks_} (3,
 * ns-default.tcl:1056) SACK blocks each ACK carries: first the block holding the packet just
 * received, then the blocks of earlier ACKs from a stack, most recent first. Used by {@link Receiver}
 * when the peer runs ns-2's Sack1 agent; the blocks go out as the segments they cover in the EACK list.
 * Sequence numbers are ns-2's (the peer's SYN is 0).
 *
 * <pre>{@code
 * Ns2Sacker k = new Ns2Sacker(3);
 * k.arrived(5);                 // packets 1..4 were lost
 * int[][] blocks = k.blocks();  // {{5, 6}}: left edge, right edge (exclusive)
 * }</pre>
 */
final class Ns2Sacker {
    private final int nblocks;
    private final BitSet seen = new BitSet();
    /** next_: the next packet expected in order; 1 once the SYN (0) is in. */
    private int next = 1;
    private int maxseen = 0;
    private boolean isDup;
    /** SackStack (tcp-sink.cc:486-530): left and right edges, -1 when empty. */
    private final int[] stackLeft;
    private final int[] stackRight;
    private int stackCnt;
    private int[][] current = new int[0][];

    Ns2Sacker(int nblocks) {
        this.nblocks = nblocks;
        this.stackLeft = new int[nblocks];
        this.stackRight = new int[nblocks];
        java.util.Arrays.fill(stackLeft, -1);
        java.util.Arrays.fill(stackRight, -1);
        seen.set(0);
    }

    /** A data packet arrived: Acker::update (tcp-sink.cc:100-177), then the blocks its ACK carries. */
    void arrived(int seq) {
        boolean justMarkedAsSeen = false;
        isDup = false;
        if (seq > maxseen) {                           // tcp-sink.cc:115-131
            seen.clear(maxseen + 1, seq);
            maxseen = seq;
            seen.set(maxseen);
            seen.clear(maxseen + 1);
            justMarkedAsSeen = true;
        }
        if (seq < next) {                              // tcp-sink.cc:133-142
            isDup = true;
        }
        if (seq >= next && seq <= maxseen) {           // tcp-sink.cc:144-174
            if (seen.get(seq) && !justMarkedAsSeen) {
                isDup = true;
            }
            seen.set(seq);
            while (seen.get(next)) {
                ++next;
            }
        }
        current = appendAck(seq);
    }

    /** The cumulative ACK, Acker::Seqno(): the last packet received in order. */
    int seqno() {
        return next - 1;
    }

    /** The SACK blocks of the last ACK: {left, right} pairs, right exclusive. */
    int[][] blocks() {
        return current;
    }

    /** Sacker::append_ack (tcp-sink.cc:605-758) without D-SACK (generateDSacks_ false, ns-default.tcl:1059). */
    private int[][] appendAck(int oldSeqno) {
        int seqno = seqno();
        List<int[]> out = new ArrayList<>(nblocks);
        if (seqno >= maxseen && stackCnt != 0) {
            reset();                                    // tcp-sink.cc:620-621
        } else if ((seqno < maxseen || isDup) && nblocks > 0) {
            int sackRight = -1;
            for (int i = oldSeqno; i <= maxseen; i++) { // tcp-sink.cc:666-671: rightward to the first hole
                if (!seen.get(i)) {
                    sackRight = i;
                    break;
                }
            }
            if (sackRight == -1) {
                sackRight = maxseen + 1;
            }
            int sackLeft = -1;
            if (oldSeqno <= seqno) {
                sackLeft = 0;                           // tcp-sink.cc:681-684: not recorded
            } else {
                for (int i = sackRight - 1; i > seqno; i--) {   // tcp-sink.cc:686-691
                    if (!seen.get(i)) {
                        sackLeft = i + 1;
                        break;
                    }
                }
                out.add(new int[] {sackLeft, sackRight});
            }
            int recentLeft = sackLeft;
            int recentRight = sackRight;
            int k = 0;
            while (out.size() < nblocks) {              // tcp-sink.cc:706-731
                int left = k < nblocks ? stackLeft[k] : -1;
                int right = k < nblocks ? stackRight[k] : -1;
                if (left < 0 || right < 0 || right > maxseen + 1) {
                    break;
                }
                if (recentLeft <= left && recentRight >= right) {
                    pop(k);
                    continue;
                }
                out.add(new int[] {left, right});
                k++;
            }
            if (oldSeqno > seqno) {                     // tcp-sink.cc:734-743
                push();
                stackLeft[0] = recentLeft;
                stackRight[0] = recentRight;
            }
        }
        return out.toArray(new int[0][]);
    }

    private void reset() {
        for (int i = 0; i < stackCnt; i++) {
            stackLeft[i] = -1;
            stackRight[i] = -1;
        }
        stackCnt = 0;
    }

    private void push() {
        if (stackCnt >= nblocks) {
            stackCnt = nblocks - 1;
        }
        for (int i = stackCnt - 1; i >= 0; i--) {
            stackLeft[i + 1] = stackLeft[i];
            stackRight[i + 1] = stackRight[i];
        }
        stackCnt++;
    }

    private void pop(int n) {
        int i;
        for (i = n; i < stackCnt - 1; i++) {
            stackLeft[i] = stackLeft[i + 1];
            stackRight[i] = stackRight[i + 1];
        }
        if (i < nblocks) {
            stackLeft[i] = -1;
            stackRight[i] = -1;
        }
        stackCnt--;
    }
}
