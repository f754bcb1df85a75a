package org.aspen.rdp.ns2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** ScoreBoard1's FACK marking, a lost retransmission and a timeout's MarkLoss, worked by hand from scoreboard1.cc. */
class Ns2ScoreBoard1Test {
    @Test
    void fackMarksLossesFourBelowTheHighestSackAndFindsALostRetransmission() {
        Ns2ScoreBoard1 sb = new Ns2ScoreBoard1();
        // ACK 9, 14 SACKed: fack 14, threshold 14 - 4 = 10: 10 lost, 11-13 in flight
        int flag = sb.update(9, new int[][] {{14, 15}});
        assertEquals(Ns2LinuxCubic.FLAG_DATA_LOST | Ns2LinuxCubic.FLAG_DATA_SACKED, flag);
        assertEquals(14, sb.fack());
        assertEquals(1, sb.fackOut());
        assertEquals(1, sb.sackOut());
        assertEquals(10, sb.nextRetran());
        assertEquals(8, sb.packetsInFlight(10, 20));              // 10..19 sent: 10 - 1 lost - 1 SACKed
        sb.markRetran(10, 20);                                    // resent with snd_nxt 20
        assertEquals(0, sb.fackOut());
        assertEquals(-1, sb.nextRetran());
        // 21 SACKed: it was sent after the retransmission of 10 (snd_nxt 20 <= fack 21), so 10 is lost again;
        // 11-13 and 15-17 are four or more below 21
        flag = sb.update(9, new int[][] {{14, 15}, {21, 22}});
        assertEquals(Ns2LinuxCubic.FLAG_DATA_LOST | Ns2LinuxCubic.FLAG_DATA_SACKED, flag);
        assertEquals(7, sb.fackOut());                            // 10-13, 15-17
        assertEquals(2, sb.sackOut());                            // 14, 21
        assertEquals(10, sb.nextRetran());
        assertEquals(3, sb.packetsInFlight(10, 22));              // 18-20
        // a timeout: every packet not SACKed is lost
        sb.markLoss(10, 22);
        assertEquals(10, sb.fackOut());                           // 10-13, 15-20
        assertEquals(0, sb.packetsInFlight(10, 22));
        assertEquals(10, sb.nextRetran());
        // the cumulative ACK reaches 14: 10-13 and 14 leave the board
        sb.update(14, new int[][] {{21, 22}});
        assertEquals(6, sb.fackOut());                            // 15-20
        assertEquals(1, sb.sackOut());
        assertEquals(15, sb.nextRetran());
    }
}
