package org.aspen.lab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.EchoResult;
import org.aspen.vnet.control.PingSummary;
import org.aspen.vnet.control.TraceHop;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ping} and {@code trace} reply lines ({@link EchoReply}, {@link HopReply}, and the last lines
 * {@link PingSummaryReply} and {@link TraceSummaryReply}) keep the text the
 * daemon's maps had, key order included: {@code from} is written even when null, {@code name} only
 * when known. The control server turns a line into a tree with a plain mapper, so both mappers are checked.
 */
class ReplyLinesJsonTest {
    private static final ObjectMapper CONTROL = new ObjectMapper();   // as ControlServer's Sink.line does

    private static String text(Object line) throws Exception {
        String viaReportJson = ReportJson.MAPPER.writeValueAsString(line);
        assertEquals(viaReportJson, CONTROL.writeValueAsString(CONTROL.valueToTree(line)));
        return viaReportJson;
    }

    @SafeVarargs
    private static <T> void readsBack(Class<T> type, T... lines) throws Exception {
        for (T line : lines) {
            assertEquals(line, ReportJson.MAPPER.readValue(text(line), type));
        }
    }

    @Test
    void echoLines() throws Exception {
        EchoReply answered = EchoReply.of(new EchoResult(EchoResult.Status.REPLY, VAddr.parse("10.0.0.3"), 10_500_000L, 0, 62), "c");
        assertEquals("{\"seq\":0,\"status\":\"reply\",\"from\":\"10.0.0.3\",\"name\":\"c\",\"ttl\":62,\"rttMs\":10.5}", text(answered));
        EchoReply unnamed = EchoReply.of(new EchoResult(EchoResult.Status.TTL_EXCEEDED, VAddr.parse("10.0.0.9"), 1_250_000L, 1, 63), null);
        assertEquals("{\"seq\":1,\"status\":\"ttl_exceeded\",\"from\":\"10.0.0.9\",\"ttl\":63,\"rttMs\":1.25}", text(unnamed));
        EchoReply lost = EchoReply.of(new EchoResult(EchoResult.Status.TIMEOUT, null, 0, 3, 0), null);
        assertEquals("{\"seq\":3,\"status\":\"timeout\",\"from\":null,\"ttl\":0,\"rttMs\":0.0}", text(lost));
        readsBack(EchoReply.class, answered, unnamed, lost);
        assertTrue(answered.answered());
        assertFalse(unnamed.answered());
        assertFalse(lost.answered());
    }

    @Test
    void hopLines() throws Exception {
        HopReply first = HopReply.of(new TraceHop(1, EchoResult.Status.TTL_EXCEEDED, VAddr.parse("10.0.0.2"), 5_200_000L), "b");
        assertEquals("{\"ttl\":1,\"status\":\"ttl_exceeded\",\"from\":\"10.0.0.2\",\"name\":\"b\",\"rttMs\":5.2}", text(first));
        HopReply silent = HopReply.of(new TraceHop(2, EchoResult.Status.TIMEOUT, null, 0), null);
        assertEquals("{\"ttl\":2,\"status\":\"timeout\",\"from\":null,\"rttMs\":0.0}", text(silent));
        HopReply last = HopReply.of(new TraceHop(3, EchoResult.Status.REPLY, VAddr.parse("10.0.0.3"), 20_000_000L), null);
        assertEquals("{\"ttl\":3,\"status\":\"reply\",\"from\":\"10.0.0.3\",\"rttMs\":20.0}", text(last));
        readsBack(HopReply.class, first, silent, last);
        assertTrue(first.heard());
        assertFalse(silent.heard());
        assertTrue(last.heard());
    }

    @Test
    void summaryLines() throws Exception {
        PingSummaryReply some = PingSummaryReply.of(new PingSummary(4, 3, 1, 1_500_000L, 2_000_000L, 2_500_000L, 2_000_000L));
        assertEquals("{\"sent\":4,\"received\":3,\"lost\":1,\"rttMinMs\":1.5,\"rttAvgMs\":2.0,\"rttMaxMs\":2.5}", text(some));
        PingSummaryReply none = PingSummaryReply.of(new PingSummary(2, 0, 2, 0, 0, 0, 0));
        assertEquals("{\"sent\":2,\"received\":0,\"lost\":2,\"rttMinMs\":0.0,\"rttAvgMs\":0.0,\"rttMaxMs\":0.0}", text(none));
        readsBack(PingSummaryReply.class, some, none);
        assertTrue(some.answered());
        assertFalse(none.answered());
        TraceSummaryReply hops = new TraceSummaryReply(3);
        assertEquals("{\"hops\":3}", text(hops));
        readsBack(TraceSummaryReply.class, hops);
    }
}
