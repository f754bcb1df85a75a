package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-connection time series and its CSV export after a lossy transfer. */
class StatsCsvTest {
    @Test
    void timeSeriesRecordsWindowChangesAndClosesWithTheirCause() throws Exception {
        LossyTransferTest.Outcome o = LossyTransferTest.transfer(31, 1, 512 << 10, RdpOptions.defaults(),
                n -> n.forward.get(0).loss(0.03));
        ConnectionStats st = o.sent().series();
        StringWriter w = new StringWriter();
        st.writeCsv(w);
        List<String> lines = w.toString().lines().toList();
        assertEquals("time_s,cwnd,ssthresh,phase,srtt_ms,event,closed_from", lines.get(0));
        assertEquals(st.samples().size() + 1, lines.size());
        long closes = lines.stream().filter(l -> l.contains(",close-")).count();
        assertEquals(st.windowCloses(), closes);
        assertTrue(closes > 0);
        // every close row reduces the window
        for (ConnectionStats.Sample s : st.samples()) {
            if (s.cause() != null) {
                assertTrue(s.cwnd() < s.closedFrom() || s.cwnd() == 1, "close " + s);
            }
        }
        // time never runs backwards
        for (int i = 1; i < st.samples().size(); i++) {
            assertTrue(st.samples().get(i).nanos() >= st.samples().get(i - 1).nanos());
        }
        assertEquals(o.sent().retransmissions(), st.retransmissions());
        assertEquals(o.sent().stats().get("windowCloses"), st.windowCloses());
    }

    @Test
    void theWindowsIntegralIsExactWhereTheSeriesKeepsWholePackets() {
        long[] now = {500_000_000L};
        ConnectionStats st = new ConnectionStats(() -> now[0], 100);
        ConnectionState s = TestStates.fresh(st);
        assertEquals(0, st.cwndIntegral(now[0]));
        assertEquals(-1, st.firstObservedNanos());
        s.setCwnd(2);
        st.observe(s);                      // 2 from 0.5 s
        now[0] = 1_500_000_000L;
        s.setCwnd(2.5);
        st.observe(s);                      // 2.5 from 1.5 s: the same whole-packet window, no row
        now[0] = 3_500_000_000L;
        s.setCwnd(1);
        st.observe(s);                      // 1 from 3.5 s
        assertEquals(500_000_000L, st.firstObservedNanos());
        // 2 x 1 s + 2.5 x 2 s + 1 x 1 s (to 4.5 s) = 8 packet-seconds
        assertEquals(8e9, st.cwndIntegral(4_500_000_000L), 1e-3);
        // the series has the rows at 0.5 s (2) and 3.5 s (1) only: its step mean would be (2 x 3 + 1 x 1) / 4 = 1.75, not 2
        assertEquals(List.of(2.0, 1.0), st.samples().stream().map(ConnectionStats.Sample::cwnd).toList());
        // a time before the last observation adds nothing after it
        assertEquals(7e9, st.cwndIntegral(3_000_000_000L), 1e-3);
    }
}
