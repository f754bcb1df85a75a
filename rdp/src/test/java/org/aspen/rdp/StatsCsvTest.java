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
}
