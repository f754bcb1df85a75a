package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.rdp.SenderState;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/**
 * The monitor's fair-rate reading ({@code rate: fair}, docs/abcd.md) on scripted arrivals: three
 * flows of equal packets, each one every 15 ms and 5 ms apart from each other, cross a link the
 * monitor is told is 0.8 Mb/s (the wires are 10 Mb/s, so nothing queues and arrivals keep their
 * spacing). Every advice carries the max-min share of the capacity, the same for every flow, in data
 * bytes; under the default reading each flow would be advised its own rate instead.
 */
class AbcdFairRateTest {
    static final long MS = 1_000_000L;
    static final SenderState AVOIDANCE = new SenderState(20, 64, SenderState.PHASE_AVOIDANCE, 100_000);

    @Test
    void everyFlowIsAdvisedTheMaxMinShareOfTheCapacityInDataBytes() {
        // Each packet is 500 data bytes + 60 header bytes (VNet 20, RDP 40 with the carried state part) = 560.
        // Each flow: 560 bytes every 15 ms = 37,333.3 B/s on the wire, by equation 4.2 per packet (constant samples);
        // the link: 560 bytes every 5 ms = 112,000 B/s, all of it the three flows' (no traffic left unadvised).
        // The triplet estimate: (560 + 560) / 10 ms = 896 kb/s > 800 kb/s: 0 available, step 2's floor, 200 bytes.
        // Capacity 800 kb/s = 100,000 B/s. The first advice (flow 1, at its third packet): demands 37,333.3 x 3, the
        // equal share 33,333.3 is below each, so alpha = 33,333.3 B/s; the renewal a second later: the advised flows
        // take any share, alpha the same. In data bytes of 200-byte segments: 33,333.3 x 200 / 260 = 25,641.03.
        Run r = run(AbcdConfig.RATE_FAIR);
        assertEquals(267, r.lab().ee("r2").running(AbcdConfig.MONITOR_AA).metrics().get("fairKbps"));   // 33,333.3 B/s x 8
        for (int f = 1; f <= 3; f++) {
            assertEquals(List.of(25_641L, 25_641L), r.advised(f), "flow " + f + ": the first advice and its renewal");
        }
    }

    @Test
    void theDefaultReadingAdvisesEachFlowItsOwnRate() {
        // equation 4.2 over the flow's own triplet: S / T = 200 bytes / ((30 ms - 0 ms) / 2) = 13,333.3 B/s, renewed
        // at the same rate (the spacing does not change)
        Run r = run(AbcdConfig.RATE_OWN);
        for (int f = 1; f <= 3; f++) {
            assertEquals(List.of(13_333L, 13_333L), r.advised(f), "flow " + f);
        }
    }

    /** The scripted run and what each sender received. */
    private record Run(AccLab lab, List<Scripted.Recorder> at) {
        /** The pace of every advice flow f received, data bytes/s (each for 200-byte segments). */
        List<Long> advised(int f) {
            return at.get(f - 1).segments.stream().filter(s -> s.advice != null)
                .peek(s -> assertEquals(200, s.advice.segmentSize())).map(s -> s.advice.paceBytesPerSecond()).toList();
        }
    }

    private static Run run(String rate) {
        AccLab lab = new AccLab(3).add("s1").add("s2").add("s3").add("r1").add("r2").add("d1").add("d2").add("d3");
        LinkConfig wire = new LinkConfig(10_000_000, 10 * MS, QueueLimit.packets(100), 1);
        lab.connect("s1", "r1", wire).connect("s2", "r1", wire).connect("s3", "r1", wire).connect("r1", "r2", wire)
                .connect("r2", "d1", wire).connect("r2", "d2", wire).connect("r2", "d3", wire).routes();
        AbcdSetup.install(lab.ee("r2"), AbcdConfig.DEFAULT.withInLink("r1-r2").withCapacityBps(800_000)
                .withAveragingMs(0).withResize(false).withRate(rate));
        List<Scripted.Recorder> at = List.of(Scripted.record(lab.node("s1")), Scripted.record(lab.node("s2")),
                Scripted.record(lab.node("s3")));
        assertEquals(560, Scripted.data(lab.addr("s1"), lab.addr("d1"), 4001, 7000, 0, AVOIDANCE).length());
        for (int i = 0; i < 100; i++) {   // 1.5 s: the first advice at 30-40 ms and its renewal half a lifetime later
            for (int f = 1; f <= 3; f++) {
                String s = "s" + f;
                String d = "d" + f;
                int seq = 100 + i;
                lab.net.at(15 * MS * i + 5 * MS * (f - 1), s, () -> lab.node(s).send(
                        Scripted.data(lab.addr(s), lab.addr(d), 4000 + Integer.parseInt(s.substring(1)), 7000, seq, AVOIDANCE)));
            }
        }
        lab.run(1_600 * MS);
        return new Run(lab, at);
    }
}
