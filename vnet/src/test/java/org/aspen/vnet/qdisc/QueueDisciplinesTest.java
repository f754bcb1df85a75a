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
        Ns2Red ns2red = (Ns2Red) QueueDisciplines.create("ns2-red", Map.of(), L);
        assertEquals(Ns2RedParams.DEFAULTS, ns2red.params());
        assertEquals("ns2-droptail", QueueDisciplines.create("ns2-droptail", Map.of(), L).kind());
    }

    @Test
    void ns2RedReadsNs2sVariableNames() {
        Ns2Red d = (Ns2Red) QueueDisciplines.create("ns2-red", Map.ofEntries(Map.entry("bytes", "false"),
                Map.entry("queue_in_bytes", 0), Map.entry("thresh", 5), Map.entry("maxthresh", 15),
                Map.entry("mean_pktsize", 1000), Map.entry("q_weight", 0.002), Map.entry("wait", false),
                Map.entry("linterm", 50), Map.entry("setbit", true), Map.entry("gentle", "0"), Map.entry("use_mark_p", 0),
                Map.entry("mark_p", 0.2), Map.entry("adaptive", 1), Map.entry("alpha", 0.02), Map.entry("beta", 0.8),
                Map.entry("interval", "250ms"), Map.entry("targetdelay", "20ms"), Map.entry("top", 0.4), Map.entry("bottom", 0.02)), L);
        assertEquals(new Ns2RedParams(false, false, 5, 15, 1000, 0.002, false, 50, true, false, false, 0.2, true, 0.02, 0.8,
                0.25, 0.02, 0.4, 0.02), d.params());
        Ns2Red packets = (Ns2Red) QueueDisciplines.create("ns2-red", Map.of("bytes", false, "queue_in_bytes", false,
                "thresh", 5, "maxthresh", 15, "q_weight", 0.002), L);
        assertEquals(Ns2RedParams.DEFAULTS.withPackets(5, 15, 0.002), packets.params());
        Ns2DropTail t = (Ns2DropTail) QueueDisciplines.create("ns2-droptail",
                Map.of("queue_in_bytes", true, "mean_pktsize", 1000, "drop_front", true), L);
        assertEquals(true, t.describe().get("drop_front"));
        assertEquals(1000, t.describe().get("mean_pktsize"));
    }

    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource(delimiter = '|', value = {
            "red|max_th|3|red: max_th must be greater than min_th (5.0), got 3.0",
            "red|max_p|150%|red: max_p: expected a probability between 0 and 1 (0% to 100%), got '150%'",
            "red|mx_th|3|red: unknown parameter 'mx_th' (known: min_th, max_th, max_p, w_q, gentle, mode, ecn, mean_packet_size, bandwidth)",
            "red|mode|frames|red: mode: expected one of packets, bytes, got 'frames'",
            "red|w_q|lots|red: w_q: expected a number, got 'lots'",
            "ared|beta|2|ared: beta must be in (0, 1), got 2.0",
            "ared|interval|soon|ared: interval \"soon\": not a duration: write a number and a unit (ns, us, ms, s, min or h), e.g. 20ms",
            "ared|interval|500|ared: interval \"500\": a duration needs a unit: ns, us, ms, s, min or h",
            "droptail|threshold|2.5|droptail: threshold: expected a whole number, got '2.5'",
            "droptail|ecn|maybe|droptail: ecn: expected true or false, got 'maybe'",
            "ns2-red|min_th|3|ns2-red: unknown parameter 'min_th' (known: bytes, queue_in_bytes, thresh, maxthresh, mean_pktsize, "
                    + "q_weight, wait, linterm, setbit, gentle, use_mark_p, mark_p, adaptive, alpha, beta, interval, targetdelay, top, bottom)",
            "ns2-red|q_weight|-0.5|ns2-red: q_weight must be in (0, 1], or 0, -1 or -2 (ns-2's automatic weights), got -0.5",
            "ns2-red|linterm|0|ns2-red: linterm must be > 0 (max_p = 1 / linterm), got 0.0",
            "ns2-red|interval|soon|ns2-red: interval \"soon\": not a duration: write a number and a unit (ns, us, ms, s, min or h), e.g. 20ms",
            "ns2-red|interval|0.5|ns2-red: interval \"0.5\": a duration needs a unit: ns, us, ms, s, min or h",
            "purple|tick|1|purple: tick \"1\": a duration needs a unit: ns, us, ms, s, min or h",
            "avq|bandwidth|10000000|avq: bandwidth \"10000000\": a rate needs a unit: bps, kbps, Mbps, Gbps (or bit/s, kbit/s, "
                    + "Mbit/s, Gbit/s; kbit, mbit, gbit; kb/s, Mb/s, Gb/s)",
            "aecn|virtual_buffer|10mb|aecn: virtual_buffer \"10mb\": unknown size unit \"mb\" (use B, KB, MB, GB (1000s) or KiB, "
                    + "MiB, GiB (1024s)); a size is in bytes (B), not bits (b)",
            "ns2-red|wait|sometimes|ns2-red: wait: expected true or false, got 'sometimes'",
            "ns2-droptail|limit|5|ns2-droptail: unknown parameter 'limit' (known: queue_in_bytes, mean_pktsize, drop_front)",
            "ns2-droptail|mean_pktsize|0|ns2-droptail: mean_pktsize must be at least 1 byte, got 0"})
    void badParametersFailWithOneLineNamingThem(String kind, String key, String value, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create(kind, Map.of(key, value), L));
        assertEquals(message, e.getMessage());
    }

    @Test
    void unknownKindListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create("codel", Map.of(), L));
        assertEquals("unknown queue discipline 'codel' (known: " + String.join(", ", QueueDisciplines.KINDS) + ")", e.getMessage());
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
