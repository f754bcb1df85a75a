package org.aspen.rdp.ns2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * tcp_cubic.c's arithmetic as ns-2.35 runs it, against values worked out by hand from the C source
 * (unsigned 32-bit, integer division; K in 1/1024 s, time in ms).
 */
class Ns2CubicTest {
    @Test
    void theConstantsAreTheModulesPrecomputedOnes() {
        assertEquals(23, Ns2Cubic.BETA_SCALE_FRIENDLY);            // 8 x 1843 / 3 = 4914, / 205 = 23
        assertEquals(410, Ns2Cubic.CUBE_RTT_SCALE);                // 41 x 10
        assertEquals(2_681_735_677L, Ns2Cubic.CUBE_FACTOR);         // 2^40 / 410
    }

    @Test
    void theCubeRootIsLinuxsTableAndOneNewtonStep() {
        // a < 64: (v[a] + 35) >> 6
        assertEquals(0, Ns2Cubic.cubicRoot(0));                   // (0 + 35) >> 6
        assertEquals(1, Ns2Cubic.cubicRoot(1));                   // (54 + 35) >> 6 = 89 >> 6
        assertEquals(2, Ns2Cubic.cubicRoot(8));                   // (123 + 35) >> 6 = 158 >> 6
        // K for W_max - cwnd = 21: a = 21 x 2681735677 = 56316449217, fls64 36, b = (36 x 84 >> 8) - 1 = 10,
        // shift = a >> 30 = 52, x = ((v[52] = 237) + 10) << 10 >> 6 = 3952, x = 2 x 3952 + a / (3952 x 3951)
        // = 7904 + 3606 = 11510, (11510 x 341) >> 10 = 3832
        assertEquals(3832, Ns2Cubic.cubicRoot(21 * Ns2Cubic.CUBE_FACTOR));   // cbrt(21 / 0.4) s = 3.744 s = 3833.1 / 1024
        assertEquals(1750, Ns2Cubic.cubicRoot(2 * Ns2Cubic.CUBE_FACTOR));    // exact 1750.4
        assertEquals(6451, Ns2Cubic.cubicRoot(100 * Ns2Cubic.CUBE_FACTOR));  // exact 6448.7
    }

    @Test
    void theWindowFollowsTheCubicFromWmaxAfterALoss() {
        Ns2Cubic c = new Ns2Cubic();
        c.init();
        assertEquals(79, c.recalcSsthresh(100));                   // 100 x 819 / 1024 = 79.98
        assertEquals(100, c.lastMaxCwnd());                        // first loss: W_max = cwnd
        assertEquals(100, c.lossCwnd());
        // first ACK in avoidance at 10 s: a new epoch, K for 100 - 79 = 21, origin W_max
        c.update(79, 10_000);
        assertEquals(10_000, c.epochStart());
        assertEquals(3832, c.bicK());
        assertEquals(100, c.bicOriginPoint());
        // t = 0: delta = 410 x 3832^3 >> 40 = 20, W(0) = 80; cnt = 79 / (80 - 79) = 79, x 16 / delayed_ack 32 = 39
        assertEquals(39, c.cnt());
        // 20 ms later, same cwnd: within HZ/32 (31 ms), only the ACK is counted
        c.update(79, 10_020);
        assertEquals(39, c.cnt());
        assertEquals(2, c.ackCnt());
        // 1 s into the epoch: t = 1024, |t - K| = 2808, delta = 8, W = 92; cnt = 80 / 12 = 6, x 16 / 32 = 3
        c.update(80, 11_000);
        assertEquals(3, c.cnt());
        // past K (4 s: t = 4096, t - K = 264, delta 0): W = W_max, not above cwnd 100: cnt = 100 x 100, / 2
        c.update(100, 14_000);
        assertEquals(5000, c.cnt());
    }

    @Test
    void aLossBelowTheLastMaximumConvergesFast() {
        Ns2Cubic c = new Ns2Cubic();
        c.recalcSsthresh(100);
        assertEquals(71, c.recalcSsthresh(90));                    // 90 x 819 / 1024 = 71.98
        assertEquals(80, c.lastMaxCwnd());                         // 90 x (1024 + 819) / 2048 = 80.99
        assertEquals(90, c.lossCwnd());
        assertEquals(0, c.epochStart());                           // the epoch ends
        assertEquals(95, c.recalcSsthresh(120));                   // above W_max: W_max = 120, 120 x 819 / 1024 = 95.98
        assertEquals(120, c.lastMaxCwnd());
        assertEquals(2, c.recalcSsthresh(2));                      // at least 2
    }

    @Test
    void beta1024KeepsTheWindowAndFastConvergenceKeepsTheLossWindow() {
        Ns2Cubic c = new Ns2Cubic(1024);                           // set_ca_param cubic beta 1024
        assertEquals(1024, c.beta());
        assertEquals(100, c.recalcSsthresh(100));                  // 100 x 1024 / 1024 (tcp_cubic.c:321)
        assertEquals(100, c.lastMaxCwnd());                        // first loss: W_max = cwnd
        assertEquals(90, c.recalcSsthresh(90));
        assertEquals(90, c.lastMaxCwnd());                         // 90 < 100: 90 x (1024 + 1024) / 2048 = 90
        assertEquals(90, c.lossCwnd());
        // the next epoch starts at the loss window: W_max 90 <= 90, so K 0 and origin 90
        c.update(90, 5000);
        assertEquals(0, c.bicK());
        assertEquals(90, c.bicOriginPoint());
    }

