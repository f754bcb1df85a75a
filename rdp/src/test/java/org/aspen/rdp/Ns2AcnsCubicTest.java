package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.aspen.rdp.Ns2LinuxCubicTest.Driver;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading;
import org.aspen.rdp.ns2.Ns2LinuxCubic;
import org.junit.jupiter.api.Test;

/**
 * ACNS on ns-2.35's Linux CUBIC (Ns2AcnsCubic), readings 1-4 of preregistration/acns-cubic.yaml and
 * the two sensitivity readings (acns-cubic-eq9-every-ack.yaml, acns-cubic-epoch-restart.yaml), on
 * scripted ACKs (Ns2LinuxCubicTest's driver: an ACK every 10 ms from 1 s). Values by hand from
 * tcp-linux.cc and tcp_cubic.c.
 */
class Ns2AcnsCubicTest {
    /**
     * To CUBIC's congestion avoidance: slow start to 10, 9 lost, Recovery at 7 (W_max 10), out of it on
     * ACK 21 (1.15 s; 23-28 go out, 7 in flight), slow start 7 -> 8 on ACK 22 (cwnd <= ssthresh), then
     * ACK 23 at 1.17 s is the first in avoidance: CUBIC's epoch starts there.
     */
    static Driver inAvoidance(Ns2LinuxCubic agent) {
        Driver d = new Driver(agent);
        d.ackUpTo(8);
        d.ack(8, 10);
        d.ack(8, 10, 11);
        d.ack(8, 10, 11, 12);
        d.ack(8, 10, 11, 12, 13);                                  // Recovery: ssthresh 7, cwnd 7
        d.ack(8, 10, 11, 12, 13, 14);
        d.ack(8, 10, 11, 12, 13, 14, 15);
        d.ack(21);                                                 // Open
        d.ack(22);                                                 // 7 in flight, cwnd 7 <= ssthresh 7: slow start, 8
        d.ack(23);                                                 // 8 > 7: bictcp_update, epoch at 1170 ms
        return d;
    }

    @Test
    void withoutCommandsItIsCubic() {
        Driver plain = inAvoidance(new Ns2LinuxCubic(Ns2LinuxCubicTest.P));
        Driver acns = inAvoidance(new Ns2AcnsCubic(Ns2LinuxCubicTest.P));
        for (Driver d : List.of(plain, acns)) {
            assertEquals(8, d.agent.sndCwnd());
            assertEquals(7, d.agent.sndSsthresh());
            assertEquals(1170, d.agent.cubic().epochStart());
            assertEquals(10, d.agent.cubic().bicOriginPoint());
            assertEquals(1750, d.agent.cubic().bicK());              // cube root for 10 - 8
            // t = (10 ms of delay_min (80 >> 3) << 10) / 1000 = 10, W = 10 - 1 = 9: cnt 8 / 1 = 8, x 16 / 31 = 4
            assertEquals(4, d.agent.cubic().cnt());
            assertEquals(1, d.agent.sndCwndCnt());
        }
        assertEquals(plain.sent, acns.sent);
        assertEquals(plain.resent, acns.resent);
    }

    @Test
    void aFreezeHoldsTheWindowWhileCubicsClockRunsOn() {
        Driver d = inAvoidance(new Ns2AcnsCubic(Ns2LinuxCubicTest.P));
        d.command(2, 24);                                          // freeze at 1180 ms, in force until the next command
        for (int a = 25; a <= 33; a++) {
            d.ack(a);
        }
        assertEquals(8, d.agent.sndCwnd());                        // no growth through 1270 ms
        assertEquals(1, d.agent.sndCwndCnt());                     // CUBIC's counting stopped too
        assertEquals(1, d.agent.cubic().ackCnt());                 // bictcp_update did not run
        assertEquals(1170, d.agent.cubic().epochStart());          // the epoch is CUBIC's, not restarted
        d.command(1, 34);                                          // normal at 1280 ms: CUBIC's own step
        assertEquals(1170, d.agent.cubic().epochStart());          // t = (110 + 10) ms from 1170: its clock ran on
        assertEquals(2, d.agent.cubic().ackCnt());
        assertEquals(2, d.agent.sndCwndCnt());                     // 1 < cnt 4: counted
        assertEquals(8, d.agent.sndCwnd());
    }

    @Test
    void aFallbackGoesDownOneLevelOncePerCommandWithSsthresh() {
        Driver d = inAvoidance(new Ns2AcnsCubic(Ns2LinuxCubicTest.P));
        // levels passed through: 2..10 in slow start, 7 at Recovery (8-10 forgotten), 8
        d.command(3, 24);
        assertEquals(7, d.agent.sndCwnd());
        assertEquals(7, d.agent.sndSsthresh());                    // min(ssthresh 7, 7)
        d.ack(25);
        d.ack(26);                                                 // fallback in force, no new command: held
        assertEquals(7, d.agent.sndCwnd());
        d.command(3, 27);                                          // the next fallback: one more level
        assertEquals(6, d.agent.sndCwnd());
        assertEquals(6, d.agent.sndSsthresh());
        assertEquals(1170, d.agent.cubic().epochStart());          // CUBIC's state left as it keeps it
        assertEquals(10, d.agent.cubic().lastMaxCwnd());
    }

