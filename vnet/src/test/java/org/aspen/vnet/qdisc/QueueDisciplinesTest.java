package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueueDisciplinesTest {
    static final QueueLimit L = QueueLimit.packets(50);

    @Test
    void kindsAndDefaults() {
        assertInstanceOf(DropTail.class, QueueDisciplines.create("droptail", Map.of(), L));
        assertInstanceOf(ThresholdDropTail.class, QueueDisciplines.create("droptail", Map.of("threshold", 10), L));
        Red red = (Red) QueueDisciplines.create("RED", null, L);
        assertEquals(RedParams.DEFAULTS, red.params());
        assertEquals("ared", QueueDisciplines.create("ared", Map.of(), L).kind());
    }

    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource(delimiter = '|', value = {
            "red|max_th|3|red: max_th must be greater than min_th (5.0), got 3.0",
            "red|max_p|150%|red: max_p: expected a probability between 0 and 1 (0% to 100%), got '150%'",
            "red|mx_th|3|red: unknown parameter 'mx_th' (known: min_th, max_th, max_p, w_q, gentle, mode, ecn, mean_packet_size, bandwidth)",
            "red|mode|frames|red: mode: expected one of packets, bytes, got 'frames'",
            "red|w_q|lots|red: w_q: expected a number, got 'lots'",
            "ared|beta|2|ared: beta must be in (0, 1), got 2.0",
            "ared|interval|soon|ared: interval: expected a duration such as 50ms (units ns, us, ms, s), got 'soon'",
            "droptail|threshold|2.5|droptail: threshold: expected a whole number, got '2.5'",
            "droptail|ecn|maybe|droptail: ecn: expected true or false, got 'maybe'"})
    void badParametersFailWithOneLineNamingThem(String kind, String key, String value, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create(kind, Map.of(key, value), L));
        assertEquals(message, e.getMessage());
    }

    @Test
    void unknownKindListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create("codel", Map.of(), L));
        assertEquals("unknown queue discipline 'codel' (known: droptail, red, ared, aecn, avq)", e.getMessage());
    }

    @Test
    void thresholdDropTailDropsAboveTheThresholdAsForcedAndMarksEcnCapable() {
        StubContext ctx = new StubContext(1, 0);
        ThresholdDropTail d = (ThresholdDropTail) QueueDisciplines.create("droptail",
                Map.of("threshold", 10, "ecn", true), QueueLimit.packets(12));
        d.attach(ctx);
        for (int i = 0; i < 12; i++) {
            d.enqueue(StubContext.packet(100, Ecn.NOT_ECT));
        }
        assertEquals(10, d.packets());
        assertEquals(2, ctx.drops(DropReason.QUEUE_FORCED));
        d.enqueue(StubContext.packet(100, Ecn.ECT0));
        d.enqueue(StubContext.packet(100, Ecn.ECT0));
        d.enqueue(StubContext.packet(100, Ecn.ECT0));
        assertEquals(2, ctx.marks);
        assertEquals(1, ctx.drops(DropReason.QUEUE_OVERFLOW));
        assertEquals(12, d.packets());
        assertTrue(d.describe().toString().contains("threshold=10"));
    }
}
