package org.aspen.lab.run;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.aspen.lab.report.CrossReport;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.TransferReport;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code cross} workload (rate, on/off timing) and the node {@code acc} option, in the simulation. */
class CrossAndAccTest {
    static Scenario yaml(String text) {
        return ScenarioLoader.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.yaml", true);
    }

    static LabResult sim(Scenario s, long seed) throws InterruptedException {
        return LabRunner.run(s, new LabRunner.Options(true, seed, null, null, null));
    }

    /** a - b over one 10 Mb/s link, static routes (so only the cross packets use the link), one cross source. */
    static Scenario twoNodes(String duration, String cross) {
        return yaml("""
                name: cross
                duration: %s
                routing: static
                nodes: [{name: a, address: 10.0.0.1}, {name: b, address: 10.0.0.2}]
                links: [{between: [a, b], bandwidth: 10Mbps, delay: 5ms}]
                routes: [{node: a, to: b, via: b}]
                workload:
                  cross: [%s]
                """.formatted(duration, cross));
    }

    static CrossReport cross(LabResult r, int i) {
        return r.report().cross().get(i);
    }

    @Test
    void fixedOnOffSendsAtTheRateOnlyWhileOn() throws Exception {
        // 80 kb/s of 1000-byte packets = one every 100 ms; on 1 s, off 1 s from 0.5 s to 10.5 s: 5 bursts of 10
        LabResult r = sim(twoNodes("12s",
                "{from: a, to: b, rate: 80kbps, on: 1s, off: 1s, size: 1000, durations: fixed, start: 500ms, stop: 10.5s}"), 1);
        CrossReport c = cross(r, 0);
        assertEquals(5, c.bursts());
        assertEquals(50, c.sentPackets());
        assertEquals(50, c.receivedPackets());
        assertEquals(50_000, c.receivedBytes());
        assertEquals(5.0, c.onSeconds(), 1e-9);
        assertEquals(50L, r.links().get("a-b@a").counters().sentPackets(), "static routing: only the cross packets use the link");
    }

    /**
     * {@code phase: random}: fixed 1 s on / 1 s off periods (one packet per 100 ms) from a seeded
     * phase, over 10 s = five whole cycles, so exactly 5 s on whatever the phase; a burst cut by time
     * 0 or by the end counts in both, so 5 or 6 bursts, and 50 packets, give or take the one on each
     * cut's grid; the same seed gives the same phase.
     */
    @Test
    void aRandomPhaseRunsTheFixedCycleFromBeforeTheStart() throws Exception {
        Scenario s = twoNodes("10s", "{name: p, from: a, to: b, rate: 80kbps, on: 1s, off: 1s, size: 1000, durations: fixed, "
                + "phase: random}");
        CrossReport c = cross(sim(s, 2), 0);
        assertEquals(5.0, c.onSeconds(), 1e-9);
        assertTrue(c.bursts() == 5 || c.bursts() == 6, "bursts " + c.bursts());
        assertTrue(c.sentPackets() >= 49 && c.sentPackets() <= 51, "packets " + c.sentPackets());
        assertEquals(c.sentPackets(), c.receivedPackets());
        assertEquals(c, cross(sim(s, 2), 0));
    }

    @Test
    void aRandomPhaseNeedsFixedDurationsAndNoStart() {
        String fixed = "{from: a, to: b, durations: fixed, phase: random";
        assertEquals("t.yaml: workload.cross[0].phase: a random phase needs 'durations: fixed' (a cycle of fixed on and off periods)",
                assertThrows(ConfigException.class, () -> twoNodes("10s", "{from: a, to: b, phase: random}")).getMessage());
        assertEquals("t.yaml: workload.cross[0].phase: a random phase runs the cycle from before the run: leave 'start' out",
                assertThrows(ConfigException.class, () -> twoNodes("10s", fixed + ", start: 1s}")).getMessage());
        assertEquals("t.yaml: workload.cross[0].phase: 'later' is not 'random' (leave it out: the first burst begins at 'start')",
                assertThrows(ConfigException.class, () -> twoNodes("10s", fixed.replace("random", "later") + "}")).getMessage());
    }

