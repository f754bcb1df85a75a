package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.VerdictRule.Judgement;
import org.junit.jupiter.api.Test;

/**
 * The pre-registration format: docs/reproducing.md's worked example, parsed from the doc itself and
 * judged on the doc's made-up figures; its git blob id; and one-line errors for bad files.
 */
class PreregistrationTest {
    /** The first {@code yaml} block of docs/reproducing.md after its "A worked example" paragraph. */
    static byte[] docExample() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "reproducing.md"));
        int from = doc.indexOf("```yaml\n", doc.indexOf("A worked example")) + "```yaml\n".length();
        return doc.substring(from, doc.indexOf("```\n", from)).getBytes(StandardCharsets.UTF_8);
    }

    private static Preregistration example() throws IOException {
        return Preregistration.parse(docExample(), "example.yaml");
    }

    @Test
    void theDocsWorkedExampleJudgesAsTheDocSays() throws IOException {
        Preregistration p = example();
        assertEquals("example", p.experiment());
        assertEquals("aspen experiment example --seeds 5 --out docs/results/example", p.command());
        Judgement fig2 = p.judge("Fig. 2: queueing delay, NEW vs RED", Map.of("10 flows", new double[] {0.6, 0.7},
                "40 flows", new double[] {0.55, 0.45}, "80 flows", new double[] {0.6, 0.6}));
        assertEquals(Verdict.MATCHES, fig2.verdict(), fig2.why());
        assertEquals("ratio-below-1-within-25pc", fig2.rule());
        PaperComparison row = p.row("Fig. 3: drops per second, NEW vs RED", Map.of("10 flows", new double[] {-8, -6},
                "40 flows", new double[] {-12, -10}, "80 flows", new double[] {0, 0}), "-7 / -11 / 0");
        assertEquals(Verdict.CONTRADICTS, row.verdict(), row.why());
        assertEquals("much-fewer", row.rule());
        assertEquals("far fewer with NEW", row.paper(), "the paper's cell comes from the file");
        assertTrue(row.why().contains("a tie at 80 flows does not hold; does not hold at the emphasised 80 flows"), row.why());
        Judgement none = p.judge("Fig. 3: drops per second, NEW vs RED", Map.of("10 flows", new double[] {-8}));
        assertEquals(Verdict.NOT_RUN, none.verdict());
        assertEquals("no figure at 40 flows, 80 flows", none.why());
        PaperComparison both = p.row("Fig. 3: drops per second, NEW vs RED", Map.of("10 flows", new double[] {-8, -6},
                "40 flows", new double[] {-12, -10}, "80 flows", new double[] {0, 0}), "-7 / -11 / 0",
                Map.of("10 flows", new double[] {-8}, "40 flows", new double[] {-9}, "80 flows", new double[] {-7}), "-8 / -9 / -7");
        assertEquals(Verdict.CONTRADICTS, both.verdict(), "the verdict is the ns-2 baseline's");
        assertEquals("-8 / -9 / -7; matches", both.aspenRdp(), "the RDP cell carries the same rule's verdict on its values");
    }

    @Test
    void theSummaryNamesTheFileByItsGitBlobId() throws IOException {
        // git hash-object of an empty file, and of "hello\n": the ids git itself gives
        assertEquals("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", Preregistration.gitBlob(new byte[0]));
        assertEquals("ce013625030ba8dba906f756967f9e9ca394464a", Preregistration.gitBlob("hello\n".getBytes(StandardCharsets.US_ASCII)));
        Preregistration p = example();
        assertEquals(new Preregistration.Ref("example.yaml", Preregistration.gitBlob(docExample())), p.ref());
        record Summary(Preregistration.Ref preregistration) {
        }
        assertEquals("{\n  \"preregistration\" : {\n    \"file\" : \"example.yaml\",\n    \"gitBlob\" : \"" + p.gitBlob() + "\"\n  }\n}",
                Sweep.json(new Summary(p.ref())));
    }

    @Test
    void anExperimentWithoutAFileIsAOneLineError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Preregistration.load("nothing"));
        assertEquals("no pre-registration for 'nothing' (experiments/src/main/resources/preregistration/nothing.yaml)", e.getMessage());
    }

    private static String error(String from, String to) throws IOException {
        String yaml = new String(docExample(), StandardCharsets.UTF_8);
        assertTrue(yaml.contains(from), from);
        byte[] bad = yaml.replace(from, to).getBytes(StandardCharsets.UTF_8);
        return assertThrows(IllegalArgumentException.class, () -> Preregistration.parse(bad, "x.yaml")).getMessage();
    }

    @Test
    void badFilesAreOneLineErrorsNamingTheFile() throws IOException {
        assertEquals("x.yaml: rule 'much-fewer': test must be absolute, relative or at-least, not 'about'",
                error("test: at-least", "test: about"));
        assertEquals("x.yaml: reading names rule 'much-fewr', which is not among the rules", error("rule: much-fewer", "rule: much-fewr"));
        assertEquals("x.yaml: point '80 flows': direction must be above or below, not 'down'",
                error("{label: 80 flows, direction: below}", "{label: 80 flows, direction: down}"));
        assertEquals("x.yaml: ratio-below-1-within-25pc: the emphasised point '40 flow' is not among [10 flows, 40 flows, 80 flows]",
                error("emphasised: 40 flows", "emphasised: 40 flow"));
        assertEquals("x.yaml: ratio-below-1-within-25pc: at 40 flows the paper's figure 1.5 is not below 1",
                error("paper: 0.5}", "paper: 1.5}"));
        assertEquals("x.yaml: a rule needs name, neutral, test and size", error("    size: 5\n", ""));
        String unknown = error("    size: 5\n", "    size: 5\n    tolerance: 5\n");
        assertTrue(unknown.startsWith("x.yaml: Unrecognized field \"tolerance\""), unknown);
        assertEquals(1, unknown.lines().count());
    }
}
