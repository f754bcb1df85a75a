package org.aspen.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.stream.Stream;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.acc.AccFigure4Run;
import org.aspen.experiments.acc.AccOverheadRun;
import org.aspen.experiments.purple.PurpleRun;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The topology helpers build exactly the scenarios the experiments used to write as YAML text: the
 * files in {@code legacy-scenarios/} are what {@code --print-scenario} printed before (see their
 * first line), and each loads into a record equal to the builder's, field by field, in the same
 * order (a node's links draw their random streams in order). Equal scenarios make equal runs; one
 * short run shows it by its trace hash. Every built scenario also survives its own YAML.
 */
class LegacyScenariosTest {

    static Stream<Arguments> scenarios() {
        AccFigure4Run.Setup accDefaults = new AccFigure4Run.Setup(200, "1.5Mbps", 50, Placement.UPSTREAM);
        PurpleRun.Setup purple = new PurpleRun.Setup(20_000_000L, 30, 10, 50);
        return Stream.of(
                Arguments.of("acc-up", AccFigure4Run.scenario(AccFigure4Run.Config.ACC, 300,
                        new AccFigure4Run.Setup(20, "1.5Mbps", 50, Placement.UPSTREAM))),
                Arguments.of("acc-between", AccFigure4Run.scenario(AccFigure4Run.Config.RED_ECN, 10,
                        new AccFigure4Run.Setup(200, "1.5Mbps", 50, Placement.BETWEEN))),
                Arguments.of("acc-down", AccFigure4Run.scenario(AccFigure4Run.Config.DROPTAIL, 50,
                        new AccFigure4Run.Setup(200, "3Mbps", 100, Placement.DOWNSTREAM))),
                Arguments.of("acc-red", AccFigure4Run.scenario(AccFigure4Run.Config.RED, 200,
                        new AccFigure4Run.Setup(7.5, accDefaults.bottleneck(), accDefaults.buffer(), Placement.UPSTREAM))),
                Arguments.of("ovh-on", AccOverheadRun.scenario(true, 50, AccOverheadRun.Setup.defaults(10))),
                Arguments.of("ovh-off", AccOverheadRun.scenario(false, 0, AccOverheadRun.Setup.defaults(30))),
                Arguments.of("ovh-opts", AccOverheadRun.scenario(true, 0, new AccOverheadRun.Setup(10, "2Mbps", 10))),
                Arguments.of("purple-bdp", PurpleRun.scenario(Part.BDP, Aqm.PURPLE, 30, purple)),
                Arguments.of("purple-short", PurpleRun.scenario(Part.SHORT, Aqm.RED, 20, new PurpleRun.Setup(20_000_000L, 12, 10, 50))),
                Arguments.of("purple-multi", PurpleRun.scenario(Part.MULTI, Aqm.ARED, 10, purple)),
                Arguments.of("purple-multi2", PurpleRun.scenario(Part.MULTI, Aqm.PURPLE, 5, new PurpleRun.Setup(10_000_000L, 30, 10, 3))));
        // ACNS's scenarios changed on purpose in issue 17 (seeded start times, p_max and age in the queue):
        // their old YAML no longer describes them; AcnsRunTest checks the new ones
    }

    static Scenario legacy(String name) {
        InputStream in = LegacyScenariosTest.class.getResourceAsStream("/legacy-scenarios/" + name + ".yaml");
        assertNotNull(in, name);
        return ScenarioLoader.parse(in, name + ".yaml", true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void builderMakesTheScenarioTheOldYamlDescribed(String name, Scenario built) {
        assertEquals(legacy(name), built);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void printedYamlReadsBackAsTheSameScenario(String name, Scenario built) {
        assertEquals(built, ScenarioYaml.read(ScenarioYaml.write(built), name + ".yaml"));
    }

    @Test
    void oneShortRunHasTheSameTraceHashFromEither() throws Exception {
        Scenario built = AccFigure4Run.scenario(AccFigure4Run.Config.ACC, 300,
                new AccFigure4Run.Setup(20, "1.5Mbps", 50, Placement.UPSTREAM));
        LabRunner.Options fiveSeconds = new LabRunner.Options(true, 3L, 5_000_000_000L, null, null);
        LabResult a = LabRunner.run(legacy("acc-up"), fiveSeconds);
        LabResult b = LabRunner.run(built, fiveSeconds);
        assertEquals(a.traceHash(), b.traceHash());
        assertEquals(a.traceEvents(), b.traceEvents());
    }
}
