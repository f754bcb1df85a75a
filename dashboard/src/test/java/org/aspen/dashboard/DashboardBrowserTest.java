package org.aspen.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboard in a real headless Chromium: a small ACC lab runs in the simulation paced at 4x
 * wall time; the page must draw every node of the topology, its charts must receive cwnd and queue
 * samples, and a screenshot is saved as {@code cli/target/dashboard/dashboard.png}.
 *
 * Needs Chromium ({@code apt-get install -y chromium}; {@code .ci/run} installs it); without it the
 * test is skipped and says so. {@code -Ddashboard.screenshotAt=40} waits for 40 s of network time
 * before the screenshot, and shows the ACC dumbbell instead (how {@code docs/dashboard.png} was made).
 */
class DashboardBrowserTest {
    static final Path ARTEFACTS = Path.of("target", "dashboard");

    @Test
    void pageShowsEveryNodeAndLiveCharts() throws Exception {
        Path chromium = HeadlessChromium.find();
        if (chromium == null) {
            System.err.println("DashboardBrowserTest: SKIPPED, Chromium is not installed "
                    + "(apt-get install -y chromium, or set ASPEN_CHROMIUM to its path)");
        }
        Assumptions.assumeTrue(chromium != null, "Chromium is not installed: apt-get install -y chromium "
                + "(or set ASPEN_CHROMIUM); the dashboard's browser test did not run");
        Path profile = Files.createTempDirectory("aspen-chromium-");
        double shotAt = Double.parseDouble(System.getProperty("dashboard.screenshotAt", "0"));
        // the small ACC lab of LabDashboardTest keeps the test quick; the docs' screenshot shows the dumbbell
        Scenario s = shotAt > 0 ? ScenarioLoader.load(Path.of("..", "examples", "scenarios", "acc-dumbbell.yaml"))
                : LabDashboardTest.scenario();
        CompletableFuture<LabResult> run = new CompletableFuture<>();
        try (LabDashboard dash = LabDashboard.start(0, shotAt > 0 ? 8 : 4)) {
            Thread lab = new Thread(() -> {
                try {
                    run.complete(LabRunner.run(s, new LabRunner.Options(true, null, 600_000_000_000L, null, null), dash));
                } catch (Throwable e) {
                    run.completeExceptionally(e);   // an interrupt at the end of the test lands here
                }
            }, "dashboard-lab");
            lab.start();
            long t0 = System.nanoTime();
            try (HeadlessChromium browser = HeadlessChromium.launch(chromium, profile, 1400, 1250)) {
                long launched = System.nanoTime();
                browser.navigate(dash.url());
                String nodes = "Array.from(document.querySelectorAll('#graph g.node')).map(g => g.dataset.node).sort().join(',')";
                String expected = String.join(",", s.nodes().stream().map(Scenario.NodeSpec::name).sorted().toList());
                assertTrue(browser.waitFor(nodes + " == '" + expected + "'", 30_000),
                        "graph nodes: " + browser.eval(nodes) + ", page errors: " + browser.consoleErrors());
                assertTrue(browser.waitFor("+document.getElementById('chart-cwnd').dataset.points > 2"
                                + " && +document.getElementById('chart-queue').dataset.points > 2", 30_000),
                        "charts: " + browser.eval("JSON.stringify(Object.keys(window.aspenDash.series.cwnd))")
                                + ", page errors: " + browser.consoleErrors());
                long charted = System.nanoTime();
                System.err.printf("DashboardBrowserTest: Chromium up in %.1f s, graph and charts filled %.1f s later%n",
                        (launched - t0) / 1e9, (charted - launched) / 1e9);
                if (shotAt > 0) {
                    browser.waitFor("window.aspenDash.t >= " + shotAt, 120_000);
                }
                JsonNode legend = browser.eval("Object.keys(window.aspenDash.series.cwnd).sort().join(',')");
                assertEquals(String.join(",", s.workload().flows().stream().map(Scenario.FlowSpec::name).sorted().toList()),
                        legend.asText());
                assertEquals(s.links().size() * 2, browser.eval("document.querySelectorAll('#graph g.link line').length").asInt());
                byte[] png = browser.screenshot();
                Files.createDirectories(ARTEFACTS);
                Files.write(ARTEFACTS.resolve("dashboard.png"), png);
                assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
                assertTrue(png.length > 20_000, "a screenshot with content: " + png.length + " bytes");
                assertEquals(List.of(), browser.consoleErrors());
            } finally {
                lab.interrupt();
                lab.join(30_000);
            }
        }
        assertTrue(run.isDone(), "the lab stopped when interrupted");
        deleteTree(profile);
    }

    /** Deletes the browser profile without following the symlinks Chromium leaves in it. */
    static void deleteTree(Path dir) throws java.io.IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
