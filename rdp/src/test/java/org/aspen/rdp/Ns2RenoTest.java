package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.junit.jupiter.api.Test;

/**
 * ns-2.35's Reno over RDP on a 20 ms path with scripted losses, against values worked out by hand from
 * tcp.cc and tcp-reno.cc (window_ 20, windowInit_ 2, ssthresh_ starting at window_, boot_time_ 0).
 */
class Ns2RenoTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    /**
     * ns-2's SetCWRonRetransmit_ is the default: ns-default.tcl:1027 sets it true, and before it existed
     * (2005) tcp.cc's output() put CWR on whatever packet went next; so with no override the CWR after
     * the fast retransmit of 60 rides on the resent 60 (copy 2), as the next test shows.
     */
    @Test
    void theDefaultIsNs2sSetCwrOnRetransmitTrue() {
        assertTrue(Ns2Params.defaults().setCwrOnRetransmit());
        assertTrue(new Ns2Reno(P).cwrOnRetransmit());
        assertEquals(P, P.with(Map.of("SetCWRonRetransmit", 1)));
        assertFalse(new Ns2Reno(P.with(Map.of("SetCWRonRetransmit", 0))).cwrOnRetransmit());
    }

    /**
     * Where the CWR after the fast retransmit of 60 goes (the run of oneLossIsFastRetransmittedHalvingToTen...): with
     * SetCWRonRetransmit_ 1 (the default, ns-2's) on the next packet whatever it is, the resent 60
     * (tcp.cc:694-697), and then on nothing else; with SetCWRonRetransmit_ 0 (RDP's rule, every ns-2
     * baseline result before issue 29's fix) on the first new segment, 80. Each entry is {seqno, copy}.
     */
    @Test
    void theCwrAfterAReductionGoesOnTheRetransmissionOnlyWithSetCwrOnRetransmit() {
        for (boolean onRetransmit : new boolean[] {false, true}) {
            Ns2Params params = P.with(Map.of("SetCWRonRetransmit", onRetransmit ? 1 : 0));
            assertEquals(onRetransmit, params.setCwrOnRetransmit());
            Ns2Path path = new Ns2Path(61, () -> new Ns2Reno(params), 200, s -> s == 60);
            java.util.List<java.util.List<Integer>> cwr = new java.util.ArrayList<>();
            java.util.Map<Integer, Integer> copies = new java.util.HashMap<>();
            java.util.function.Predicate<byte[]> inner = path.net.forward.get(0).dropFrame;
            path.net.forward.get(0).dropFrame = f -> {
                Segment s = RdpPackets.decode(org.aspen.vnet.packet.Packet.wrapValidated(f));
                if (s != null && s.dataLength > 0) {
                    int seqno = s.seq - path.sender[0].iss;
                    int copy = copies.merge(seqno, 1, Integer::sum);
                    if (s.has(Segment.CWR)) {
                        cwr.add(java.util.List.of(seqno, copy));
                    }
                }
                return inner.test(f);
            };
            path.run(20_000_000_000L);
            assertEquals(200 * 1000, path.stats().bytesAcked());
            assertEquals(onRetransmit ? java.util.List.of(java.util.List.of(60, 2)) : java.util.List.of(java.util.List.of(80, 1)), cwr,
                    "SetCWRonRetransmit " + onRetransmit);
        }
    }

    @Test
    void oneLossIsFastRetransmittedHalvingToTenAndDeflatesOnTheNextNewAck() {
        Ns2Path path = new Ns2Path(61, () -> new Ns2Reno(P), 200, s -> s == 60).run(20_000_000_000L);
        ConnectionStats st = path.stats();
        assertEquals(200 * 1000, st.bytesAcked());
        assertEquals(1, st.retransmissions());
        assertEquals(1, st.fastRetransmits());
        assertEquals(0, st.timeouts());
        assertEquals(1, st.windowCloses());
        assertEquals(2, path.copies(60));
        // window_ 20 bounds the flight, so 61..79 were out: 19 duplicate ACKs. The third halves
        // windowd() = min(cwnd_, window_) = 20: ssthresh_ 10, cwnd_ 10, dupwnd_ 3 (tcp-reno.cc:211-216)
        ConnectionStats.Sample close = st.samples().stream().filter(x -> x.cause() != null).findFirst().orElseThrow();
        assertEquals(CloseCause.FAST_RETRANSMIT, close.cause());
        assertEquals(10, close.cwnd(), 1e-12);
        assertEquals(10, close.ssthresh(), 1e-12);
        // each further duplicate inflates dupwnd_, but window_ caps cwnd_ + dupwnd_ at 20 (tcp-reno.cc:55),
        // which 60..79 fill: nothing new leaves in recovery. The ACK of the resent 60 (79) ends it:
        // dupwnd_ 0, opencwnd in avoidance gives 10 + 1/10, and window() = 10 lets 80..89 out
        assertEquals(IntStream.rangeClosed(80, 89).boxed().toList(), path.sentAfter(60, 2).subList(0, 10));
        assertEquals(path.sendTimes(60).get(1) + 2 * Ns2Path.ONE_WAY, path.sendTimes(80).get(0));
        ConnectionStats.Sample after = st.samples().stream()
                .filter(x -> x.nanos() > close.nanos() && x.cause() == null && x.phase() != SenderState.PHASE_RECOVERY)
                .findFirst().orElseThrow();
        assertEquals(10.1, after.cwnd(), 1e-12);
        assertEquals(SenderState.PHASE_AVOIDANCE, after.phase());
    }

    @Test
    void aLostSynIsResentOnNs2SInitialTimerOfThreeSecondsDoubledAndCountsAsATimeout() {
        Ns2Path path = new Ns2Path(64, () -> new Ns2Reno(P), 50, s -> false);
        path.dropSyns = 2;
        path.run(20_000_000_000L);
        // ns-2 times its SYN (seqno 0) as any packet: rtt_timeout() is t_rtxcur_ = rtxcur_init_ 3 s before any
        // sample (tcp.cc:525, 981), and the expiry doubles t_backoff_ (tcp.cc:1924, 614): 3 s, then 6 s
        // (RDP's own timer would resend after 1 s and 2 s)
        assertEquals(3, path.synAt.size());
        assertEquals(3_000_000_000L, path.synAt.get(1) - path.synAt.get(0));
        assertEquals(6_000_000_000L, path.synAt.get(2) - path.synAt.get(1));
        ConnectionStats st = path.stats();
        assertEquals(50 * 1000, st.bytesAcked());
        // each expiry is a timeout and a window cut in ns-2 (++nrexmit_, slowdown: tcp.cc:1908-1913)
        assertEquals(2, st.timeouts());
        assertEquals(2, st.windowCloses(CloseCause.TIMEOUT));
        // data leaves when the third SYN's SYN,ACK is back (20 ms), in a window of 1 (wnd_init_ 1 after a lost
        // first packet, tcp.cc:1886-1892); its ACK opens the window to 2 (slow start below ssthresh_ 2)
        long open = path.synAt.get(2) + 2 * Ns2Path.ONE_WAY;
        assertEquals(open, path.sendTimes(1).get(0));
        assertEquals(open + 2 * Ns2Path.ONE_WAY, path.sendTimes(2).get(0));
        assertEquals(open + 2 * Ns2Path.ONE_WAY, path.sendTimes(3).get(0));
    }

    @Test
    void threeLossesInOneWindowEndRenoSRecoveryOnThePartialAckAndInATimeout() {
        Ns2Path path = new Ns2Path(62, () -> new Ns2Reno(P), 200, s -> s == 60 || s == 65 || s == 70)
                .run(20_000_000_000L);
        ConnectionStats st = path.stats();
        assertEquals(200 * 1000, st.bytesAcked());
        assertEquals(1, st.fastRetransmits());
        assertEquals(1, st.timeouts());
        assertEquals(1, st.windowCloses(CloseCause.FAST_RETRANSMIT));
        assertEquals(1, st.windowCloses(CloseCause.TIMEOUT));
        // 60..70 leave at 120 ms, 71..79 at 140 ms; 8 duplicates at 140 ms (61-64, 66-69): fast retransmit of
        // 60; 9 more at 160 ms inflate dupwnd_, but window_ 20 caps the window at 79. The resent 60 brings
        // the partial ACK 64, which ends Reno's recovery (tcp-reno.cc:108): cwnd_ 10.1, window 10 below
        // 80 - 64, nothing is in flight to bring duplicates, and the timer restarted then (newtimer,
        // tcp.cc:1003) fires one RTO later: t_rtxcur_ is below minrto_, so 200 ms
        long partialAck = path.sendTimes(60).get(1) + 2 * Ns2Path.ONE_WAY;
        ConnectionStats.Sample timeout = st.samples().stream().filter(x -> x.cause() == CloseCause.TIMEOUT)
                .findFirst().orElseThrow();
        assertEquals(partialAck + 200_000_000L, timeout.nanos());
        assertEquals(1, timeout.cwnd(), 1e-12);
        assertEquals(5, timeout.ssthresh(), 1e-12, "int(windowd() / 2) of 10.1");
        // go-back-N from 65 (tcp.cc:971): 65 (ACK 69, cwnd_ 2), then 70 and 71, which the receiver already
        // holds (ACK 79, cwnd_ 3: 80, 81, 82); the duplicate ACK 71 brings lets 83 out (singledup_,
        // tcp.cc:1576-1587: 83 <= 79 + cwnd_ 3 + dupacks_ 1)
        assertEquals(List.of(65, 70, 71, 80, 81, 82, 83), path.sentAfter(60, 2).subList(0, 7));
        assertEquals(4, st.retransmissions(), "60, 65, 70 and the held 71");
        assertEquals(2, path.copies(71));
        assertEquals(1, path.receiver[0].stats().duplicates(), "71 arrived twice");
    }

    @Test
    void theFlightNeverExceedsWindowUnlessWindowIsRaised() {
        Ns2Path twenty = new Ns2Path(63, () -> new Ns2Reno(P), 300, s -> false).run(20_000_000_000L);
        assertEquals(300 * 1000, twenty.stats().bytesAcked());
        assertEquals(20, twenty.maxFlight);
        assertEquals(0, twenty.stats().retransmissions());
        Ns2Params wide = P.with(Map.of("window", 30));
        Ns2Path thirty = new Ns2Path(63, () -> new Ns2Reno(wide), 300, s -> false).run(20_000_000_000L);
        assertEquals(30, thirty.maxFlight);
        Ns2Params capped = P.with(Map.of("window", 30, "maxcwnd", 7));
        Ns2Path seven = new Ns2Path(63, () -> new Ns2Reno(capped), 300, s -> false).run(20_000_000_000L);
        assertEquals(7, seven.maxFlight, "maxcwnd_ caps cwnd_ (tcp.cc:1234)");
    }

    @Test
    void whileDataIsOutstandingTheAgentSendsNoProbeWhoseAckWouldBeADuplicate() {
        // ns-2's agents send no keep-alive: while the timer backs off past RDP's keep-alive time (1 s) only
        // the timer resends the oldest segment. A probe's ACK would reach the agent as a duplicate ACK and
        // let another segment out (singledup_'s send_one, tcp-reno.cc:125-126)
        Ns2Path path = new Ns2Path(65, () -> new Ns2Reno(P), 2000, s -> false);
        path.run(300_000_000L);
        path.silent = true;
        path.run(30_000_000_000L);
        int oldest = path.mostCopied();
        List<Long> times = path.sendTimes(oldest);
        // resent at 0.2, 0.4, 0.8, 1.6, 3.2, 6.4 and 12.8 s intervals (the test above): 8 copies in 30 s
        assertEquals(8, times.size(), "copies " + times);
        assertEquals(0, path.stats().keepAlivesSent());
        for (int i = 0; i < path.sent.size(); i++) {
            if (path.sentAt.get(i) > times.get(1)) {
                assertEquals(oldest, path.sent.get(i), "segment sent at " + path.sentAt.get(i));
            }
        }
        // the receiver, with nothing outstanding, still probes (its NULs the agent ignores), so neither end
        // declares the other dead (15 s)
        assertTrue(path.receiver[0].stats().keepAlivesSent() > 0);
        assertEquals(RdpConnection.State.OPEN, path.sender[0].state());
    }

    @Test
    void aSilentPathBacksTheTimerOffByDoublingUpToMaxrto() {
        RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(P))
                .withKeepAlive(1_000_000_000L, 1_000_000_000_000L);
        Ns2Path path = new Ns2Path(64, o, 2000, s -> false);
        path.run(300_000_000L);
        path.silent = true;
        path.run(400_000_000_000L);
        List<Long> times = path.sendTimes(path.mostCopied());
        // every resend of the oldest outstanding segment is one timeout later: the 20 ms path gives
        // t_rtxcur_ below minrto_, so 0.2 s times 1, 2, ... 256; at 512 rtt_timeout() is maxrto_ (60 s)
        // and the backoff stops doubling (tcp.cc:546, 613)
        long[] expected = {200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200, 60000, 60000, 60000, 60000};
        assertEquals(expected.length + 1, times.size(), "copies " + times);
        for (int k = 0; k < expected.length; k++) {
            assertEquals(expected[k] * 1_000_000L, times.get(k + 1) - times.get(k), "gap " + k + " of " + times);
        }
        assertEquals(expected.length, path.stats().timeouts());
    }
}
