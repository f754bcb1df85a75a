package org.aspen.vnet.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.aspen.vnet.mgmt.ControlRequest;
import org.junit.jupiter.api.Test;

/**
 * Fuzz target for the control endpoint's request parser ({@link ControlRequest#parse}): any line
 * yields a request or a one-line error, never an exception. Corpus:
 * {@code src/test/resources/org/aspen/vnet/fuzz/ControlRequestFuzzTestInputs/request/}.
 */
class ControlRequestFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void request(byte[] line) {
        ControlRequest r = ControlRequest.parse(line);
        assertNotNull(r.id());
        if (r.error() != null) {
            assertFalse(r.error().contains("\n") || r.error().contains("\r"), r.error());
            assertNull(r.cmd());
            assertNull(r.problem());
            return;
        }
        if (r.problem() == null) {
            assertNotNull(r.cmd());
            assertNotNull(r.args());
            assertTrue(r.args().isObject());
        } else {
            assertNull(r.args());
        }
    }

    @Test
    void wellFormedAndMalformedRequests() {
        ControlRequest ok = ControlRequest.parse("{\"id\":7,\"cmd\":\"stats\",\"token\":\"t\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals("stats", ok.cmd());
        assertEquals(7, ok.id().asInt());
        assertEquals("t", ok.token().asText());
        assertTrue(ok.args().isEmpty());
        assertTrue(ControlRequest.parse("{\"cmd\":".getBytes()).error().startsWith("bad JSON"));
        assertTrue(ControlRequest.parse("[1]".getBytes()).error().startsWith("a request is a JSON object"));
        assertTrue(ControlRequest.parse(new byte[0]).error() != null, "an empty line");
        assertEquals("missing \"cmd\" (try \"help\")", ControlRequest.parse("{\"cmd\":5}".getBytes()).problem());
        ControlRequest badArgs = ControlRequest.parse("{\"id\":\"x\",\"cmd\":\"ping\",\"args\":[]}".getBytes());
        assertEquals("\"args\" must be a JSON object", badArgs.problem());
        assertEquals("x", badArgs.id().asText());
        // nesting far beyond Jackson's limit is a bad-JSON error, not a stack overflow
        String deep = "{\"cmd\":\"x\",\"args\":" + "[".repeat(5000) + "]".repeat(5000) + "}";
        assertTrue(ControlRequest.parse(deep.getBytes()).error().startsWith("bad JSON"));
        // invalid UTF-8 in a string
        byte[] bad = "{\"cmd\":\"\u00ff\"}".getBytes(StandardCharsets.ISO_8859_1);
        ControlRequest r = ControlRequest.parse(bad);
        assertTrue(r.error() != null || r.cmd() != null);
    }
}
