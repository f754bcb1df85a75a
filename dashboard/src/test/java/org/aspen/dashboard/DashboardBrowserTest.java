package org.aspen.dashboard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.lab.time.HostTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real headless Chromium, driven by Selenium through Debian's
 * {@code chromium-driver}, at 1400x900. Three example scenarios run in the simulation, paced:
 * <ul>
 * <li>{@code line3} (pings only): the RTT and loss charts show the pings, the flow and queue charts
 * stay hidden, nothing says "no data yet";</li>
 * <li>{@code reroute} (b-c cut from 4 s to 8 s): after the cut the pings' frames travel a-d-c, so
 * the a->d line is coloured as carrying pings and a->b is not, and the lost probes are marked;</li>
 * <li>{@code acc-dumbbell}: flows, queues and drops charted; everything above the fold; no link
 * label covered by a line.</li>
 * </ul>
 * Each saves a screenshot under {@code target/dashboard/}. Without chromedriver the tests are
 * skipped, and say so.
 */
class DashboardBrowserTest {
    static final Path ARTEFACTS = Path.of("target", "dashboard");
    static final Path EXAMPLES = Path.of("..", "examples", "scenarios");
    private static ChromeDriver browser;
    private static Path profile;

    @BeforeAll
    static void startBrowser() throws Exception {
        File driver = chromedriver();
        if (driver == null) {
            System.err.println("DashboardBrowserTest: SKIPPED, chromedriver is not installed "
                    + "(apt-get install -y chromium chromium-driver, or set ASPEN_CHROMEDRIVER to its path)");
        }
        Assumptions.assumeTrue(driver != null, "chromedriver is not installed: apt-get install -y chromium chromium-driver "
                + "(or set ASPEN_CHROMEDRIVER); the dashboard's browser tests did not run");
        profile = Files.createTempDirectory("aspen-chromium-");
        ChromeOptions o = new ChromeOptions();
        String binary = System.getenv("ASPEN_CHROMIUM");
        if (binary == null && Files.isExecutable(Path.of("/usr/bin/chromium"))) {
            binary = "/usr/bin/chromium";
        }
        if (binary != null) {
            o.setBinary(binary);
        }
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--window-size=1400,900", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        o.setCapability("goog:loggingPrefs", logs);
        long t0 = HostTime.nanos();
        browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(driver).build(), o);
        // the page itself 1400x900, whatever the headless window keeps for its own frame
        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", 1400, "height", 900, "deviceScaleFactor", 1, "mobile", false));
        System.err.printf("DashboardBrowserTest: Chromium up in %.1f s%n", (HostTime.nanos() - t0) / 1e9);
    }

    @AfterAll
    static void stopBrowser() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            deleteTree(profile);
        }
    }

    /** chromedriver from ASPEN_CHROMEDRIVER, else Debian's /usr/bin/chromedriver, else on PATH; null when none. */
    static File chromedriver() {
        String env = System.getenv("ASPEN_CHROMEDRIVER");
        if (env != null && new File(env).canExecute()) {
            return new File(env);
        }
        for (String dir : (System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/bin").split(File.pathSeparator)) {
            File f = new File(dir, "chromedriver");
            if (!dir.isEmpty() && f.canExecute()) {
                return f;
            }
        }
        return null;
    }

    @Test
    void pingOnlyRunShowsRttAndLossAndHidesTheEmptyCharts() throws Exception {
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve("line3.yaml"));
        watch(s, 4, page -> {
            // line3: 10 pings a -> c from 2 s, every 200 ms; wait for the last one's answer
            waitFor(page, "window.aspenDash.pings['a\u2192c'] && window.aspenDash.pings['a\u2192c'].length >= 10", 60);
            waitFor(page, "!document.getElementById('panel-rtt').hidden && +document.getElementById('chart-rtt').dataset.points >= 10", 10);
            List<String> shown = visibleCharts(page);
            assertEquals(List.of("rtt", "loss"), shown.subList(0, 2), "the pings' charts first");
            assertTrue(!shown.contains("cwnd") && !shown.contains("goodput"), "no flow, no flow charts: " + shown);
            assertEquals(Boolean.FALSE, js(page, "document.body.innerText.includes('no data yet')"));
            assertEquals(Boolean.TRUE, js(page, "window.aspenDash.pings['a\u2192c'].every(p => p[1] > 0)"), "all answered");
            save(page, "ping-only.png");
            // one spike does not flatten a chart: the axis stops at a round value above the 99th
            // percentile and says it clipped; without a spike it covers the largest value
            assertEquals(Map.of("ymax", 3L, "clipped", true, "max", 28L),
                    js(page, "yRange([1, 1.2, 0.9, 1.1, 1, 2, 1.3, 1, 0.8, 1, 1.5, 1, 28, 1, 1.4, 1, 1.1, 1.2])"));
            assertEquals(Map.of("ymax", 30L, "clipped", false, "max", 28L), js(page, "yRange([10, 20, 28, 25])"));
        });
    }

    @Test
    void rerouteMovesThePingColourFromABToAD() throws Exception {
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve("reroute.yaml"));
        watch(s, 2, page -> {
            String ab = "document.querySelector('g.link[data-link=\"a-b\"] line[data-dir=\"a\"]').dataset.carries";
            String da = "document.querySelector('g.link[data-link=\"d-a\"] line[data-dir=\"a\"]').dataset.carries";
            // before the cut (4 s) the pings go a-b-c
            waitFor(page, "window.aspenDash.t >= 3.5", 60);
            assertTrue(String.valueOf(js(page, ab)).contains("ping"), "a->b carries the pings before the cut: " + js(page, ab));
            assertEquals("", js(page, da), "a->d carries nothing but routing before the cut");
            // routing notices the silent cut after the dead interval (1 s); by 7 s the pings go a-d-c
            waitFor(page, "window.aspenDash.t >= 7", 60);
            waitFor(page, da + ".includes('ping')", 10);
            assertEquals("", js(page, ab), "a->b no longer carries the pings");
            assertTrue(((Number) js(page, "window.aspenDash.pings['a\u2192c'].filter(p => p[1] === null).length")).intValue() > 0,
                    "the probes lost while routing converged are in the data");
            waitFor(page, "!document.getElementById('panel-loss').hidden", 10);
            save(page, "reroute.png");
        });
    }

    @Test
    void accDumbbellFitsAbove1400x900WithLabelsUncovered() throws Exception {
        double shotAt = Double.parseDouble(System.getProperty("dashboard.screenshotAt", "30"));
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve("acc-dumbbell.yaml"));
        watch(s, 10, page -> {
            waitFor(page, "window.aspenDash.t >= " + shotAt, 180);
            waitFor(page, "['cwnd', 'goodput', 'queue', 'drops'].every(c => !document.getElementById('panel-' + c).hidden)", 20);
            assertEquals(String.join(",", s.workload().flows().stream().map(Scenario.FlowSpec::name).sorted().toList()),
                    js(page, "Object.keys(window.aspenDash.series.cwnd).sort().join(',')"));
            assertEquals(s.links().size() * 2L, js(page, "document.querySelectorAll('#graph g.link line').length"));
            save(page, "acc-dumbbell.png");   // first, so a failure below can be looked at
            assertEquals(List.of(1400L, 900L), js(page, "[window.innerWidth, window.innerHeight]"));
            // above the fold: the topology and every chart shown end inside the 900-pixel-high window
            Object below = js(page, "Array.from(document.querySelectorAll('#topology, #charts .chart:not([hidden])'))"
                    + ".filter(e => e.getBoundingClientRect().bottom > window.innerHeight).map(e => e.id)");
            assertEquals(List.of(), below, "panels below the fold at " + js(page, "window.innerWidth + 'x' + window.innerHeight"));
            // no label is covered: labels are the last layer drawn (above every line and node), and
            // no label's box overlaps another label's or a node's
            assertEquals("labels", js(page, "document.getElementById('graph').lastElementChild.getAttribute('class')"));
            Object covered = js(page, "(() => { const r = e => e.getBoundingClientRect();"
                    + " const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;"
                    + " const labels = Array.from(document.querySelectorAll('#graph g.labels text')).filter(t => t.textContent);"
                    + " const nodes = Array.from(document.querySelectorAll('#graph g.node circle'));"
                    + " return labels.filter((t, i) => labels.some((u, j) => j !== i && hit(r(t), r(u))) || nodes.some(n => hit(r(t), r(n))))"
                    + ".map(t => t.textContent); })()");
            assertEquals(List.of(), covered, "labels that overlap another label or a node");
        });
    }

    @Test
    void aFinishedRunsPageShowsTheWholeRunAsItLoads() throws Exception {
        // --hold: the run is over before anyone looks; what the page shows at its load event (when
        // a headless screenshot is taken) must be the whole run, not an empty page waiting for events
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve("line3.yaml"));
        try (LabDashboard dash = LabDashboard.start(0, 0)) {
            LabRunner.run(s, new LabRunner.Options(true, null, null, null, null), dash);
            browser.get(dash.url());   // returns at the load event; no waiting below
            assertDrawnAtLoad(s, "held.png");
        } finally {
            browser.get("about:blank");
            browser.manage().logs().get(LogType.BROWSER);
        }
    }

    @Test
    void theReportIsOneFileThatOpensWithoutAServer() throws Exception {
        Scenario s = ScenarioLoader.load(EXAMPLES.resolve("line3.yaml"));
        Path report = ARTEFACTS.resolve("line3-report.html");
        Files.createDirectories(ARTEFACTS);
        try (LabDashboard dash = LabDashboard.recorder()) {
            LabRunner.run(s, new LabRunner.Options(true, null, null, null, null), dash);
            dash.writeReport(report);
        }
        try {
            browser.get(report.toAbsolutePath().toUri().toString());
            assertDrawnAtLoad(s, "report.png");
            assertEquals(0L, js(browser, "performance.getEntriesByType('resource').length"),
                    "the report fetches nothing: " + js(browser, "performance.getEntriesByType('resource').map(e => e.name)"));
            assertEquals("Aspen: " + s.name(), js(browser, "document.title"));
        } finally {
            browser.get("about:blank");
            browser.manage().logs().get(LogType.BROWSER);
        }
    }

    /** The page, right after its load event, shows line3's whole run: ten answered pings, the end, no errors. */
    private static void assertDrawnAtLoad(Scenario s, String screenshot) throws Exception {
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);   // before any script of ours runs
        Files.createDirectories(ARTEFACTS);
        Files.write(ARTEFACTS.resolve(screenshot), png);
        assertEquals("run finished", js(browser, "document.getElementById('state').textContent"));
        assertEquals(String.format(java.util.Locale.ROOT, "t = %.1f s", s.durationNanos() / 1e9),
                js(browser, "document.getElementById('clock').textContent"), "the clock stands at the end of the run");
        assertEquals(Boolean.FALSE, js(browser, "document.getElementById('panel-rtt').hidden"));
        assertTrue(((Number) js(browser, "+document.getElementById('chart-rtt').dataset.points")).intValue() >= 10,
                "every ping drawn");
        assertEquals((long) s.nodes().size(), js(browser, "document.querySelectorAll('#graph g.node').length"), "the topology drawn");
        List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
        assertEquals(List.of(), errors, "page errors");
        System.err.println("DashboardBrowserTest: screenshot at load " + ARTEFACTS.resolve(screenshot).toAbsolutePath());
    }

    private interface Page {
        void check(ChromeDriver page) throws Exception;
    }

    /** Runs {@code s} in the simulation at {@code speed} behind a dashboard, opens it and runs {@code check}. */
    private static void watch(Scenario s, double speed, Page check) throws Exception {
        CompletableFuture<LabResult> run = new CompletableFuture<>();
        try (LabDashboard dash = LabDashboard.start(0, speed)) {
            Thread lab = new Thread(() -> {
                try {
                    run.complete(LabRunner.run(s, new LabRunner.Options(true, null, null, null, null), dash));
                } catch (Throwable e) {
                    run.completeExceptionally(e);   // an interrupt at the end of the test lands here
                }
            }, "dashboard-lab");
            lab.start();
            try {
                browser.get(dash.url());
                String nodes = "Array.from(document.querySelectorAll('#graph g.node')).map(g => g.dataset.node).sort().join(',')";
                String expected = String.join(",", s.nodes().stream().map(Scenario.NodeSpec::name).sorted().toList());
                waitFor(browser, nodes + " == '" + expected + "'", 30);
                check.check(browser);
                List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
                assertEquals(List.of(), errors, "page errors");
            } finally {
                browser.get("about:blank");   // leave the page before its server closes the stream
                browser.manage().logs().get(LogType.BROWSER);   // and forget what it logged then
                lab.interrupt();
                lab.join(30_000);
            }
        }
        assertTrue(run.isDone(), "the lab stopped when interrupted");
    }

    private static Object js(ChromeDriver page, String expression) {
        return ((JavascriptExecutor) page).executeScript("return " + expression + ";");
    }

    private static void waitFor(ChromeDriver page, String condition, int seconds) {
        new WebDriverWait(page, Duration.ofSeconds(seconds), Duration.ofMillis(100))
                .withMessage(() -> "waited " + seconds + " s for: " + condition + " (network time "
                        + js(page, "window.aspenDash.t") + " s)")
                .until(d -> Boolean.TRUE.equals(js(page, "!!(" + condition + ")")));
    }

    @SuppressWarnings("unchecked")
    private static List<String> visibleCharts(ChromeDriver page) {
        return (List<String>) js(page, "Array.from(document.querySelectorAll('#charts .chart')).filter(e => !e.hidden)"
                + ".map(e => e.id.replace('panel-', ''))");
    }

    private static void save(ChromeDriver page, String name) throws Exception {
        js(page, "(render(), true)");   // draw the latest data now, not at the next frame
        byte[] png = ((TakesScreenshot) page).getScreenshotAs(OutputType.BYTES);
        Files.createDirectories(ARTEFACTS);
        Files.write(ARTEFACTS.resolve(name), png);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
        System.err.println("DashboardBrowserTest: screenshot " + ARTEFACTS.resolve(name).toAbsolutePath()
                + " at network time " + js(page, "window.aspenDash.t") + " s");
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
