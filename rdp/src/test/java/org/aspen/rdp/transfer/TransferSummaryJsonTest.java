package org.aspen.rdp.transfer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.rdp.CloseReason;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A {@link TransferSummary} is written as {@link TransferSummary#toMap()} (a node's {@code rdp.send} /
 * {@code rdp.recv} reply) and read back by Jackson into the same record, series aside.
 */
class TransferSummaryJsonTest {
    private static TransferSummary sent(long nanos) {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("aecnEchoes", 7);
        stats.put("timeouts", 2);
        return new TransferSummary("send", "10.0.0.3:5000", 20000, 20000, 1400, nanos, 1, 2, "ab12", true,
                CloseReason.values()[0], stats, null);
    }

    @Test
    void theReplyTextIsToMapsAndReadsBackIntoTheRecord() throws Exception {
        TransferSummary s = sent(100_000_000L);
        String text = ReportJson.MAPPER.writeValueAsString(s.toMap());
        // 20000 bytes in 0.1 s: 20000 * 8 / 0.1 = 1.6e6 bits per second
        assertEquals("{\"role\":\"send\",\"peer\":\"10.0.0.3:5000\",\"bytes\":20000,\"expected\":20000,\"segment\":1400,"
                + "\"seconds\":0.1,\"goodputBps\":1600000.0,\"retransmissions\":1,\"windowCloses\":2,\"sha256\":\"ab12\","
                + "\"complete\":true,\"end\":\"" + CloseReason.values()[0].name() + "\",\"stats\":{\"aecnEchoes\":7,\"timeouts\":2}}",
                text);
        assertEquals(s, ReportJson.MAPPER.readValue(text, TransferSummary.class));
    }

    @Test
    void theDaemonsExtraKeysAreSkippedAndNanosComeBackExactly() throws Exception {
        // a details reply: close figures and the summary flag beside the summary's own keys
        TransferSummary s = sent(123_456_789_012L);
        JsonNode reply = ReportJson.MAPPER.valueToTree(s.toMap());
        ((com.fasterxml.jackson.databind.node.ObjectNode) reply).put("closesPerSecond", 0.016).put("summary", true);
        TransferSummary back = ReportJson.MAPPER.treeToValue(reply, TransferSummary.class);
        assertEquals(s, back);
        assertEquals(123_456_789_012L, back.nanos());
        assertEquals(s.goodputBps(), back.goodputBps());
        assertEquals(s.seconds(), back.seconds());
    }

    @Test
    void aReceiversShortSummaryLeavesTheRestZeroOrNull() throws Exception {
        TransferSummary r = ReportJson.MAPPER.readValue(
                "{\"role\":\"recv\",\"bytes\":20000,\"sha256\":\"ab12\",\"complete\":true,\"summary\":true}", TransferSummary.class);
        assertEquals(new TransferSummary("recv", null, 20000, 0, 0, 0, 0, 0, "ab12", true, null, null, null), r);
        assertNull(r.series());
    }
}