    @Test
    void theTrendAtRecoveryEntrySetsTheWindowWhereCubicWouldReduceIt() {
        Ns2AcnsCubic keep = new Ns2AcnsCubic(Ns2LinuxCubicTest.P);
        Ns2AcnsCubic back = new Ns2AcnsCubic(Ns2LinuxCubicTest.P);
        Ns2AcnsCubic cubic = new Ns2AcnsCubic(Ns2LinuxCubicTest.P);
        for (int k = 0; k < 6; k++) {
            keep.trend().record(1);                                // trend weight 1 < th_L1 1.84: trend 1
            back.trend().record(2);                                // 2 in [1.84, 2.15): trend 2
            cubic.trend().record(3);                               // 3 >= th_L2: trend 3
        }
        Driver[] ds = {new Driver(keep), new Driver(back), new Driver(cubic)};
        for (Driver d : ds) {
            d.ackUpTo(8);                                          // cwnd 10
            d.ack(8, 10);
            d.ack(8, 10, 11);
            d.ack(8, 10, 11, 12);
            d.ack(8, 10, 11, 12, 13);                              // 9 lost: Recovery
            assertEquals(3, d.agent.caState());
            assertEquals(1, d.fast);
            assertEquals(9, d.resent.get(0));                      // resent as Linux TCP resends it
        }
        assertEquals(10, keep.sndCwnd());                          // trend 1: cwnd_last, ssthresh = cwnd
        assertEquals(10, keep.sndSsthresh());
        assertEquals(List.of(9), ds[0].resent);                    // in flight 8 -> 9 after 9, then 22 new (window 10)
        assertEquals(22, ds[0].sent.get(ds[0].sent.size() - 1));
        assertEquals(9, back.sndCwnd());                           // trend 2: one level down
        assertEquals(9, back.sndSsthresh());
        assertEquals(7, cubic.sndCwnd());                          // trend 3: CUBIC's 10 x 819 / 1024
        assertEquals(7, cubic.sndSsthresh());
        assertEquals(0, keep.cubic().lastMaxCwnd());               // CUBIC's ssthresh code ran under trend 3 only
        assertEquals(0, back.cubic().lastMaxCwnd());
        assertEquals(10, cubic.cubic().lastMaxCwnd());
        assertEquals(2, keep.trend().command(1));                  // trend 1 puts 2 in P, 2 and 3 put 3
        assertEquals(3, back.trend().command(1));
        assertEquals(3, cubic.trend().command(1));
        assertEquals(1, keep.trends(1));
        assertEquals(1, back.trends(2));
        assertEquals(1, cubic.trends(3));
    }

    @Test
    void aTimeoutRecordsThreeAndIsLinuxTcps() {
        Ns2AcnsCubic a = new Ns2AcnsCubic(Ns2LinuxCubicTest.P);
        Driver d = new Driver(a);
        d.ackUpTo(8);
        d.agent.timeout();
        assertEquals(3, a.trend().command(1));
        assertEquals(4, a.caState());
        assertEquals(1, a.sndCwnd());
        assertEquals(7, a.sndSsthresh());
    }

    static Ns2AcnsCubic acns(CubicReading r) {
        return new Ns2AcnsCubic(Ns2LinuxCubicTest.P, AcnsTrend.Params.DEFAULTS, AcnsReno.Reading.PAPER, r);
    }

    /** Slow start to 10 (levels 2..10), 9 lost, Recovery entered under trend 1: window and ssthresh kept at 10. */
    static Driver inRecoveryKeepingTheWindow(Ns2AcnsCubic a) {
        for (int k = 0; k < 6; k++) {
            a.trend().record(1);                                   // trend 1 at the loss
        }
        Driver d = new Driver(a);
        d.ackUpTo(8);
        d.ack(8, 10);
        d.ack(8, 10, 11);
        d.ack(8, 10, 11, 12);
        d.ack(8, 10, 11, 12, 13);
        return d;
    }

