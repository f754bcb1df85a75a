package org.aspen.vnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VAddrTest {
    @Test
    void formatAndParseRoundTripForSeededRandomValues() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            VAddr a = VAddr.of(r.nextInt());
            assertEquals(a, VAddr.parse(a.toString()));
        }
        assertEquals("0.0.0.0", VAddr.UNSPECIFIED.toString());
        assertEquals("255.255.255.255", VAddr.BROADCAST.toString());
        assertEquals(0x0A000001, VAddr.parse("10.0.0.1").value());
        assertEquals(VAddr.parse("10.0.0.1"), VAddr.parse(" 10.0.0.1 "));
        assertTrue(VAddr.parse("255.255.255.255").isBroadcast());
        assertTrue(VAddr.parse("0.0.0.0").isUnspecified());
    }

    @Test
    void ordersUnsigned() {
        assertTrue(VAddr.parse("200.0.0.1").compareTo(VAddr.parse("10.0.0.1")) > 0);
        assertTrue(VAddr.parse("10.0.0.1").compareTo(VAddr.parse("10.0.0.2")) < 0);
    }

    @Test
    void aBadAddressIsQuotedOnOneLineAndShortened() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VAddr.parse("10.0.0.4\n\n\r\t\u0001" + "9".repeat(60)));
        String m = e.getMessage();
        assertTrue(!m.contains("\n") && !m.contains("\r") && !m.contains("\u0001"), m);
        assertTrue(m.startsWith("bad VNet address '10.0.0.4\\n\\n\\r\\t\\u0001999"), m);
        assertTrue(m.contains("...'"), "the quote is cut at 40 characters: " + m);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "10.0.0", "10.0.0.1.2", "10.0.0.256", "10.0..1", "a.b.c.d", "10.0.0.-1",
            "10.0.0.1000", "10.0.0.+1", "1 0.0.0.1", "10.0.0.1."})
    void rejectsBadText(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VAddr.parse(text));
        assertTrue(e.getMessage().contains("VNet address"), e.getMessage());
    }

    @Test
    void rejectsNull() {
        assertThrows(IllegalArgumentException.class, () -> VAddr.parse(null));
    }
}
