package org.aspen.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.aspen.experiments.validation.Tolerances.Verdict;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick validation cases, both simulators (about 35 s): ns-2's half against values read by hand
 * from its traces, and each case's verdict against the table of docs/validation.md (the "before"
 * table: Aspen's RDP and RED against ns-2's Reno and RED). A change that moves a verdict must
 * update that table. Skipped, with a message, only when ns-2 is not installed.
 */
class Ns2ValidationTest {
    @TempDir
    Path work;

    @BeforeEach
    void needsNs2() {
        assumeTrue(Ns2Runner.available(), "ns-2.35 is not installed at /usr/bin/ns (apt-get install ns2): validation against ns-2 skipped");
    }

    @Test
    void ns2HalfOfRenoTimeoutHasThreeLossesInOneWindowAndThreeTimeouts() throws Exception {
        RunResult r = Ns2Runner.run(ValidationCases.byName("reno-timeout"), 1, work);
        RunResult.Flow f = r.flows().get("bulk");
        // queue-bottleneck.tr's 'd' lines: 48, 50 and 55 in slow start's last window, then two more episodes
        assertEquals(List.of(48L, 50L, 55L, 395L, 431L, 432L, 433L, 780L, 816L, 817L, 818L), f.droppedSeqs());
        assertEquals(11, r.drops());
        // summary.txt: ack_ 1104, nrexmit_ 3, ncwndcuts1_ 8
        assertEquals(1105, f.delivered());
        assertEquals(3, f.timeouts());
        assertEquals(5, f.fastRetransmits());
        assertEquals(1105 * 1000 * 8 / 9.5, f.goodputBps(), 1e-6);
    }

    @Test
    void renoDroptailAsInTheTable() throws Exception {
        Validation.CaseReport r = Validation.run(ValidationCases.byName("reno-droptail"), work);
        assertEquals(false, r.passed(), Validation.table(List.of(r)));
        assertEquals(Verdict.PASS, verdict(r, "fast retransmits"), Validation.table(List.of(r)));
        assertEquals(Verdict.FAIL, verdict(r, "timeouts"), Validation.table(List.of(r)));
        assertEquals(Verdict.FAIL, verdict(r, "dropped sequence numbers"), Validation.table(List.of(r)));
    }

    @Test
    void renoTimeoutAsInTheTable() throws Exception {
        Validation.CaseReport r = Validation.run(ValidationCases.byName("reno-timeout"), work);
        assertEquals(false, r.passed(), Validation.table(List.of(r)));
        assertEquals(Verdict.FAIL, verdict(r, "timeouts"), Validation.table(List.of(r)));
        assertEquals(Verdict.FAIL, verdict(r, "goodput (kb/s)"), Validation.table(List.of(r)));
    }

    @Test
    void red2FlowsAsInTheTable() throws Exception {
        Validation.CaseReport r = Validation.run(ValidationCases.byName("red-2flows"), work);
        assertEquals(false, r.passed(), Validation.table(List.of(r)));
        assertEquals(Verdict.PASS, verdict(r, "bulk1 goodput (kb/s)"), Validation.table(List.of(r)));
        assertEquals(Verdict.FAIL, verdict(r, "drops at the bottleneck"), Validation.table(List.of(r)));
    }

    @Test
    void redCbrAsInTheTable() throws Exception {
        Validation.CaseReport r = Validation.run(ValidationCases.byName("red-cbr"), work);
        assertEquals(false, r.passed(), Validation.table(List.of(r)));
        assertEquals(Verdict.PASS, verdict(r, "drops at the bottleneck"), Validation.table(List.of(r)));
        assertEquals(Verdict.FAIL, verdict(r, "RED average queue (packets)"), Validation.table(List.of(r)));
    }

    private static Verdict verdict(Validation.CaseReport r, String quantity) {
        return r.rows().stream().filter(x -> x.quantity().equals(quantity)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + quantity)).verdict();
    }
}
