package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.aspen.experiments.acc.AccFigure4Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code aspen experiment}: one subcommand per experiment with its own defaults, help that reads at
 * 80 columns, usage errors for options an experiment does not have, printed scenarios that are the
 * runs' own; and a tiny acc-figure4 sweep through the command (CSV, JSON and non-empty PNG files).
 */
class ExperimentCommandTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void tinySweepWritesCsvJsonAndPngs(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "acc-figure4", "--seeds", "2", "--delays", "10,50", "--duration", "6s",
                "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(1 + 4 * 2 * 2, runs.size(), "header + configs x delays x seeds");
        for (String row : runs.subList(1, runs.size())) {
            double goodput = Double.parseDouble(row.split(",")[4]);
            assertTrue(goodput > 0, row);
        }
        int notifications = List.of(runs.get(0).split(",")).indexOf("notifications");
        assertTrue(runs.stream().anyMatch(r -> r.startsWith("acc,") && Long.parseLong(r.split(",")[notifications]) > 0),
                "ACC runs sent notifications: " + runs);
        List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
        assertEquals(1 + 4 * 2 * (AccFigure4Run.METRICS.size() + AccFigure4Run.Cause.values().length), summary.size(),
                "every metric, and Figure 7 per cause");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        for (String base : List.of("accOverReno", "accOverRedEcn")) {
            for (String d : List.of("10", "50")) {
                double r = json.get(base + "ThroughputByDelayMs").get(d).asDouble();
                JsonNode ci = json.get(base + "ThroughputCi95ByDelayMs").get(d);
                assertTrue(ci.get(0).asDouble() < r && r < ci.get(1).asDouble(), base + ": interval around the ratio at " + d + ": " + ci);
            }
        }
        assertTrue(out.toString().contains("ACC / red      throughput (95% CI):  10ms "), out.toString());
        for (String png : List.of("figure4-throughput-acc-vs-reno.png", "figure5-throughput-all.png",
                "figure6-closes-per-second.png", "figure7-close-magnitude.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertTrue(b.length > 5000, png + " is " + b.length + " bytes");
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(out.toString().contains("acc-figure4: 4 configs x 2 delays x 2 seeds"), out.toString());
    }

    @Test
    void printScenarioGivesALabScenarioWithAccOnTheRouters() {
        CliTest.Run r = CliTest.run("experiment", "acc-figure4", "--print-scenario", "acc:200", "--duration", "20s");
        assertEquals(0, r.code());
        org.aspen.lab.scenario.Scenario s = org.aspen.lab.scenario.ScenarioLoader.parse(
                new java.io.ByteArrayInputStream(r.out().getBytes(java.nio.charset.StandardCharsets.UTF_8)), "p.yaml", true);
        assertEquals("monitor", s.node("r2").acc());
        assertEquals("filter", s.node("r1").acc());
        assertEquals("200ms", s.link("r1-r2").delay(), "the papers' placement: the long link from the senders' router r1 to r2");
        assertEquals("10ms", s.link("r2-r3").delay());
        assertEquals(4, s.workload().cross().size());
        assertEquals(2, s.workload().flows().size());
    }

    @Test
    void unknownLongLinkPlacementIsAUsageErrorNamingTheKnownOnes() {
        CliTest.Run r = CliTest.run("experiment", "acc-figure4", "--long-link", "sideways", "--print-scenario", "acc:10");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--long-link: unknown placement 'sideways' (known: between, upstream, downstream)"), r.err());
    }

    @Test
    void unknownExperimentIsAUsageError() {
        CommandLine cl = Aspen.commandLine();
        cl.setErr(new PrintWriter(new StringWriter()));
        assertEquals(2, cl.execute("experiment", "acc-figure9"));
    }


    static final List<String> EXPERIMENTS = List.of("acc-figure4", "acc-overhead", "aecn", "purple", "acns", "abcd");

    @Test
    void helpListsEveryExperimentAndEveryHelpFitsEightyColumns() {
        CliTest.Run root = CliTest.run("experiment", "--help");
        assertEquals(0, root.code());
        for (String e : EXPERIMENTS) {
            assertTrue(root.out().contains("\n  " + e + " "), e + " listed: " + root.out());
            CliTest.Run r = CliTest.run("experiment", e, "--help");
            assertEquals(0, r.code(), e);
            assertTrue(r.out().startsWith("Usage: aspen experiment " + e), r.out());
            assertTrue(r.out().contains("--out=DIR") && r.out().contains("(default: ./" + e + ")"), e + ": " + r.out());
        }
        for (String[] args : new String[][] {{"experiment", "--help"}, {"experiment", "acc-figure4", "--help"},
                {"experiment", "acc-overhead", "--help"}, {"experiment", "aecn", "--help"}, {"experiment", "purple", "--help"},
                {"experiment", "acns", "--help"}, {"experiment", "abcd", "--help"}}) {
            for (String line : CliTest.run(args).out().split("\n")) {
                assertTrue(line.length() <= 80, String.join(" ", args) + ": " + line.length() + " columns: " + line);
            }
        }
    }

    /** The options an experiment was given, as its parameters, without running it. */
    private static Object params(String... args) {
        CommandLine cl = Aspen.commandLine();
        CommandLine.ParseResult pr = cl.parseArgs(args);
        ExperimentSubcommand cmd = (ExperimentSubcommand) pr.subcommand().subcommand().commandSpec().userObject();
        var e = cmd.experiment();
        assertEquals(2, cmd.threads() == 1 ? 2 : cmd.threads(), "--threads defaults to 2 where there is one");
        try {
            return e.getClass().getMethod("params").invoke(e);   // every experiment's record of its parameters
        } catch (ReflectiveOperationException ex) {
            throw new AssertionError(e.name() + " has no params()", ex);
        }
    }

    @Test
    void eachExperimentHasItsOwnDefaults() {
        assertEquals(new org.aspen.experiments.acc.AccFigure4Experiment.Params(10, List.of(10, 50, 100, 200, 300),
                List.of(AccFigure4Run.Config.values()), new AccFigure4Run.Setup(200, "1.5Mbps", 50,
                org.aspen.experiments.acc.AccDumbbell.Placement.BETWEEN).withBaseline(org.aspen.experiments.acc.AccBaseline.NS2)),
                params("experiment", "acc-figure4"));
        assertEquals(new org.aspen.experiments.acc.AccOverheadExperiment.Params(List.of(0, 25, 50, 100), 3,
                new org.aspen.experiments.acc.AccOverheadRun.Setup(10, "4Mbps", 25)), params("experiment", "acc-overhead"));
        assertEquals(org.aspen.experiments.aecn.AecnExperiment.Params.of(0.1, 1000, 3)
                .withBaseline(org.aspen.experiments.aecn.AecnBaseline.NS2), params("experiment", "aecn"));
        assertEquals(new org.aspen.experiments.purple.PurpleExperiment.Params(
                List.of(org.aspen.experiments.purple.PurpleRun.Part.values()), List.of(org.aspen.experiments.purple.PurpleRun.Aqm.PURPLE,
                org.aspen.experiments.purple.PurpleRun.Aqm.RED, org.aspen.experiments.purple.PurpleRun.Aqm.ARED),
                List.of(10, 20, 40, 60, 80), List.of(10, 40, 70, 100), 5,
                new org.aspen.experiments.purple.PurpleRun.Setup(20_000_000L, 100, 10, 50)
                        .withBaseline(org.aspen.experiments.purple.PurpleBaseline.NS2)), params("experiment", "purple"));
        assertEquals(new org.aspen.experiments.acns.AcnsExperiment.Params(List.of(org.aspen.experiments.acns.AcnsRun.Config.values()),
                10, new org.aspen.experiments.acns.AcnsRun.Setup(118, "3Mbps", 100)
                .withBaseline(org.aspen.experiments.acns.AcnsBaseline.NS2)), params("experiment", "acns"));
        // abcd once took acc-figure4's --duration 200s and --buffer 50 as its own: its results were made with them
        // (on Aspen RDP: --baseline rdp); ns-2's baseline is the default since issue #28
        org.aspen.experiments.abcd.AbcdBaseline ns2 = org.aspen.experiments.abcd.AbcdBaseline.NS2;
        assertEquals(org.aspen.experiments.abcd.AbcdExperiment.Params.defaults().withBaseline(ns2), params("experiment", "abcd"));
        assertEquals(org.aspen.experiments.abcd.AbcdExperiment.Params.defaults(), params("experiment", "abcd", "--baseline", "rdp"));
        assertEquals(new org.aspen.experiments.abcd.AbcdExperiment.Params(3, 200, List.of(100, 200, 300),
                org.aspen.experiments.abcd.AbcdRun.Config.TABLE1, 50, ns2), params("experiment", "abcd"));
        assertEquals(new org.aspen.experiments.abcd.AbcdExperiment.Params(30, 200, List.of(100, 200, 300),
                org.aspen.experiments.abcd.AbcdRun.Config.TABLE1, 50), params("experiment", "abcd", "--seeds", "30", "--baseline", "rdp"));
        assertEquals(org.aspen.experiments.abcd.AbcdExperiment.Params.defaults().withBaseline(
                org.aspen.experiments.abcd.AbcdBaseline.NS2_235), params("experiment", "abcd", "--baseline", "ns2-2.35"));
        assertEquals(org.aspen.experiments.abcd.AbcdExperiment.Params.defaults().withBaseline(ns2).withAveragingMs(500)
                .withPreregistered(true), params("experiment", "abcd", "--averaging-ms", "500", "--preregistered"));
    }

    @Test
    void accNotifyParsesForAccFigure4AndAbcdAndAnUnknownValueIsOneLine() {
        org.aspen.acc.aa.AccConfig windowOnly = org.aspen.acc.aa.AccConfig.DEFAULT
                .withNotification(org.aspen.acc.aa.AccConfig.Notify.WINDOW_ONLY);
        var fig = (org.aspen.experiments.acc.AccFigure4Experiment.Params) params("experiment", "acc-figure4", "--acc-notify",
                "window-only");
        assertEquals(windowOnly, fig.setup().acc());
        var dflt = (org.aspen.experiments.acc.AccFigure4Experiment.Params) params("experiment", "acc-figure4");
        assertEquals(org.aspen.acc.aa.AccConfig.DEFAULT, dflt.setup().acc());
        assertEquals(org.aspen.experiments.abcd.AbcdExperiment.Params.defaults()
                        .withBaseline(org.aspen.experiments.abcd.AbcdBaseline.NS2).withAcc(windowOnly),
                params("experiment", "abcd", "--acc-notify", "window-only"));
        assertEquals(java.util.Map.of("monitor", true, "notify", "window-only"),
                printed("experiment", "acc-figure4", "--acc-notify", "window-only", "--print-scenario", "acc:10").node("r2").acc());
        assertEquals(java.util.Map.of("monitor", true, "notify", "window-only"),
                printed("experiment", "abcd", "--acc-notify", "window-only", "--print-scenario", "acc:100").node("r2").acc());
        for (String e : List.of("acc-figure4", "abcd")) {
            CliTest.Run r = CliTest.run("experiment", e, "--acc-notify", "nack", "--print-scenario", "acc:100");
            assertEquals(Aspen.USAGE, r.code());
            assertEquals("aspen: --acc-notify: unknown ACC notification 'nack' (known: resend, window-only)",
                    r.err().lines().findFirst().orElseThrow());
        }
    }

    @Test
    void abcdRateFairIsOptInReachesTheScenarioAndAnUnknownValueIsOneLine() {
        assertEquals(org.aspen.experiments.abcd.AbcdExperiment.Params.defaults()
                        .withBaseline(org.aspen.experiments.abcd.AbcdBaseline.NS2).withAbcdRate("fair"),
                params("experiment", "abcd", "--abcd-rate", "fair"));
        assertEquals("own", ((org.aspen.experiments.abcd.AbcdExperiment.Params) params("experiment", "abcd")).abcdRate());
        assertEquals("abcd-fair-rate", ((org.aspen.experiments.abcd.AbcdExperiment.Params) params("experiment", "abcd",
                "--abcd-rate", "fair", "--preregistered")).preregistrationName());
        assertEquals(java.util.Map.of("inLink", "r2-r3", "rate", "fair"),
                printed("experiment", "abcd", "--abcd-rate", "fair", "--print-scenario", "abcd:100", "--averaging-ms", "2000")
                        .node("r3").aas().get(0).params());
        CliTest.Run r = CliTest.run("experiment", "abcd", "--abcd-rate", "equal", "--print-scenario", "abcd:100");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --abcd-rate: must be own or fair, not 'equal'", r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void accFigure4PreregisteredNeedsAnNs2BaselineAndFlowsAtLeastOne() {
        CliTest.Run r = CliTest.run("experiment", "acc-figure4", "--preregistered", "--baseline", "rdp", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistered: --baseline must be ns2, ns2-2.35 or ns2-wide (Aspen RDP runs beside it), not 'rdp'",
                r.err().lines().findFirst().orElseThrow());
        CliTest.Run f = CliTest.run("experiment", "acc-figure4", "--flows", "0", "--print-scenario", "acc:10");
        assertEquals(Aspen.USAGE, f.code());
        assertEquals("aspen: --flows: needs at least one bulk flow, not 0", f.err().lines().findFirst().orElseThrow());
        assertEquals(new org.aspen.experiments.acc.AccFigure4Experiment.Params(10, List.of(10, 50, 100, 200, 300),
                List.of(AccFigure4Run.Config.values()), new AccFigure4Run.Setup(200, "2Mbps", 50,
                org.aspen.experiments.acc.AccDumbbell.Placement.BETWEEN).withBaseline(org.aspen.experiments.acc.AccBaseline.NS2)
                .withFlows(10)), params("experiment", "acc-figure4", "--preregistered", "--bottleneck", "2Mbps", "--flows", "10"));
    }

    @Test
    void anUnknownAbcdBaselineIsAUsageErrorNamingTheKnownOnes() {
        CliTest.Run r = CliTest.run("experiment", "abcd", "--baseline", "ns3", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --baseline: unknown baseline 'ns3' (known: ns2, ns2-2.35, rdp)",
                r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void threadsComesFromTheThreadsMixinWhereThereIsOne() {
        for (String e : List.of("acc-figure4", "aecn", "purple", "acns", "abcd")) {
            CommandLine.ParseResult pr = Aspen.commandLine().parseArgs("experiment", e, "--threads", "3");
            assertEquals(3, ((ExperimentSubcommand) pr.subcommand().subcommand().commandSpec().userObject()).threads(), e);
        }
        CommandLine.ParseResult pr = Aspen.commandLine().parseArgs("experiment", "acc-overhead");
        assertEquals(1, ((ExperimentSubcommand) pr.subcommand().subcommand().commandSpec().userObject()).threads());
    }

    @Test
    void optionsAnExperimentDoesNotHaveAreUsageErrors() {
        for (String[] args : new String[][] {{"experiment", "aecn", "--paper-duration", "200s"}, {"experiment", "abcd", "--bottleneck", "3Mbps"},
                {"experiment", "acc-overhead", "--threads", "2"}, {"experiment", "acns", "--delays", "10"},
                {"experiment", "abcd", "--long-link", "upstream"}}) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(Aspen.USAGE, r.code(), String.join(" ", args));
            assertTrue(r.err().contains("Unknown option") && r.err().contains("Try 'aspen experiment " + args[1] + " --help'"), r.err());
        }
        CliTest.Run bad = CliTest.run("experiment", "abcd", "--duration", "soon");
        assertEquals(Aspen.USAGE, bad.code());
        assertEquals("aspen: Invalid value for option '--duration': \"soon\": not a duration: write a number and a unit "
                + "(ns, us, ms, s, min or h), e.g. 20ms", bad.err().lines().findFirst().orElseThrow());
        assertEquals(Aspen.USAGE, CliTest.run("experiment").code());
    }

    @Test
    void aecnNamesRdpImpatientAmongItsBaselinesAndRefusesItPreregistered() {
        CliTest.Run r = CliTest.run("experiment", "aecn", "--baseline", "ns3");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --baseline: unknown baseline 'ns3' (known: ns2, ns2-2.35, rdp, rdp-impatient)",
                r.err().lines().findFirst().orElseThrow());
        r = CliTest.run("experiment", "aecn", "--baseline", "rdp-impatient", "--preregistered");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistered runs an ns-2 baseline (ns2 or ns2-2.35) with rdp beside it, not --baseline "
                + "rdp-impatient", r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void acnsCubicReadingIsOptInUnderNs2CubicAndReachesTheScenario() {
        var primary = (org.aspen.experiments.acns.AcnsExperiment.Params) params("experiment", "acns", "--baseline", "ns2-cubic");
        assertEquals(org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading.PRIMARY, primary.setup().cubicReading());
        var every = (org.aspen.experiments.acns.AcnsExperiment.Params) params("experiment", "acns", "--baseline", "ns2-cubic",
                "--acns-cubic-reading", "eq9-every-ack");
        assertEquals(org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading.EQ9_EVERY_ACK, every.setup().cubicReading());
        assertEquals(primary.setup().withBaseline(org.aspen.experiments.acns.AcnsBaseline.RDP),
                every.setup().withBaseline(org.aspen.experiments.acns.AcnsBaseline.RDP), "Aspen RDP's runs are the primary's");
        assertEquals(List.of("epoch-restart"), printed("experiment", "acns", "--baseline", "ns2-cubic", "--acns-cubic-reading",
                "epoch-restart", "--print-scenario", "acns").workload().flows().get(0).sender().acnsReading());
        assertEquals(null, printed("experiment", "acns", "--baseline", "ns2-cubic", "--acns-cubic-reading", "epoch-restart",
                "--print-scenario", "reno").workload().flows().get(0).sender(), "no ACNS, no reading");
        assertEquals(null, printed("experiment", "acns", "--baseline", "ns2-cubic", "--print-scenario", "acns")
                .workload().flows().get(0).sender(), "the primary: the scenario as before");
        CliTest.Run r = CliTest.run("experiment", "acns", "--acns-cubic-reading", "eq9-every-ack", "--print-scenario", "acns");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --acns-cubic-reading eq9-every-ack reads ACNS on CUBIC: it needs --baseline ns2-cubic, not ns2",
                r.err().lines().findFirst().orElseThrow());
        r = CliTest.run("experiment", "acns", "--baseline", "ns2-cubic", "--acns-cubic-reading", "every-ack", "--print-scenario", "acns");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --acns-cubic-reading: unknown reading 'every-ack' (known: primary, eq9-every-ack, epoch-restart)",
                r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void acnsPreregistrationNamesAnotherFileOfTheExperiment() {
        assertEquals("acns-cubic", ((org.aspen.experiments.acns.AcnsExperiment.Params) params("experiment", "acns", "--baseline",
                "ns2-cubic", "--preregistered")).preregistrationName());
        assertEquals("acns", ((org.aspen.experiments.acns.AcnsExperiment.Params) params("experiment", "acns",
                "--preregistered")).preregistrationName());
        assertEquals("acns", ((org.aspen.experiments.acns.AcnsExperiment.Params) params("experiment", "acns", "--baseline",
                "ns2-cubic", "--preregistered", "--preregistration", "acns")).preregistrationName());
        CliTest.Run r = CliTest.run("experiment", "acns", "--preregistration", "acns-cubic", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistration names the file a --preregistered run is judged by: give --preregistered too",
                r.err().lines().findFirst().orElseThrow());
        r = CliTest.run("experiment", "acns", "--preregistered", "--preregistration", "aecn", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistration aecn: that file registers experiment 'aecn', not acns",
                r.err().lines().findFirst().orElseThrow());
        r = CliTest.run("experiment", "acns", "--preregistered", "--preregistration", "acns-none", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistration: no pre-registration for 'acns-none' "
                + "(experiments/src/main/resources/preregistration/acns-none.yaml)", r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void anUnknownBaselineIsOneLineNamingTheOption() {
        for (String e : List.of("acns", "purple")) {
            CliTest.Run r = CliTest.run("experiment", e, "--baseline", "ns3");
            assertEquals(Aspen.USAGE, r.code(), e);
            assertEquals("aspen: --baseline: unknown baseline 'ns3' (known: ns2, " + (e.equals("acns") ? "ns2-cubic, " : "")
                    + "ns2-2.35, rdp)", r.err().lines().findFirst().orElseThrow(), e);
        }
        assertEquals(0, CliTest.run("experiment", "acns", "--baseline", "ns2-cubic", "--print-scenario", "reno").code());
        for (String b : List.of("ns2", "ns2-2.35", "rdp")) {
            assertEquals(0, CliTest.run("experiment", "acns", "--baseline", b, "--print-scenario", "acns").code(), b);
            assertEquals(0, CliTest.run("experiment", "purple", "--baseline", b, "--print-scenario", "short:red:10").code(), b);
        }
    }

    @Test
    void accOverheadPlacesItsNodesOnTheLoopsAsked() {
        var plain = new org.aspen.experiments.acc.AccOverheadRun.Setup(10, "4Mbps", 25);
        var d = List.of(0, 25, 50, 100);
        assertEquals(new org.aspen.experiments.acc.AccOverheadExperiment.Params(d, 3, plain.withLoops(6)),
                params("experiment", "acc-overhead", "--loops", "per-node"));
        assertEquals(new org.aspen.experiments.acc.AccOverheadExperiment.Params(d, 3, plain.withLoops(1).withFlow2First(true)),
                params("experiment", "acc-overhead", "--loops", "1", "--flow2-first"));
        assertEquals(new org.aspen.experiments.acc.AccOverheadExperiment.Params(d, 3,
                        org.aspen.experiments.acc.AccOverheadRun.Setup.unshaped(10).withFlow2First(true), true),
                params("experiment", "acc-overhead", "--preregistered", "--flow2-first"));
        for (String bad : new String[] {"0", "1.5", "two", "per-host"}) {
            CliTest.Run r = CliTest.run("experiment", "acc-overhead", "--loops", bad, "--print-scenario", "on:0");
            assertEquals(2, r.code(), bad);
            assertTrue(r.err().contains("--loops takes a number of event loops of at least 1, or per-node, not '" + bad + "'"),
                    r.err());
        }
    }

    @Test
    void accOverheadTakesARecoveryAndPerFlowFiguresOnlyWhenAsked() {
        var asp = org.aspen.experiments.acc.AccOverheadRun.Setup.unshaped(15).withInputQueue(25).withLoops(6);
        var d = List.of(100);
        assertEquals(new org.aspen.experiments.acc.AccOverheadExperiment.Params(d, 5,
                        asp.withRecovery(org.aspen.rdp.Recovery.MODERN), true, "acc-overhead-asp", true),
                params("experiment", "acc-overhead", "--preregistered", "--preregistration", "acc-overhead-asp", "--input-queue",
                        "25", "--loops", "per-node", "--delays", "100", "--seeds", "5", "--duration", "15s", "--recovery", "MODERN",
                        "--per-flow"));
        assertEquals(new org.aspen.experiments.acc.AccOverheadExperiment.Params(d, 5, asp, true, "acc-overhead-asp", false),
                params("experiment", "acc-overhead", "--preregistered", "--preregistration", "acc-overhead-asp", "--input-queue",
                        "25", "--loops", "per-node", "--delays", "100", "--seeds", "5", "--duration", "15s"));
        CliTest.Run r = CliTest.run("experiment", "acc-overhead", "--recovery", "sack", "--print-scenario", "on:0");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--recovery: recovery must be classic, modern or impatient, not 'sack'"), r.err());
    }

    @Test
    void purpleUsageIsStillItsHelp() {
        CliTest.Run r = CliTest.run("experiment", "purple", "--usage");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("Usage: aspen experiment purple") && r.out().contains("--bundle2"), r.out());
    }

    @Test
    void printedScenariosAreTheRunsOwn() {
        assertEquals(org.aspen.experiments.acc.AccOverheadRun.scenario(true, 50,
                        new org.aspen.experiments.acc.AccOverheadRun.Setup(12, "4Mbps", 25)),
                printed("experiment", "acc-overhead", "--print-scenario", "on:50", "--duration", "12s"));
        assertEquals(org.aspen.experiments.purple.PurpleRun.scenario(org.aspen.experiments.purple.PurpleRun.Part.MULTI,
                        org.aspen.experiments.purple.PurpleRun.Aqm.RED, 20, new org.aspen.experiments.purple.PurpleRun.Setup(
                                20_000_000L, 100, 10, 50)),
                printed("experiment", "purple", "--print-scenario", "multi:red:20", "--baseline", "rdp"));
        assertEquals(org.aspen.experiments.purple.PurpleRun.scenario(org.aspen.experiments.purple.PurpleRun.Part.MULTI,
                        org.aspen.experiments.purple.PurpleRun.Aqm.RED, 20, new org.aspen.experiments.purple.PurpleRun.Setup(
                                20_000_000L, 100, 10, 50).withBaseline(org.aspen.experiments.purple.PurpleBaseline.NS2)),
                printed("experiment", "purple", "--print-scenario", "multi:red:20"));
        assertEquals(org.aspen.experiments.acns.AcnsRun.scenario(org.aspen.experiments.acns.AcnsRun.Config.RENO,
                        new org.aspen.experiments.acns.AcnsRun.Setup(118, "3Mbps", 100), 1),
                printed("experiment", "acns", "--print-scenario", "reno", "--baseline", "rdp"));
        assertEquals(org.aspen.experiments.acns.AcnsRun.scenario(org.aspen.experiments.acns.AcnsRun.Config.ACNS,
                        new org.aspen.experiments.acns.AcnsRun.Setup(118, "3Mbps", 100)
                                .withBaseline(org.aspen.experiments.acns.AcnsBaseline.NS2), 1),
                printed("experiment", "acns", "--print-scenario", "acns"));
        assertEquals(AccFigure4Run.scenario(AccFigure4Run.Config.RED, 100, new AccFigure4Run.Setup(200, "1.5Mbps", 50,
                        org.aspen.experiments.acc.AccDumbbell.Placement.DOWNSTREAM)),
                printed("experiment", "acc-figure4", "--print-scenario", "red:100", "--long-link", "downstream",
                        "--baseline", "rdp"));
        assertEquals(AccFigure4Run.scenario(AccFigure4Run.Config.RED, 100, new AccFigure4Run.Setup(200, "1.5Mbps", 50,
                        org.aspen.experiments.acc.AccDumbbell.Placement.BETWEEN).withBaseline(org.aspen.experiments.acc.AccBaseline.NS2)),
                printed("experiment", "acc-figure4", "--print-scenario", "red:100"));
        org.aspen.experiments.abcd.AbcdRun.Setup abcd = new org.aspen.experiments.abcd.AbcdRun.Setup(200, 50,
                org.aspen.acc.abcd.AbcdConfig.DEFAULT);
        assertEquals(org.aspen.experiments.abcd.AbcdRun.scenario(org.aspen.experiments.abcd.AbcdRun.Config.ABCD, 100, abcd),
                printed("experiment", "abcd", "--print-scenario", "abcd:100", "--baseline", "rdp"));
        assertEquals(org.aspen.experiments.abcd.AbcdRun.scenario(org.aspen.experiments.abcd.AbcdRun.Config.ABCD, 100,
                        abcd.withBaseline(org.aspen.experiments.abcd.AbcdBaseline.NS2)),
                printed("experiment", "abcd", "--print-scenario", "abcd:100"));
    }

    private static org.aspen.lab.scenario.Scenario printed(String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(0, r.code(), r.err());
        return org.aspen.experiments.sweep.ScenarioYaml.read(r.out(), "printed.yaml");
    }
}
