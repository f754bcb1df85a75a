package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * Options that take a duration, a rate or a size read it through {@link UnitConverters} (one grammar,
 * docs/scenarios.md "Units"): every spelling the grammar accepts works, and a bare number is a usage
 * error whose one line names the option and the units it expects. {@code --print-scenario} runs
 * nothing, so each case only parses the options and builds one scenario.
 */
class UnitOptionsTest {
    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "purple | --bandwidth | 20Mb/s | short:purple:2 | 20000000bps",
            "purple | --bandwidth | 20Mbps | short:purple:2 | 20000000bps",
            "purple | --bandwidth | 20mbit | short:purple:2 | 20000000bps",
            "purple | --bandwidth | 20Mbit/s | short:purple:2 | 20000000bps",
            "acns | --bottleneck | 20Mbps | acns | 20Mbps",
            "acns | --bottleneck | 20Mb/s | acns | 20Mbps",
            "acns | --bottleneck | 20000kbit | acns | 20Mbps",
            "acc-figure4 | --bottleneck | 1500kbps | red:50 | 1.5Mbps"})
    void everySpellingOfARateWorks(String experiment, String option, String value, String scenario, String printed) {
        Result r = run("experiment", experiment, option, value, "--print-scenario", scenario);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("bandwidth: " + printed), r.out());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "purple | --bandwidth | 20 | a rate needs a unit: bps, kbps, Mbps, Gbps",
            "acns | --bottleneck | 20 | a rate needs a unit: bps, kbps, Mbps, Gbps",
            "purple | --bandwidth | 20MB/s | unknown rate unit \"MB/s\"",
            "purple | --duration | 100 | a duration needs a unit: ns, us, ms, s, min or h",
            "abcd | --duration | 2m | unknown duration unit \"m\"",
            "acc-figure4 | --acc-min-rtt | -5ms | a duration cannot be negative"})
    void aBareNumberOrABadUnitIsAUsageErrorNamingTheOption(String experiment, String option, String value, String problem) {
        Result r = run("experiment", experiment, option, value);
        assertEquals(Aspen.USAGE, r.code(), r.out());
        String first = r.err().lines().findFirst().orElse("");
        assertTrue(first.contains("Invalid value for option '" + option + "': \"" + value + "\": " + problem), r.err());
    }
}
