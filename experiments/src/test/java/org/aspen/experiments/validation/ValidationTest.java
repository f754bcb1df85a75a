package org.aspen.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.validation.Tolerances.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison and the parsing on made-up runs and traces, without either simulator. */
class ValidationTest {
    private static final ValidationCase ONE = new ValidationCase("made-up", "one flow", false, 1, 10, List.of("bulk"),
            List.of(0.0), "r-d@r", 1000, 940, false, true);

    private static RunResult run(double goodput, long timeouts, long fr, List<Long> dropped, long drops) {
        return new RunResult(Map.of("bulk", new RunResult.Flow(goodput, 0, timeouts, fr, dropped, 10, List.of())), drops, Double.NaN);
    }

    @Test
    void timeMeanWeighsEachValueByItsDuration() {
        // 2 from 0 to 1, 4 from 1 to 4: (2 + 12) / 4 = 3.5
        assertEquals(3.5, RunResult.timeMean(List.of(new double[] {0, 2}, new double[] {1, 4}), 0, 4), 1e-12);
        // before the first change the value is 0: 0 over [0, 2), 6 over [2, 4): 3
        assertEquals(3, RunResult.timeMean(List.of(new double[] {2, 6}), 0, 4), 1e-12);
        assertTrue(Double.isNaN(RunResult.timeMean(List.of(), 0, 4)));
    }

    @Test
    void aDeterministicCasePassesOnGoodputAndTheSameLossEvents() {
        Validation.CaseReport r = Validation.compare(ONE, ValidationCase.Baseline.NS2, List.of(run(1005, 1, 4, List.of(3L, 9L), 2)),
                List.of(run(1000, 1, 4, List.of(3L, 9L), 2)));
        assertTrue(r.passed(), Validation.table(List.of(r)));
    }

    @Test
    void oneOtherDroppedPacketFailsTheCase() {
        Validation.CaseReport r = Validation.compare(ONE, ValidationCase.Baseline.NS2, List.of(run(1000, 1, 4, List.of(3L, 10L), 2)),
                List.of(run(1000, 1, 4, List.of(3L, 9L), 2)));
        assertFalse(r.passed());
        assertEquals(Verdict.FAIL, r.rows().stream().filter(x -> x.quantity().equals("dropped sequence numbers")).findFirst()
                .orElseThrow().verdict());
    }

    @Test
    void noRunsNeverPass() {
        Validation.CaseReport r = Validation.compare(new ValidationCase("x", "no flows", true, 10, 10, List.of(), List.of(),
                "r-d@r", 1000, 940, false, true), ValidationCase.Baseline.NS2, List.of(), List.of());
        assertFalse(r.passed(), Validation.table(List.of(r)));
    }