    @Test
    void exponentialOnOffIsOnAboutHalfTheTimeAtTheRate() throws Exception {
        Scenario s = twoNodes("400s", "{from: a, to: b, rate: 100kbps, on: 2.5s, off: 2.5s}");
        LabResult r = sim(s, 3);
        CrossReport c = cross(r, 0);
        double on = c.onSeconds();
        long bursts = c.bursts();
        // about 400 / 5 = 80 cycles; the on share of exponential periods with equal means is 1/2
        assertTrue(bursts > 55 && bursts < 105, "bursts " + bursts);
        assertTrue(on > 140 && on < 260, "on " + on + " s");
        // 12.5 packets per second while on (each burst ends within one 80 ms interval of its end)
        double perSecond = c.sentPackets() / on;
        assertTrue(Math.abs(perSecond - 12.5) < 0.3, "rate while on " + perSecond);
        assertEquals(c.sentPackets(), c.receivedPackets());
        LabResult again = sim(s, 3);
        assertEquals(c, cross(again, 0), "same seed, same on/off draws");
    }

    @Test
    void accNodeOptionRunsTheMonitorAndUpstreamFilters() throws Exception {
        LabResult r = sim(yaml("""
                name: acc-dumbbell
                duration: 30s
                nodes:
                  - {name: s1, address: 10.0.0.1}
                  - {name: s2, address: 10.0.0.2}
                  - {name: r1, address: 10.0.0.3, acc: filter}
                  - {name: r2, address: 10.0.0.4, acc: {monitor: true, minRtt: 0ms, maxDelete: 64}}
                  - {name: d1, address: 10.0.0.5}
                links:
                  - {between: [s1, r1], bandwidth: 10Mbps, delay: 10ms}
                  - {between: [s2, r1], bandwidth: 10Mbps, delay: 10ms}
                  - {between: [r1, r2], bandwidth: 10Mbps, delay: 50ms}
                  - {between: [r2, d1], bandwidth: 1.5Mbps, delay: 10ms, buffer: 20}
                workload:
                  flows:
                    - {name: f1, from: s1, to: d1, start: 1s, segment: 940}
                    - {name: f2, from: s2, to: d1, start: 1.2s, segment: 940}
                expect:
                  - {type: counter, node: r2, counter: aa.acc-monitor.metrics.notificationsSent, atLeast: 1}
                  - {type: counter, node: r2, counter: aa.acc-monitor.metrics.filterRequestsSent, atLeast: 1}
                  - {type: counter, node: r1, counter: aa.acc-filter.metrics.packetsFiltered, atLeast: 1}
                """), 1);
        assertTrue(r.passed(), r.summary());
        List<TransferReport> flows = r.report().transfers();
        long accCloses = 0;
        for (TransferReport f : flows) {
            accCloses += f.closes("NOTIFICATION");
            assertTrue(f.closesPerSecond() > 0, f.toString());
            assertTrue(f.meanCloseMagnitude() > 0, f.toString());
        }
        assertTrue(accCloses > 0, "senders closed on notifications: " + flows);
    }

    @Test
    void badCrossAndAccFieldsAreOneLineErrors() {
        String base = """
                name: bad
                nodes: [{name: a, address: 10.0.0.1%s}, {name: b, address: 10.0.0.2}]
                links: [{between: [a, b]}]
                workload: {cross: [%s]}
                """;
        ConfigException e1 = assertThrows(ConfigException.class,
                () -> yaml(String.format(base, "", "{from: a, to: b, rate: 10 Mbs}")));
        assertTrue(e1.getMessage().startsWith("t.yaml: workload.cross[0].rate: "), e1.getMessage());
        ConfigException e2 = assertThrows(ConfigException.class,
                () -> yaml(String.format(base, "", "{from: a, to: b, durations: pareto}")));
        assertTrue(e2.getMessage().contains("workload.cross[0].durations"), e2.getMessage());
        ConfigException e3 = assertThrows(ConfigException.class,
                () -> yaml(String.format(base, ", acc: {monitr: true}", "")));
        assertTrue(e3.getMessage().contains("nodes[0].acc: unknown key 'monitr'"), e3.getMessage());
        ConfigException e4 = assertThrows(ConfigException.class,
                () -> yaml(String.format(base, ", acc: router", "")));
        assertTrue(e4.getMessage().contains("nodes[0].acc"), e4.getMessage());
    }
}
