package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Sack1;
import org.junit.jupiter.api.Test;

/** ns-2.35's Sack1 over RDP on {@link Ns2Path}'s 20 ms path, against tcp-sack1.cc read by hand. */
class Ns2Sack1Test {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    @Test
    void threeLossesInOneWindowAreAllResentWithinTheRoundTripAfterTheFastRetransmit() {
        Ns2Path path = new Ns2Path(73, () -> new Ns2Sack1(P), 200, s -> s == 60 || s == 65 || s == 70)
                .run(20_000_000_000L);
        ConnectionStats st = path.stats();
        assertEquals(200 * 1000, st.bytesAcked());
        assertEquals(0, st.timeouts());
        assertEquals(1, st.fastRetransmits());
        assertEquals(3, st.retransmissions());
        assertEquals(1, st.windowCloses(CloseCause.FAST_RETRANSMIT));
        // 140 ms: the third duplicate ACK SACKs new data: cwnd_ 10, pipe_ = 79 - 59 - 3 = 17, 60 resent.
        // 160 ms: nine more duplicates lower pipe_ below cwnd_, and the scoreboard's next
        // holes above the last resent (GetNextRetran, scoreboard-rq.cc:27-48) are 65 and 70, which leave
        // before any new segment, one round trip after 60 (NewReno needs one round trip per hole)
        long fr = path.sendTimes(60).get(1);
        assertEquals(fr + 2 * Ns2Path.ONE_WAY, (long) path.sendTimes(65).get(1));
        assertEquals(fr + 2 * Ns2Path.ONE_WAY, (long) path.sendTimes(70).get(1));
        assertEquals(List.of(65, 70, 80), path.sentAfter(60, 2).subList(0, 3));
    }

    @Test
    void theReceiverSendsAtMostThreeBlocks() {
        Ns2Sacker k = new Ns2Sacker(3);
        for (int seq : new int[] {1, 2, 4, 6, 8, 10}) {
            k.arrived(seq);
        }
        // holes 3, 5, 7, 9: the newest block first, then the stack's, most recent first (tcp-sink.cc:666-731)
        int[][] b = k.blocks();
        assertEquals(3, b.length);
        assertEquals(List.of(10, 11), List.of(b[0][0], b[0][1]));
        assertEquals(List.of(8, 9), List.of(b[1][0], b[1][1]));
        assertEquals(List.of(6, 7), List.of(b[2][0], b[2][1]));
        // 3 arrives: 1-4 are in order (ACK 4); an in-order arrival's own block is not sent, the stack's
        // three are, as none lies inside [0, 5) (tcp-sink.cc:681-684, 717-721)
        k.arrived(3);
        assertEquals(4, k.seqno());
        b = k.blocks();
        assertEquals(3, b.length);
        assertEquals(List.of(10, 11), List.of(b[0][0], b[0][1]));
        assertEquals(List.of(8, 9), List.of(b[1][0], b[1][1]));
        assertEquals(List.of(6, 7), List.of(b[2][0], b[2][1]));
    }
}
