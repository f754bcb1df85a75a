package org.aspen.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.aspen.experiments.abcd.AbcdExperiment;
import org.aspen.experiments.abcd.AbcdRun;
import org.aspen.experiments.acc.AccFigure4Experiment;
import org.aspen.experiments.acc.AccFigure4Run;
import org.aspen.experiments.acns.AcnsExperiment;
import org.aspen.experiments.acns.AcnsRun;
import org.aspen.experiments.aecn.AecnExperiment;
import org.aspen.experiments.purple.PurpleExperiment;
import org.aspen.experiments.purple.PurpleRun;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Sweep;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every simulated experiment runs end to end through the {@link Sweep} runner with tiny settings
 * (as ns-3's examples-to-run does for its examples) and writes its files: a CSV with one row per
 * run, summary.json naming the experiment, non-empty PNGs. acc-overhead runs over real UDP and is
 * smoke-tested through its command (cli's AccOverheadTest).
 */
class ExperimentsSmokeTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    static Stream<Arguments> experiments() {
        return Stream.of(
                Arguments.of(named(new AccFigure4Experiment(new AccFigure4Experiment.Params(1, List.of(50), List.of(AccFigure4Run.Config.RED,
                        AccFigure4Run.Config.ACC), AccFigure4Run.Setup.defaults(6)))), "runs.csv", 2),
                Arguments.of(named(new AecnExperiment(AecnExperiment.Params.of(0.01, 200, 1))), "runs.csv", 16),
                Arguments.of(named(new PurpleExperiment(new PurpleExperiment.Params(List.of(PurpleRun.Part.SHORT, PurpleRun.Part.MULTI, PurpleRun.Part.FIG4),
                        List.of(PurpleRun.Aqm.PURPLE), List.of(2), List.of(2), 1, new PurpleRun.Setup(20_000_000L, 3, 1, 1)))),
                        "runs.csv", 3),
                Arguments.of(named(new AcnsExperiment(new AcnsExperiment.Params(List.of(AcnsRun.Config.RENO), 1,
                        new AcnsRun.Setup(4, "3Mbps", 100)))), "runs.csv", 3),
                Arguments.of(named(new AbcdExperiment(new AbcdExperiment.Params(1, 4, List.of(100), List.of(AbcdRun.Config.values()),
                        AbcdRun.BUFFER))), "runs.csv", AbcdRun.Config.values().length));
    }

    private static Named<Experiment<?, ?, ?>> named(Experiment<?, ?, ?> e) {
        return Named.of(e.name(), e);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("experiments")
    void runsWithTinySettingsAndWritesItsFiles(Experiment<?, ?, ?> e, String runsFile, int rows, @TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        Sweep.run(e, new Sweep.Options(2, dir, false), new PrintWriter(out));
        assertEquals(1 + rows, Files.readAllLines(dir.resolve(runsFile)).size(), "header + one row per run (ACNS: per flow)");
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"experiment\" : \"" + e.name() + "\""));
        List<Path> pngs;
        try (Stream<Path> files = Files.list(dir)) {
            pngs = files.filter(f -> f.toString().endsWith(".png")).toList();
        }
        assertTrue(!pngs.isEmpty(), "plots");
        for (Path png : pngs) {
            byte[] b = Files.readAllBytes(png);
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(!out.toString().isBlank(), "a table on standard output");
    }
}
