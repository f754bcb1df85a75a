package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.aspen.rdp.ns2.Ns2LinuxCubic;
import org.aspen.rdp.ns2.Ns2Params;
import org.junit.jupiter.api.Test;

/**
 * ns-2.35's Agent/TCP/Linux with CUBIC (Ns2LinuxCubic) on scripted ACK sequences: slow start with
 * ABC, Recovery entered when the scoreboard marks a loss (FACK: four packets SACKed above it), the
 * rate halving, leaving Recovery, and a timeout's Loss state. Windows worked out by hand from
 * tcp-linux.cc, scoreboard1.cc and tcp_cubic.c.
 */
class Ns2LinuxCubicTest {
    static final Ns2Params P = Ns2Params.linuxDefaults().with(Map.of("window", 10_000, "boot_time", 0.0));

    /** The agent on a scripted port: ns-2 seqno = RDP seq (the SYN is 0), sends recorded. */
    static final class Driver implements AgentPort {
        final Ns2LinuxCubic agent;
        final ConnectionStats stats = new ConnectionStats(() -> 0L, 1000);
        final ConnectionState cs = TestStates.fresh(stats);
        final List<Integer> sent = new ArrayList<>();
        final List<Integer> resent = new ArrayList<>();
        private final TreeSet<Integer> seen = new TreeSet<>();
        long nanos = 1_000_000_000L;
        int fast;
        int timeouts;
        boolean timer;

        Driver() {
            this(new Ns2LinuxCubic(P));
        }

        Driver(Ns2LinuxCubic agent) {
            this.agent = agent;
            cs.setPeerMaxOutstanding(100_000);
            agent.start(this, cs, 0, 100_000_000L, 0);   // the SYN's round trip: 100 ms
            agent.sendMuch();
        }

        /** Cumulative ACK of {@code ack} with the SACKed segments {@code sacks}, 10 ms later. */
        void ack(int ack, int... sacks) {
            nanos += 10_000_000L;
            agent.recv(ack, false, true, sacks.length == 0 ? null : sacks);
        }

        /** As {@link #ack}, the ACK echoing ACNS's command {@code omega} (1-3). */
        void command(int omega, int ack, int... sacks) {
            agent.onAcnsCommand(cs, omega);
            ack(ack, sacks);
        }

        /** ACKs 1..n one by one. */
        void ackUpTo(int n) {
            for (int a = 1; a <= n; a++) {
                ack(a);
            }
        }

        @Override
        public long nanos() {
            return nanos;
        }

        @Override
        public boolean paceAllows() {
            return true;
        }

        @Override
        public int queuedEnd() {
            return 1_000_000;
        }

        @Override
        public void output(int seq) {
            (seen.add(seq) ? sent : resent).add(seq);
        }

        @Override
        public void setRtxTimer(long n) {
            timer = true;
        }

        @Override
        public void cancelRtxTimer() {
            timer = false;
        }

        @Override
        public boolean rtxTimerPending() {
            return timer;
        }

        @Override
        public boolean ecn() {
            return false;
        }

        @Override
        public boolean aecnEcho() {
            return false;
        }

        @Override
        public double uniform() {
            return 0;
        }

        @Override
        public void timedOut() {
            timeouts++;
        }

        @Override
        public void fastRetransmitted() {
            fast++;
        }
    }

    @Test
    void slowStartGrowsOnePacketPerAckOnceTheWindowIsFull() {
        Driver d = new Driver();
        // the SYN's ACK: 1 in flight < cwnd 2, so no growth (tcp_is_cwnd_limited); 1 and 2 go out
        assertEquals(2, d.agent.sndCwnd());
        assertEquals(List.of(1, 2), d.sent);
        assertEquals(10_000, d.agent.sndSsthresh());               // load_to_linux_once: window_
        d.ack(1);                                                  // 2 in flight >= 2: tcp_slow_start, cwnd 3
        assertEquals(3, d.agent.sndCwnd());
        assertEquals(List.of(1, 2, 3, 4), d.sent);                 // 1 in flight, 2 more
        d.ack(2);
        d.ack(3);
        assertEquals(5, d.agent.sndCwnd());
        assertEquals(8, d.sent.get(d.sent.size() - 1));            // 3 acked, 5 in flight: 4-8
        assertEquals(0, d.agent.caState());
    }

