package org.aspen.rdp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;

/**
 * The progress and listening lines of a node's {@code rdp.send}/{@code rdp.recv} replies
 * ({@link TransferProgress}, {@link TransferListening}) keep the text the daemon's maps had, key order
 * included, through ReportJson's mapper and the control server's plain one, and read back.
 */
class TransferLinesJsonTest {
    private static final ObjectMapper CONTROL = new ObjectMapper();

    private static String text(Object line) throws Exception {
        String viaReportJson = ReportJson.MAPPER.writeValueAsString(line);
        assertEquals(viaReportJson, CONTROL.writeValueAsString(CONTROL.valueToTree(line)));
        return viaReportJson;
    }

    @Test
    void progressLines() throws Exception {
        // 250 ms in, 8,000,000.4 bits/s rounds to 8000000
        TransferProgress known = TransferProgress.of(524288, 1048576, 250_000_000L, 8_000_000.4);
        assertEquals("{\"bytes\":524288,\"total\":1048576,\"seconds\":0.25,\"rateBps\":8000000}", text(known));
        TransferProgress unknown = TransferProgress.of(2048, -1, 100_000_000L, 15_999.5);
        assertEquals("{\"bytes\":2048,\"total\":-1,\"seconds\":0.1,\"rateBps\":16000}", text(unknown));
        for (TransferProgress p : new TransferProgress[] {known, unknown}) {
            assertEquals(p, ReportJson.MAPPER.readValue(text(p), TransferProgress.class));
        }
        assertTrue(known.totalKnown());
        assertFalse(unknown.totalKnown());
    }

    @Test
    void listeningLine() throws Exception {
        TransferListening l = new TransferListening(7000);
        assertEquals("{\"listening\":7000}", text(l));
        assertEquals(l, ReportJson.MAPPER.readValue(text(l), TransferListening.class));
    }
}
