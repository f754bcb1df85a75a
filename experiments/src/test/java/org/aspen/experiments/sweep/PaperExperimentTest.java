package org.aspen.experiments.sweep;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The experiments register themselves: {@link PaperExperiment#all()} finds the six papers'
 * experiments in the services file's order, each options record has a {@link Param} on every
 * component with option names used once, the defaults make an experiment of the same name, and a
 * record with an unannotated component is refused by name.
 */
class PaperExperimentTest {

    @Test
    void registrationFindsTheSixPapersInOrder() {
        assertEquals(List.of("acc-figure4", "acc-overhead", "aecn", "purple", "acns", "abcd"),
                PaperExperiment.all().stream().map(PaperExperiment::name).toList());
    }

    @Test
    void everyComponentIsAnOptionAndEveryNameIsUsedOnce() {
        for (PaperExperiment<?> p : PaperExperiment.all()) {
            PaperExperiment.check(p.optionsType());
            Set<String> names = new HashSet<>();
            List<String> all = new ArrayList<>();
            for (RecordComponent c : p.optionsType().getRecordComponents()) {
                for (String n : c.getAnnotation(Param.class).names()) {
                    assertTrue(names.add(n), p.name() + ": " + n + " twice");
                    all.add(n);
                }
            }
            assertTrue(all.contains("--seeds"), p.name() + " has --seeds: " + all);
            assertTrue(p.description().get(0).length() <= 62, p.name() + ": the summary fits the list beside its name");
        }
    }

    @Test
    void theDefaultsMakeTheExperimentAndPrintNoScenario() {
        for (PaperExperiment<?> p : PaperExperiment.all()) {
            assertEquals(p.name(), make(p).name());
            assertNull(scenario(p), p.name() + ": --print-scenario is off by default");
        }
    }

    @Test
    void theDefaultThreadsAreTwoWhereThereIsAThreadsOptionElseOne() {
        for (PaperExperiment<?> p : PaperExperiment.all()) {
            boolean has = List.of(p.optionsType().getRecordComponents()).stream().anyMatch(c -> c.getName().equals("threads"));
            assertEquals(has ? 2 : 1, threads(p), p.name());
        }
        assertEquals(List.of("acc-overhead"), PaperExperiment.all().stream().filter(p -> threads(p) == 1).map(PaperExperiment::name).toList(),
                "acc-overhead runs one at a time");
    }

    record Unannotated(@Param(names = "--seeds", description = "Runs.") int seeds, int threads) {
    }

    @Test
    void aComponentWithoutParamIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> PaperExperiment.check(Unannotated.class));
        assertEquals(Unannotated.class.getName() + ".threads has no @Param", e.getMessage());
        assertNotNull(Unannotated.class.getRecordComponents()[0].getAnnotation(Param.class));
    }

    private static <O extends Record> Experiment<?, ?, ?> make(PaperExperiment<O> p) {
        return p.experiment(p.defaults());
    }

    private static <O extends Record> Object scenario(PaperExperiment<O> p) {
        return p.scenarioToPrint(p.defaults());
    }

    private static <O extends Record> int threads(PaperExperiment<O> p) {
        return p.threads(p.defaults());
    }
}