    @Test
    void everyAckAFallbackInRecoveryGoesDownOneLevelOncePerCommand() {
        Ns2AcnsCubic every = acns(CubicReading.EQ9_EVERY_ACK);
        Ns2AcnsCubic primary = acns(CubicReading.PRIMARY);
        Driver e = inRecoveryKeepingTheWindow(every);
        Driver p = inRecoveryKeepingTheWindow(primary);
        for (Driver d : List.of(e, p)) {
            assertEquals(3, d.agent.caState());
            assertEquals(10, d.agent.sndCwnd());
            assertEquals(10, d.agent.sndSsthresh());
            d.command(3, 8, 10, 11, 12, 13, 14);                    // a duplicate ACK in Recovery with a fallback
        }
        assertEquals(9, every.sndCwnd());                          // the last smaller level, 9
        assertEquals(9, every.sndSsthresh());                      // min(10, 9)
        assertEquals(10, primary.sndCwnd());                       // the primary: no growth in Recovery, nothing
        assertEquals(10, primary.sndSsthresh());
        e.ack(8, 10, 11, 12, 13, 14, 15);                          // no new command: once per command
        assertEquals(9, every.sndCwnd());
        e.command(2, 8, 10, 11, 12, 13, 14, 15, 16);               // a freeze in Recovery changes nothing
        assertEquals(9, every.sndCwnd());
        assertEquals(9, every.sndSsthresh());
        e.command(3, 9, 10, 11, 12, 13, 14, 15, 16, 17);           // a partial ACK (9 resent) with the next fallback
        assertEquals(3, every.caState());
        assertEquals(8, every.sndCwnd());                          // one more level: 8, ssthresh 8
        assertEquals(8, every.sndSsthresh());
        assertEquals(0, every.cubic().lastMaxCwnd());              // CUBIC's own state untouched
    }

    @Test
    void everyAckInOpenIsThePrimary() {
        Driver e = inAvoidance(acns(CubicReading.EQ9_EVERY_ACK));
        Driver p = inAvoidance(acns(CubicReading.PRIMARY));
        for (Driver d : List.of(e, p)) {
            d.command(3, 24);                                      // where CUBIC would grow: one level, 8 -> 7
            d.ack(25);
            d.command(2, 26);
            d.ack(27);
            assertEquals(7, d.agent.sndCwnd());
            assertEquals(7, d.agent.sndSsthresh());
        }
        assertEquals(p.sent, e.sent);
    }

    @Test
    void epochRestartAfterAFreezeStartsANewEpochFromTheCurrentWindow() {
        Ns2AcnsCubic restart = acns(CubicReading.EPOCH_RESTART);
        Ns2AcnsCubic primary = acns(CubicReading.PRIMARY);
        for (Driver d : List.of(inAvoidance(restart), inAvoidance(primary))) {
            d.command(2, 24);                                      // freeze at 1180 ms
            for (int a = 25; a <= 33; a++) {
                d.ack(a);
            }
            assertEquals(1170, d.agent.cubic().epochStart());      // a freeze leaves the epoch alone in both
            d.command(1, 34);                                      // command 1 at 1280 ms
            assertEquals(8, d.agent.sndCwnd());
            assertEquals(2, d.agent.sndCwndCnt());                 // 1 < cnt: counted
            assertEquals(10, d.agent.cubic().lastMaxCwnd());       // W_max untouched
        }
        assertEquals(1170, primary.cubic().epochStart());          // the primary continues the old epoch
        assertEquals(2, primary.cubic().ackCnt());
        assertEquals(1280, restart.cubic().epochStart());          // a new epoch from cwnd 8 at 1280 ms
        assertEquals(1, restart.cubic().ackCnt());                 // tcp_cubic.c:161
        assertEquals(8, restart.cubic().tcpCwnd());                // tcp_cubic.c:162
        assertEquals(10, restart.cubic().bicOriginPoint());        // W_max 10 above cwnd 8: origin W_max
        assertEquals(1750, restart.cubic().bicK());                // cube root for 10 - 8, as at 1170 ms
        assertEquals(4, restart.cubic().cnt());                    // t = 10 again: cnt as at the epoch's start
    }

    @Test
    void epochRestartOnlyOnTheFirstAckUnderCommandOne() {
        Ns2AcnsCubic restart = acns(CubicReading.EPOCH_RESTART);
        Driver d = inAvoidance(restart);
        d.ack(24);
        d.ack(25);                                                 // no command yet: the epoch of 1170 ms runs on
        assertEquals(1170, restart.cubic().epochStart());
        d.command(3, 26);                                          // fallback at 1200 ms: 8 -> 7, no CUBIC step
        assertEquals(7, restart.sndCwnd());
        assertEquals(1170, restart.cubic().epochStart());
        d.command(1, 27);                                          // 1210 ms: 7 <= ssthresh 7, slow start; the epoch ends
        assertEquals(0, restart.cubic().epochStart());
        assertEquals(8, restart.sndCwnd());
        d.ack(28);                                                 // 1220 ms: CUBIC's step opens the new epoch
        assertEquals(1220, restart.cubic().epochStart());
        d.ack(29);                                                 // later ACKs under 1: no further restart
        assertEquals(1220, restart.cubic().epochStart());
    }
}
