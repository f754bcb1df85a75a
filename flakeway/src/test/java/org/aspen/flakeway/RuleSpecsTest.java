package org.aspen.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleSpecsTest {
    static final String FULL = "name wan; match src=10.0.1.0/24 dst=10.0.0.3 proto=rdp sport=7 dport=80 aa=acc-filter;"
            + " delay 50ms jitter 10ms pareto; loss 1%; loss-ge p=1% r=30% 1-h=90% 1-k=0.1%; duplicate 2%;"
            + " reorder 25% gap 5; corrupt 0.1% bits 3; rate 10mbit bucket burst 20KB; limit 5000; bandwidth 20mbit";

    @Test
    void compactFormCarriesEverySetting() {
        RuleSpec r = RuleSpecs.parse(FULL);
        assertEquals("wan", r.name());
        assertEquals(new PacketMatch(VAddr.parse("10.0.1.0"), 24, VAddr.parse("10.0.0.3"), 32, Protocol.RDP, 7, 80,
                "acc-filter"), r.match());
        assertEquals(50_000_000L, r.delayNanos());
        assertEquals(10_000_000L, r.jitterNanos());
        assertEquals(Jitter.PARETO, r.jitter());
        assertEquals(0.01, r.loss(), 1e-15);
        assertEquals(new GilbertElliott(0.01, 0.3, 0.9, 0.001), r.ge());
        assertEquals(0.02, r.duplicate(), 1e-15);
        assertEquals(0.25, r.reorder(), 1e-15);
        assertEquals(5, r.reorderGap());
        assertEquals(0.001, r.corrupt(), 1e-15);
        assertEquals(3, r.corruptBits());
        assertEquals(10_000_000L, r.rateBps());
        assertEquals(RuleSpec.RateMode.BUCKET, r.rateMode());
        assertEquals(20_000L, r.burstBytes());
        assertEquals(5_000, r.limitPackets());
        assertEquals(20_000_000L, r.bandwidthBps());
    }

    @Test
    void mapFormIsTheSameRule() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "wan");
        m.put("match", Map.of("src", "10.0.1.0/24", "dst", "10.0.0.3", "proto", "rdp", "sport", 7, "dport", 80,
                "aa", "acc-filter"));
        m.put("delay", "50ms");
        m.put("jitter", "10ms");
        m.put("distribution", "pareto");
        m.put("loss", 0.01);
        m.put("loss_ge", Map.of("p", "1%", "r", 0.3, "1-h", "90%", "1-k", 0.001));
        m.put("duplicate", "2%");
        m.put("reorder", "25%");
        m.put("reorder_gap", 5);
        m.put("corrupt", "0.1%");
        m.put("corrupt_bits", 3);
        m.put("rate", "10mbit");
        m.put("rate_mode", "bucket");
        m.put("burst", "20KB");
        m.put("limit", 5000);
        m.put("bandwidth", "20Mbps");
        assertEquals(RuleSpecs.parse(FULL), RuleSpecs.fromMap(m));
    }

    @Test
    void textFormRoundTrips() {
        RuleSpec r = RuleSpecs.parse(FULL);
        assertEquals(r, RuleSpecs.parse(r.toString()));
        RuleSpec plain = RuleSpecs.parse("delay 5ms 1ms");
        assertEquals("default", plain.name());
        assertEquals(PacketMatch.ANY, plain.match());
        assertEquals(1_000_000L, plain.jitterNanos());
        assertEquals(plain, RuleSpecs.parse(plain.toString()));
    }

    @Test
    void gilbertElliottDefaultsFollowNetem() {
        GilbertElliott ge = RuleSpecs.parse("loss-ge 2%").ge();
        assertEquals(new GilbertElliott(0.02, 0.98, 1, 0), ge);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "delay fast|flakeway rule 'default': delay \"fast\": not a duration: write a number and a unit (ns, us, ms, s, min or h), e.g. 20ms",
            "delay 20|flakeway rule 'default': delay \"20\": a duration needs a unit: ns, us, ms, s, min or h",
            "rate 10mbit bucket burst 1500|flakeway rule 'default': burst \"1500\": a size needs a unit: B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s)",
            "loss 120%|flakeway rule 'default': loss: expected a probability between 0 and 1 (0% to 100%), got '120%'",
            "name x; match dst=10.0.0|flakeway rule 'x': match: dst: expected an address such as 10.0.0.3 or 10.0.0.0/24, got '10.0.0'",
            "match colour=red|flakeway rule 'default': match: unknown parameter 'colour' (known: src, dst, proto, sport, dport, aa)",
            "match dport=70000|flakeway rule 'default': match: ports must be 0-65535",
            "loss-ge p=2% q=1|flakeway rule 'default': loss_ge: unknown parameter 'q' (known: p, r, 1-h, 1-k)",
            "wobble 3|flakeway rule: clause 'wobble 3': unknown clause 'wobble' (known: name, match, delay, loss, loss-ge, duplicate, reorder, corrupt, rate, limit, bandwidth)",
            "reorder 10% gap|flakeway rule: clause 'reorder 10% gap': expected 'gap <value>', got 'gap'",
            "rate 1mbit bucket|flakeway rule 'default': a token bucket needs a burst (e.g. burst 10KB)",
            "limit lots|flakeway rule 'default': limit: expected a number, got 'lots'",
            "name two words|flakeway rule: clause 'name two words': expected one value, got 2"})
    void errorsAreOneLineNamingTheSetting(String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RuleSpecs.parse(text));
        assertEquals(message, e.getMessage());
    }
}