    @Test
    void theFourthSackedPacketAboveAHoleEntersRecoveryWithCubicsBeta() {
        Driver d = new Driver();
        d.ackUpTo(8);                                              // cwnd 2 + 8 = 10, 1-18 sent
        assertEquals(10, d.agent.sndCwnd());
        assertEquals(18, d.sent.get(d.sent.size() - 1));
        // 9 is lost; 10, 11, 12 arrive: each SACK takes a packet out of flight, so 19, 20, 21 go out
        d.ack(8, 10);
        d.ack(8, 10, 11);
        d.ack(8, 10, 11, 12);
        assertEquals(0, d.agent.caState());                        // fack 12: 12 - 4 = 8 < 9, not lost yet
        assertEquals(21, d.sent.get(d.sent.size() - 1));
        assertEquals(10, d.agent.sndCwnd());                       // no growth on duplicates
        // 13: fack 13, 13 - 4 = 9, so 9 is lost (scoreboard1.cc:166, 220-233): Recovery
        d.ack(8, 10, 11, 12, 13);
        assertEquals(3, d.agent.caState());
        assertEquals(7, d.agent.sndSsthresh());                    // 10 x 819 / 1024 = 7.99
        assertEquals(7, d.agent.sndCwnd());
        assertEquals(10, d.agent.cubic().lastMaxCwnd());
        assertEquals(1, d.fast);
        // in flight 22 - 9 - 1 lost - 4 SACKed = 8; next_pkts_in_flight min(10, 8 + 1) = 9 > 8: 9 is resent,
        // then min(9, 9 - 1) = 8 stops it
        assertEquals(List.of(9), d.resent);
        assertEquals(21, d.sent.get(d.sent.size() - 1));
        // rate halving: each further SACK lets one packet out per two ACKs
        d.ack(8, 10, 11, 12, 13, 14);                              // in flight 8, next min(8, 9) = 8: nothing
        assertEquals(21, d.sent.get(d.sent.size() - 1));
        d.ack(8, 10, 11, 12, 13, 14, 15);                          // in flight 7, next 8: 22 goes
        assertEquals(22, d.sent.get(d.sent.size() - 1));
        // the retransmission arrives: ACK 15 covers recover (21)? no, recover is maxseq 21 at entry
        d.ack(21);
        assertEquals(0, d.agent.caState());                        // highest_ack 21 >= recover 21: Open
        assertEquals(7, d.agent.sndCwnd());                        // cwnd 7 not below ssthresh 7: kept
    }

    @Test
    void cubicBeta1024KeepsTheWindowThroughRecoveryAsSetCaParamDoes() {
        // the script above with `$tcp set_ca_param cubic beta 1024` (tcp-linux.cc:789-795)
        Driver d = new Driver(new Ns2LinuxCubic(P, 1024));
        d.ackUpTo(8);
        d.ack(8, 10);
        d.ack(8, 10, 11);
        d.ack(8, 10, 11, 12);
        assertEquals(21, d.sent.get(d.sent.size() - 1));
        d.ack(8, 10, 11, 12, 13);
        assertEquals(3, d.agent.caState());
        assertEquals(10, d.agent.sndSsthresh());                   // 10 x 1024 / 1024 (tcp_cubic.c:321)
        assertEquals(10, d.agent.sndCwnd());                       // the window kept (tcp-linux.cc:498)
        assertEquals(10, d.agent.cubic().lastMaxCwnd());
        // in flight 8; next_pkts_in_flight min(10, 9) = 9: 9 resent (in flight 9, next 8), then
        // 9 < max(cwnd 10, 8): new data 22 (in flight 10)
        assertEquals(List.of(9), d.resent);
        assertEquals(22, d.sent.get(d.sent.size() - 1));
        // no rate halving: every SACK lets one new packet out (in flight 22 - 8 - 5 SACKed - 1 lost + 1 resent = 9)
        d.ack(8, 10, 11, 12, 13, 14);
        assertEquals(23, d.sent.get(d.sent.size() - 1));
        d.ack(8, 10, 11, 12, 13, 14, 15);
        assertEquals(24, d.sent.get(d.sent.size() - 1));
        assertEquals(List.of(9), d.resent);                        // nothing resent twice
        d.ack(21);
        assertEquals(0, d.agent.caState());                        // highest_ack 21 >= recover 21: Open
        assertEquals(10, d.agent.sndCwnd());                       // not raised in Recovery (tcp-linux.cc:395-396)
        assertEquals(10, d.agent.sndSsthresh());
    }

    @Test
    void aTimeoutEntersLossWithWindowOneAndResetsCubic() {
        Driver d = new Driver();
        d.ackUpTo(8);                                              // cwnd 10, 1-18 sent, 9-18 in flight
        d.agent.timeout();
        assertEquals(1, d.timeouts);
        assertEquals(4, d.agent.caState());                        // TCP_CA_Loss
        assertEquals(1, d.agent.sndCwnd());
        assertEquals(7, d.agent.sndSsthresh());                    // CUBIC's ssthresh before the reset
        assertEquals(0, d.agent.cubic().lastMaxCwnd());            // bictcp_state(Loss): reset
        assertEquals(List.of(9), d.resent);                        // all 9-18 lost; window 1: 9 first
        // 9's ACK: Loss allows growth (slow start from 1), cwnd 2; 10 and 11 resent
        d.ack(9);
        assertEquals(2, d.agent.sndCwnd());
        assertEquals(List.of(9, 10, 11), d.resent);
        assertEquals(4, d.agent.caState());
        d.ack(18);                                                 // covers recover (18): Open again
        assertEquals(0, d.agent.caState());
    }
}
