package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools/verdict-count.py} on made-up summaries: the counts per directory and in total (the
 * primary verdicts, and apart from them the verdicts ending the "Aspen RDP" cells), the table, the
 * baseline a summary records (or that it records none), a directory without {@code paperComparison}, and one-line errors for a verdict it does not know and a
 * directory with no summary.
 */
class VerdictCountScriptTest {
    private static final String A = """
            {"experiment": "a", "paperComparison": [
             {"result": "Fig. 1: gain", "paper": "+20 %", "aspen": "+25.0 ± 3.0 % (95 %, 5 seeds)", "verdict": "matches", "why": "",
              "rule": "matches: relative 0.5", "aspenRdp": "+12.0 ± 2.0 % (95 %, 5 seeds); direction"},
             {"result": "Table 2: drops | marks", "paper": "fewer", "aspen": "more", "verdict": "contradicts", "why": "more drops"},
             {"result": "Fig. 3: delay", "paper": "lower", "aspen": "not run", "verdict": "not-run", "why": "no run",
              "rule": "direction", "aspenRdp": "0.9 (one deterministic run); contradicts"}]}
            """;
    private static final String B = """
            {"experiment": "b", "wallSeconds": 3.0}
            """;
    private static final String D = """
            {"experiment": "d", "baseline": "ns2", "paperComparison": [
             {"result": "Table 7", "paper": "0.3", "aspen": "0.5", "verdict": "direction", "why": "larger", "rule": "direction"}]}
            """;

    private static ToolScripts.Run count(Path dir, String... args) throws Exception {
        String[] cmd = new String[2 + args.length];
        cmd[0] = "python3";
        cmd[1] = ToolScripts.path("verdict-count.py").toString();
        System.arraycopy(args, 0, cmd, 2, args.length);
        return ToolScripts.run(dir, cmd);
    }

    @Test
    void countsPerDirectoryAndInTotalWithTheTable(@TempDir Path dir) throws Exception {
        ToolScripts.write(dir, "a/summary.json", A);
        ToolScripts.write(dir, "b/summary.json", B);
        ToolScripts.write(dir, "d/summary.json", D);
        ToolScripts.Run r = count(dir, "a", "b/", "d");
        assertEquals(0, r.code(), r.out());
        assertEquals("""
                ## a (baseline not recorded)

                matches 1 / direction 0 / contradicts 1 / not-run 1 (3 rows)
                Aspen RDP: matches 0 / direction 1 / contradicts 1 / not-run 0 (2 rows)

                | result | paper | Aspen (ns-2 baseline) | Aspen RDP | verdict | rule |
                |---|---|---|---|---|---|
                | Fig. 1: gain | +20 % | +25.0 ± 3.0 % (95 %, 5 seeds) | +12.0 ± 2.0 % (95 %, 5 seeds); direction | matches | matches: relative 0.5 |
                | Table 2: drops \\| marks | fewer | more |  | contradicts |  |
                | Fig. 3: delay | lower | not run | 0.9 (one deterministic run); contradicts | not-run | direction |

                ## b (baseline not recorded)

                no paperComparison in its summary.json

                ## d (baseline ns2)

                matches 0 / direction 1 / contradicts 0 / not-run 0 (1 row)

                | result | paper | Aspen (ns-2 baseline) | Aspen RDP | verdict | rule |
                |---|---|---|---|---|---|
                | Table 7 | 0.3 | 0.5 |  | direction | direction |

                ## total (3 directories)

                matches 1 / direction 1 / contradicts 1 / not-run 1 (4 rows)
                Aspen RDP: matches 0 / direction 1 / contradicts 1 / not-run 0 (2 rows)
                """, r.out());
    }

    @Test
    void jsonGivesTheSameCountsAndRows(@TempDir Path dir) throws Exception {
        ToolScripts.write(dir, "a/summary.json", A);
        ToolScripts.write(dir, "b/summary.json", B);
        ToolScripts.Run r = count(dir, "--json", "a", "b");
        assertEquals(0, r.code(), r.out());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("{\"matches\":1,\"direction\":0,\"contradicts\":1,\"not-run\":1}", j.get("total").toString());
        assertEquals("{\"matches\":0,\"direction\":1,\"contradicts\":1,\"not-run\":0}", j.get("rdpTotal").toString());
        JsonNode a = j.get("directories").get(0);
        assertEquals("a", a.get("directory").asText());
        assertEquals(true, a.get("baseline").isNull());
        assertEquals(3, a.get("rows").size());
        assertEquals("Table 2: drops | marks", a.get("rows").get(1).get("result").asText());
        assertEquals(true, a.get("rows").get(1).get("aspenRdp").isNull());
        assertEquals("matches: relative 0.5", a.get("rows").get(0).get("rule").asText());
        JsonNode b = j.get("directories").get(1);
        assertEquals(false, b.get("paperComparison").asBoolean());
        assertEquals(0, b.get("rows").size());
    }

    @Test
    void anUnknownVerdictOrAMissingSummaryIsOneLineAndExitOne(@TempDir Path dir) throws Exception {
        ToolScripts.write(dir, "a/summary.json", A);
        ToolScripts.write(dir, "c/summary.json",
                "{\"paperComparison\": [{\"result\": \"x\", \"paper\": \"p\", \"aspen\": \"q\", \"verdict\": \"maybe\", \"why\": \"w\"}]}");
        ToolScripts.Run unknown = count(dir, "a", "c");
        assertEquals(1, unknown.code());
        assertEquals(List.of("verdict-count: c/summary.json: paperComparison row 1 has verdict 'maybe', not one of matches, direction, contradicts, not-run"),
                unknown.lines());
        ToolScripts.Run missing = count(dir, "a", "e");
        assertEquals(1, missing.code());
        assertEquals(List.of("verdict-count: e has no summary.json"), missing.lines());
        ToolScripts.Run none = count(dir);
        assertEquals(2, none.code());
        assertEquals(List.of("verdict-count: the following arguments are required: DIR (--help for usage)"), none.lines());
    }
}
