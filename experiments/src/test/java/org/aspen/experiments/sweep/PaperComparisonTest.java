package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.junit.jupiter.api.Test;

class PaperComparisonTest {

    @Test
    void summaryJsonCarriesTheVerdictByItsLabel() {
        record Summary(List<PaperComparison> paperComparison) {
        }
        String json = Sweep.json(new Summary(List.of(
                PaperComparison.matches("Table 1: gain", "17 %", "18 %"),
                new PaperComparison("Fig. 2: delay", "below RED", "above RED", Verdict.CONTRADICTS, "queue grows (q.csv)"))));
        assertTrue(json.contains("\"verdict\" : \"matches\""), json);
        assertTrue(json.contains("\"verdict\" : \"contradicts\""), json);
        assertTrue(json.contains("\"why\" : \"queue grows (q.csv)\""), json);
        assertTrue(json.contains("\"why\" : \"\""), json);
    }

    @Test
    void everyVerdictButMatchesNeedsAReason() {
        for (Verdict v : List.of(Verdict.DIRECTION, Verdict.CONTRADICTS, Verdict.NOT_RUN)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new PaperComparison("r", "p", "a", v, " "));
            assertTrue(e.getMessage().contains(v.label()), e.getMessage());
        }
    }

    @Test
    void rowsWithoutARuleAreWrittenAsBeforeTheRulesExisted() {
        record Summary(List<PaperComparison> paperComparison) {
        }
        PaperComparison old = new PaperComparison("Fig. 2: delay", "below RED", "above RED", Verdict.CONTRADICTS, "queue grows");
        assertEquals(null, old.rule());
        assertEquals("{\n  \"paperComparison\" : [ {\n    \"result\" : \"Fig. 2: delay\",\n    \"paper\" : \"below RED\",\n"
                + "    \"aspen\" : \"above RED\",\n    \"verdict\" : \"contradicts\",\n    \"why\" : \"queue grows\"\n  } ]\n}",
                Sweep.json(new Summary(List.of(old))));
        assertThrows(IllegalArgumentException.class, () -> new PaperComparison("r", "p", "a", Verdict.MATCHES, "", " "));
    }

    @Test
    void markdownIsTheDocsOpeningTable() {
        String md = PaperComparison.markdown(List.of(
                new PaperComparison("losses", "236 | 2", "311", Verdict.DIRECTION, "fewer")));
        assertEquals("| result | paper | Aspen | verdict | why |\n|---|---|---|---|---|\n"
                + "| losses | 236 \\| 2 | 311 | direction | fewer |\n", md);
        assertEquals(Map.of("matches", 1, "direction", 1, "contradicts", 1, "not-run", 1),
                java.util.Arrays.stream(Verdict.values()).collect(java.util.stream.Collectors.toMap(Verdict::label, v -> 1)));
    }

    @Test
    void theRdpSensitivityCellAddsAColumnAfterAspensAndIsLeftOutWhenAbsent() {
        PaperComparison row = new PaperComparison("Fig. 6", "fewer", "0.8", Verdict.DIRECTION, "2 ties", "ratio")
                .withRdp("1.1; contradicts");
        assertEquals("| result | paper | Aspen (ns-2 baseline) | Aspen RDP | verdict | rule | why |\n"
                + "|---|---|---|---|---|---|---|\n| Fig. 6 | fewer | 0.8 | 1.1; contradicts | direction | ratio | 2 ties |\n",
                PaperComparison.markdown(List.of(row)));
        String noRule = PaperComparison.markdown(List.of(
                new PaperComparison("a", "b", "c", Verdict.MATCHES, "").withRdp("d; matches")));
        assertEquals("| result | paper | Aspen (ns-2 baseline) | Aspen RDP | verdict | why |\n|---|---|---|---|---|---|\n"
                + "| a | b | c | d; matches | matches |  |\n", noRule);
        record Summary(List<PaperComparison> paperComparison) {
        }
        assertTrue(Sweep.json(new Summary(List.of(row))).contains("\"aspenRdp\" : \"1.1; contradicts\""));
        assertTrue(!Sweep.json(new Summary(List.of(new PaperComparison("a", "b", "c", Verdict.MATCHES, "")))).contains("aspenRdp"));
        assertThrows(IllegalArgumentException.class, () -> row.withRdp(" "));
    }
}