    @Test
    void anotherBetaDecreasesByItAndKeepsTheRegisteredTcpFriendlyScale() {
        Ns2Cubic c = new Ns2Cubic(512);
        assertEquals(50, c.recalcSsthresh(100));                   // 100 x 512 / 1024
        assertEquals(45, c.recalcSsthresh(90));                    // 90 x 512 / 1024
        assertEquals(67, c.lastMaxCwnd());                         // 90 < 100: 90 x (1024 + 512) / 2048 = 67.5
        // beta_scale stays 23 (tcp_cubic.c:373 at registration, beta 819), not 8 x 1536 / 3 / 512 = 8
        Ns2Cubic f = new Ns2Cubic(512);
        f.recalcSsthresh(10);                                      // W_max 10
        f.update(10, 1000);                                        // K 0, origin 10, tcp_cwnd 10, ack_cnt 1
        for (int k = 0; k < 28; k++) {
            f.update(10, 1010);                                    // within 31 ms: ACKs counted only
        }
        f.update(10, 1100);                                        // 30 > 10 x 23 >> 3 = 28: tcp_cwnd 11, 2 left
        assertEquals(11, f.tcpCwnd());                             // (with 8: d 10, tcp_cwnd 12 and 10 left)
        assertEquals(2, f.ackCnt());
    }

    @Test
    void aBetaOutsideOneTo1024IsRefused() {
        assertEquals("cubic.beta must be 1-1024 (/1024), got 0",
                assertThrows(IllegalArgumentException.class, () -> new Ns2Cubic(0)).getMessage());
        assertEquals("cubic.beta must be 1-1024 (/1024), got 1025",
                assertThrows(IllegalArgumentException.class, () -> new Ns2Cubic(1025)).getMessage());
    }

    @Test
    void theTcpFriendlyEstimateCapsTheCount() {
        Ns2Cubic c = new Ns2Cubic();
        c.recalcSsthresh(10);                                      // W_max 10
        c.update(10, 1000);                                        // W_max <= cwnd: K 0, origin 10, tcp_cwnd 10
        assertEquals(0, c.bicK());
        assertEquals(500, c.cnt());                                // W(0) = 10, not above: 100 x 10 = 1000, / 2
        for (int k = 0; k < 28; k++) {
            c.update(10, 1010);                                    // within 31 ms: ACKs counted, 1 + 28 = 29
        }
        assertEquals(29, c.ackCnt());
        // the 30th ACK: 30 > 10 x 23 >> 3 = 28, so tcp_cwnd 11 and 2 ACKs left; 11 > 10: cnt at most 10 / 1
        c.update(10, 1100);
        assertEquals(11, c.tcpCwnd());
        assertEquals(2, c.ackCnt());
        assertEquals(5, c.cnt());                                  // 10 x 16 / 32
    }

    @Test
    void beforeTheFirstLossTheCountIsFifty() {
        Ns2Cubic c = new Ns2Cubic();
        c.update(20, 3000);                                        // loss_cwnd 0: cnt 50, x 16 / 32
        assertEquals(25, c.cnt());
    }

    @Test
    void theAckRatioAndTheMinimumDelayAreTracked() {
        Ns2Cubic c = new Ns2Cubic();
        c.pktsAcked(1, Ns2LinuxCubic.TCP_CA_OPEN);                  // 32 + (1 - 2) = 31 (u32 arithmetic)
        assertEquals(31, c.delayedAck());
        c.pktsAcked(1, Ns2LinuxCubic.TCP_CA_OPEN);                  // 31 + (1 - 1) = 31
        assertEquals(31, c.delayedAck());
        c.pktsAcked(3, Ns2LinuxCubic.TCP_CA_OPEN);                  // 31 + (3 - 1) = 33
        assertEquals(33, c.delayedAck());
        c.pktsAcked(5, Ns2LinuxCubic.TCP_CA_RECOVERY);             // only in Open
        assertEquals(33, c.delayedAck());
        c.measureDelay(500, 400);                                  // within 1 s of the epoch start (0): discarded
        assertEquals(0, c.delayMin());
        c.measureDelay(2000, 1900);                                // (2000 - 1900) << 3
        assertEquals(800, c.delayMin());
        c.measureDelay(3000, 2800);                                // larger: kept
        assertEquals(800, c.delayMin());
        c.measureDelay(4000, 3950);
        assertEquals(400, c.delayMin());
        c.measureDelay(5000, 0);                                   // no timestamp echoed
        assertEquals(400, c.delayMin());
    }

    @Test
    void enteringLossResetsEverything() {
        Ns2Cubic c = new Ns2Cubic();
        c.recalcSsthresh(100);
        c.update(79, 10_000);
        c.setState(Ns2LinuxCubic.TCP_CA_RECOVERY);
        assertEquals(100, c.lastMaxCwnd());
        c.setState(Ns2LinuxCubic.TCP_CA_LOSS);
        assertEquals(0, c.lastMaxCwnd());
        assertEquals(0, c.lossCwnd());
        assertEquals(0, c.epochStart());
        assertEquals(32, c.delayedAck());
    }
}
