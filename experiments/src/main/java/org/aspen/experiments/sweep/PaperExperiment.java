package org.aspen.experiments.sweep;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.aspen.lab.scenario.Scenario;

/**
 * A paper's experiment as {@code aspen experiment NAME} offers it: its name, its help, a record of
 * its options (each component annotated with {@link Param}) with the defaults, and how the options
 * become an {@link Experiment}. Implementations register themselves in
 * {@code META-INF/services/org.aspen.experiments.sweep.PaperExperiment}; the CLI finds them with
 * {@link #all()} and builds each subcommand's options from the record, so a new paper touches no
 * CLI code (docs/reproducing.md, "Adding a paper").
 *
 * <pre>{@code
 * public final class MyPaper implements PaperExperiment<MyPaper.Options> {
 *     public record Options(@Param(names = "--seeds", label = "N", description = "Runs (default: ${DEFAULT-VALUE}).") int seeds) {
 *     }
 *     public String name() { return "my-paper"; }
 *     public List<String> description() { return List.of("My paper, Figure 2: ...", "In the simulation: ..."); }
 *     public Class<Options> optionsType() { return Options.class; }
 *     public Options defaults() { return new Options(3); }
 *     public Experiment<?, ?, ?> experiment(Options o) { return new MyExperiment(o.seeds()); }
 * }
 * }</pre>
 *
 * @param <O> the options record
 */
public interface PaperExperiment<O extends Record> {

    /** The name on the command line: {@code aspen experiment NAME}. */
    String name();

    /** The help's description: its first line is the one-line summary {@code aspen experiment --help} lists. */
    List<String> description();

    /** The options record's class; every component carries a {@link Param}. */
    Class<O> optionsType();

    /** The options when none is given: the only place the experiment's defaults are written. */
    O defaults();

    /**
     * The experiment the options describe.
     *
     * @throws IllegalArgumentException naming the option whose value is wrong, in one line
     */
    Experiment<?, ?, ?> experiment(O options);

    /**
     * The scenario of the run that {@code --print-scenario} names, as the run would use it; null when
     * the options do not ask for one (or the experiment has no such option).
     *
     * @throws IllegalArgumentException for a bad value, in one line
     */
    default Scenario scenarioToPrint(O options) {
        return null;
    }

    /** Runs at once (the options' {@code --threads}, where the experiment has one). */
    default int threads(O options) {
        return 1;
    }

    /** Every registered experiment, in the order of the services file. */
    static List<PaperExperiment<?>> all() {
        List<PaperExperiment<?>> all = new ArrayList<>();
        for (PaperExperiment<?> p : ServiceLoader.load(PaperExperiment.class, PaperExperiment.class.getClassLoader())) {
            all.add(p);
        }
        return all;
    }

    /**
     * Checks that every component of {@code type} carries a {@link Param} (the CLI needs one per
     * component to make the record again).
     *
     * @throws IllegalStateException naming the first component without one
     */
    static void check(Class<? extends Record> type) {
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getAnnotation(Param.class) == null) {
                throw new IllegalStateException(type.getName() + "." + c.getName() + " has no @Param");
            }
        }
    }
}
