package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.aspen.rdp.ns2.Ns2NewReno;
import org.aspen.rdp.ns2.Ns2Params;
import org.junit.jupiter.api.Test;

/** ns-2.35's NewReno over RDP on the 20 ms path of {@link Ns2Path}, against values worked out from tcp-newreno.cc. */
class Ns2NewRenoTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    @Test
    void threeLossesInOneWindowAreRepairedByPartialAcksWithoutATimeout() {
        Ns2Path path = new Ns2Path(71, () -> new Ns2NewReno(P), 200, s -> s == 60 || s == 65 || s == 70)
                .run(20_000_000_000L);
        ConnectionStats st = path.stats();
        assertEquals(200 * 1000, st.bytesAcked());
        assertEquals(0, st.timeouts());
        assertEquals(1, st.fastRetransmits());
        assertEquals(3, st.retransmissions());
        assertEquals(1, st.windowCloses());
        assertEquals(0, path.receiver[0].stats().duplicates());
        // 140 ms: fast retransmit of 60 (cwnd_ 10, dupwnd_ 3..8). 160 ms: 9 more duplicates (dupwnd_ 17,
        // window_ caps at 20), then the partial ACK 64: deflate 5, dupwnd_ 17 - 4 = 13, 65 resent at
        // once (tcp-newreno.cc:72-73, 104); dupacks_ stays 17, so send_much(2) lets 80, 81 out
        // (tcp-newreno.cc:300-302). 180 ms: partial ACK 69: dupwnd_ 9, 70 resent, 82, 83; the
        // duplicates from 80 and 81 inflate to 10 and 11: 84, 85, then 86, 87. 200 ms: ACK 81 covers
        // recover_ 79: recovery ends, cwnd_ 10 + 1/10, window 10: 88..91
        assertEquals(List.of(65, 80, 81, 70, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91),
                path.sentAfter(60, 2).subList(0, 14));
        ConnectionStats.Sample close = st.samples().stream().filter(x -> x.cause() != null).findFirst().orElseThrow();
        assertEquals(CloseCause.FAST_RETRANSMIT, close.cause());
        assertEquals(10, close.ssthresh(), 1e-12);
        ConnectionStats.Sample after = st.samples().stream()
                .filter(x -> x.nanos() > close.nanos() && x.cause() == null && x.phase() != SenderState.PHASE_RECOVERY)
                .findFirst().orElseThrow();
        assertEquals(path.sendTimes(70).get(1) + 2 * Ns2Path.ONE_WAY, after.nanos());
        assertEquals(10.1, after.cwnd(), 1e-12);
    }

    @Test
    void oneLossBehavesAsReno() {
        Ns2Path path = new Ns2Path(72, () -> new Ns2NewReno(P), 200, s -> s == 60).run(20_000_000_000L);
        assertEquals(1, path.stats().retransmissions());
        assertEquals(0, path.stats().timeouts());
        assertEquals(List.of(80, 81, 82, 83, 84, 85, 86, 87, 88, 89), path.sentAfter(60, 2).subList(0, 10));
    }
}