    @Test
    void ns2TracesAreReadAsTheirFormatSays(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("summary.txt"),
                "flow bulk start 0.5 ack 99 ndatapack 110 nrexmitpack 4 nrexmit 1 ncwndcuts1 3 cwnd 5.0\n");
        Files.writeString(dir.resolve("queue-bottleneck.tr"), String.join("\n",
                "+ 0.6 1 2 tcp 1000 ------- 1 0.0 2.0 7 20",
                "d 0.6 1 2 tcp 1000 ------- 1 0.0 2.0 7 20",
                "d 0.7 1 2 cbr 1000 ------- 2 0.1 2.1 3 21",
                "d 0.8 1 2 tcp 1000 ------- 1 0.0 2.0 12 30", ""));
        Files.writeString(dir.resolve("cwnd-bulk.tr"), String.join("\n",
                "0.00000  0  0  2  0  cwnd_ 1.000 ",
                "0.00000  0  0  2  0  nrexmit_ 0",
                "2.50000  0  0  2  0  cwnd_ 4.000 ", ""));
        RunResult r = Ns2Runner.read(renamed(ONE, "t", 10, 0.5), dir);
        RunResult.Flow f = r.flows().get("bulk");
        assertEquals(99, f.delivered());   // ack_ 99: packet 0 is the SYN
        assertEquals(99 * 1000 * 8 / 9.5, f.goodputBps(), 1e-9);
        assertEquals(1, f.timeouts());
        assertEquals(2, f.fastRetransmits());
        assertEquals(List.of(7L, 12L), f.droppedSeqs());
        assertEquals(3, r.drops());
        // cwnd 1 from 0.5 to 2.5, 4 from 2.5 to 10: (2 + 30) / 9.5
        assertEquals(32 / 9.5, f.meanCwnd(), 1e-12);
    }

    @Test
    void withoutSynPacketZeroIsDataSoAckPlusOneWereDelivered(@TempDir Path dir) throws Exception {
        // syn_ 0 (the acc-*-wide cases' 1998 agent): data packets 0 .. ack_ arrived in order, ack_ + 1 of them
        Files.writeString(dir.resolve("summary.txt"),
                "flow bulk start 0.5 syn 0 ack 99 ndatapack 110 nrexmitpack 4 nrexmit 1 ncwndcuts1 3 cwnd 5.0\n");
        Files.writeString(dir.resolve("queue-bottleneck.tr"), "");
        Files.writeString(dir.resolve("cwnd-bulk.tr"), "0.00000  0  0  2  0  cwnd_ 1.000 \n");
        RunResult.Flow f = Ns2Runner.read(renamed(ONE, "t", 10, 0.5), dir).flows().get("bulk");
        assertEquals(100, f.delivered());
        assertEquals(100 * 1000 * 8 / 9.5, f.goodputBps(), 1e-9);
        // syn_ 1 as ns-2.35 prints it, and a line without syn (older scripts): packet 0 is the SYN
        assertEquals(99, Ns2Runner.delivered(Map.of("syn", "1", "ack", "99")));
        assertEquals(99, Ns2Runner.delivered(Map.of("ack", "99")));
    }

    @Test
    void anEcnFlowsCutsAreSplitIntoTimeoutsFastRetransmitsAndEcnCuts(@TempDir Path dir) throws Exception {
        // ncwndcuts1_ 6 = 1 timeout (nrexmit_) + 2 cuts on ECN echoes (necnresponses_) + 3 fast retransmits
        Files.writeString(dir.resolve("summary.txt"), "flow bulk start 0.0 ack 50 ndatapack 60 nrexmitpack 4 nrexmit 1 "
                + "ncwndcuts1 6 necnresponses 2 cwnd 5.0\n");
        Files.writeString(dir.resolve("queue-bottleneck.tr"), "");
        Files.writeString(dir.resolve("cwnd-bulk.tr"), "0.00000  0  0  2  0  cwnd_ 1.000 \n");
        RunResult.Flow f = Ns2Runner.read(ONE, dir).flows().get("bulk");
        assertEquals(1, f.timeouts());
        assertEquals(3, f.fastRetransmits());
        assertEquals(2, f.ecnCuts());
    }

    @Test
    void onlyTheEcnCasesHaveAnEcnRowAndItIsJudgedAsTheOtherCounts() {
        RunResult ns2 = new RunResult(Map.of("bulk", new RunResult.Flow(1000, 0, 1, 4, 7, List.of(), 10, List.of())), 2, Double.NaN);
        RunResult aspen = new RunResult(Map.of("bulk", new RunResult.Flow(1000, 0, 1, 4, 6, List.of(), 10, List.of())), 2, Double.NaN);
        ValidationCase ecn = ValidationCases.byName("aecn-reno-40ms");
        assertTrue(ecn.ecn());
        Validation.CaseReport r = Validation.compare(ecn, ValidationCase.Baseline.NS2, List.of(aspen), List.of(ns2));
        Validation.Row row = r.rows().stream().filter(x -> x.quantity().equals("ECN window cuts")).findFirst().orElseThrow();
        assertEquals(6, row.aspen());
        assertEquals(7, row.ns2());
        assertEquals(Verdict.FAIL, row.verdict(), "a count: 6 against 7 fails as timeouts would");
        assertFalse(ValidationCases.byName("reno-droptail").ecn());
        assertTrue(Validation.compare(ONE, ValidationCase.Baseline.NS2, List.of(aspen), List.of(ns2)).rows().stream()
                .noneMatch(x -> x.quantity().contains("ECN")));
    }

    @Test
    void anUnknownCaseIsNamedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ValidationCases.byName("nope"));
        assertTrue(e.getMessage().startsWith("no validation case 'nope' (known: reno-droptail, reno-timeout,"), e.getMessage());
    }

    /** {@code c} renamed, with another duration and every flow starting at {@code start}. */
    private static ValidationCase renamed(ValidationCase c, String name, double duration, double start) {
        return new ValidationCase(name, c.description(), c.random(), c.seeds(), duration, c.flows(),
                c.flows().stream().map(f -> start).toList(), c.bottleneck(), c.dataFrame(), c.segment(), c.watchRed(), c.quick());
    }
}
