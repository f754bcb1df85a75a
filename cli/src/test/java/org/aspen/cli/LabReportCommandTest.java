package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code aspen lab --report FILE}: the dashboard of the whole run as one self-contained HTML file,
 * without serving anything; one-line errors where it cannot be written. (The page drawn in a real
 * browser: {@code DashboardBrowserTest}.)
 */
class LabReportCommandTest {
    static final Path LINE3 = Path.of("..", "examples", "scenarios", "line3.yaml");

    @Test
    void writesOneSelfContainedPageOfTheRun(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("line3.html");
        CliTest.Run r = CliTest.run("lab", LINE3.toString(), "--sim", "--report", report.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("dashboard report written to " + report), r.out());
        assertFalse(r.err().contains("dashboard:"), "nothing served without --dashboard: " + r.err());
        String page = Files.readString(report);
        assertTrue(page.startsWith("<!DOCTYPE html>"), page.substring(0, 40));
        assertTrue(page.contains("id=\"aspen-replay\"") && page.contains("[\"end\",{\"t\":6.0}]"), "the run is in the page");
        assertTrue(page.contains("[\"ping\",") && page.contains("[\"sample\","), "pings and samples");
        assertFalse(page.contains("src=\"dashboard.js\"") || page.contains("href=\"dashboard.css\""), "nothing to fetch");
    }

    @Test
    void aReportThatCannotBeWrittenIsOneLineAndExit2(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("lab", LINE3.toString(), "--sim", "--report", dir.resolve("no/such/dir/r.html").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("aspen: --report: no directory "), r.err());
        CliTest.Run p = CliTest.run("lab", LINE3.toString(), "--processes", "--report", dir.resolve("r.html").toString());
        assertEquals(2, p.code(), p.err());
        assertTrue(p.err().contains("cannot be combined with --report"), p.err());
    }
}
