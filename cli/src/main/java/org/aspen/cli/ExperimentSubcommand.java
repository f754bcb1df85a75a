package org.aspen.cli;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.experiments.sweep.Shard;
import org.aspen.experiments.sweep.Sweep;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.config.Units;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One {@code aspen experiment NAME} subcommand, made from a registered {@link PaperExperiment}: an
 * option per component of its options record (name, label and help from the component's
 * {@link Param}, the default from the experiment's {@link PaperExperiment#defaults()}, units through
 * {@link UnitConverters}), and what every experiment shares: {@code --help}, {@code --out},
 * {@code --json} and {@code --shard K/N}. It checks the options (a bad value is a one-line usage
 * error), then prints one run's scenario, runs the sweep, or runs one slice of it ({@link
 * MergeCommand} combines the slices). No experiment has CLI code of its own.
 *
 * <pre>{@code
 * for (PaperExperiment<?> p : PaperExperiment.all()) {
 *     experimentCommandLine.addSubcommand(ExperimentSubcommand.commandLine(p));
 * }
 * }</pre>
 */
final class ExperimentSubcommand implements java.util.concurrent.Callable<Integer> {
    /** Options that do not change what a sweep computes, left out of a slice's arguments. */
    private static final List<String> NOT_PARAMETERS = List.of("--shard", "--out", "--json", "--threads", "--help", "--usage");

    private final PaperExperiment<?> paper;
    private final List<OptionSpec> params = new ArrayList<>();
    private CommandSpec spec;
    private OptionSpec out;
    private OptionSpec json;
    private OptionSpec shard;
    private OptionSpec usage;

    private ExperimentSubcommand(PaperExperiment<?> paper) {
        this.paper = paper;
    }

    /** The subcommand of {@code paper}: its options from its options record, its defaults from its default record. */
    static CommandLine commandLine(PaperExperiment<?> paper) {
        ExperimentSubcommand cmd = new ExperimentSubcommand(paper);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(cmd);
        spec.name(paper.name());
        spec.usageMessage().description(paper.description().toArray(String[]::new));
        Record defaults = paper.defaults();
        for (RecordComponent c : paper.optionsType().getRecordComponents()) {
            OptionSpec o = option(c, defaults);
            spec.addOption(o);
            cmd.params.add(o);
        }
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help and exit.").build());
        cmd.usage = OptionSpec.builder("--usage").type(boolean.class).arity("0").initialValue(false).hidden(true)
                .description("Show this help and exit (as --help; the option list's old name, kept for old notes).").build();
        spec.addOption(cmd.usage);
        cmd.out = OptionSpec.builder("--out").type(Path.class).paramLabel("DIR")
                .description("Output directory (default: ./${COMMAND-NAME}).").build();
        cmd.json = OptionSpec.builder("--json").type(boolean.class).arity("0").initialValue(false)
                .description("Print the summary as JSON (what summary.json holds) instead of the table.").build();
        cmd.shard = OptionSpec.builder("--shard").type(String.class).paramLabel("K/N")
                .description("Run only slice K of N of the sweep (the runs whose index mod N is K-1) into a slice file in "
                        + "the output directory; 'aspen experiment merge' makes this run's files from the slices.").build();
        spec.addOption(cmd.out);
        spec.addOption(cmd.json);
        spec.addOption(cmd.shard);
        CommandLine cl = new CommandLine(spec);
        cmd.spec = spec;
        return cl;
    }

    /** The option of one record component. */
    private static OptionSpec option(RecordComponent c, Record defaults) {
        Param p = c.getAnnotation(Param.class);
        if (p == null) {
            throw new IllegalStateException(c.getDeclaringRecord().getName() + "." + c.getName() + " has no @Param");
        }
        Object def;
        try {
            def = c.getAccessor().invoke(defaults);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        Class<?> type = c.getType();
        OptionSpec.Builder b = OptionSpec.builder(p.names()).description(p.description()).hidden(p.hidden());
        if (!p.label().isEmpty()) {
            b.paramLabel(p.label());
        }
        if (type == List.class) {
            Class<?> element = (Class<?>) ((ParameterizedType) c.getGenericType()).getActualTypeArguments()[0];
            b.type(List.class).auxiliaryTypes(element).splitRegex(",");
        } else {
            b.type(type);
        }
        if (type == boolean.class || type == Boolean.class) {
            b.arity("0").initialValue(def);
        } else if (def != null) {
            b.defaultValue(format(def, p.unit()));
        }
        switch (p.unit()) {
            case DURATION -> b.converters(new UnitConverters.Duration());
            case RATE -> b.converters(new UnitConverters.Rate());
            case SIZE -> b.converters(new UnitConverters.Size());
            case NONE -> { }
        }
        return b.build();
    }

    /** A default as the option would be written: lists comma-separated, quantities with their unit. */
    static String format(Object value, Param.Unit unit) {
        if (value instanceof List<?> l) {
            return l.stream().map(String::valueOf).collect(Collectors.joining(","));
        }
        return switch (unit) {
            case DURATION -> Units.formatNanos(((Number) value).longValue());
            case RATE -> Units.formatRate(((Number) value).longValue());
            case SIZE -> Units.formatBytes(((Number) value).longValue());
            case NONE -> String.valueOf(value);
        };
    }

    /** The options given (and the defaults of the others), as the experiment's options record. */
    Record options() {
        RecordComponent[] cs = paper.optionsType().getRecordComponents();
        Object[] values = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        for (int i = 0; i < cs.length; i++) {
            values[i] = params.get(i).getValue();
            types[i] = cs[i].getType();
        }
        try {
            Constructor<? extends Record> k = paper.optionsType().getDeclaredConstructor(types);
            return k.newInstance(values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException iae) {
                throw usage(iae.getMessage());
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(paper.optionsType().getName() + ": no canonical constructor", e);
        }
    }

    /** The experiment the options describe; a bad value is a {@link #usage} error. */
    Experiment<?, ?, ?> experiment() {
        try {
            return experiment(paper, options());
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** Runs at once: the experiment's {@code --threads}, where it has one, else 1. */
    int threads() {
        return threads(paper, options());
    }

    /** The scenario {@code --print-scenario} asks for, or null. */
    Scenario scenarioToPrint() {
        try {
            return scenario(paper, options());
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private static <O extends Record> Experiment<?, ?, ?> experiment(PaperExperiment<O> p, Record options) {
        return p.experiment(p.optionsType().cast(options));
    }

    private static <O extends Record> int threads(PaperExperiment<O> p, Record options) {
        return p.threads(p.optionsType().cast(options));
    }

    private static <O extends Record> Scenario scenario(PaperExperiment<O> p, Record options) {
        return p.scenarioToPrint(p.optionsType().cast(options));
    }

    @Override
    public Integer call() throws Exception {
        if (usage.<Boolean>getValue()) {
            spec.commandLine().usage(spec.commandLine().getOut());
            return Aspen.OK;
        }
        Experiment<?, ?, ?> e = experiment();
        Scenario s = scenarioToPrint();
        if (s != null) {
            spec.commandLine().getOut().print(ScenarioYaml.write(s));
            spec.commandLine().getOut().flush();
            return Aspen.OK;
        }
        Path given = out.getValue();
        Path dir = given != null ? given : Path.of(spec.name());
        boolean asJson = json.getValue();
        String k = shard.getValue();
        if (k != null) {
            Shard slice;
            try {
                slice = Shard.parse(k);
            } catch (IllegalArgumentException ex) {
                throw usage(ex.getMessage());
            }
            if (asJson) {
                throw usage("--json: a slice has no summary to print ('aspen experiment merge --json' prints the sweep's)");
            }
            Sweep.runSlice(e, slice, arguments(), new Sweep.Options(threads(), dir, false), spec.commandLine().getOut());
            return Aspen.OK;
        }
        Sweep.run(e, new Sweep.Options(threads(), dir, asJson), spec.commandLine().getOut());
        return Aspen.OK;
    }

    /**
     * The options given to this subcommand that make its experiment, as arguments that make it again
     * ({@code --seeds 2 --delays 10,50}): what a slice records for {@code aspen experiment merge}.
     */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (NOT_PARAMETERS.contains(o.longestName())) {
                continue;
            }
            if (o.arity().max() == 0) {
                args.add(o.longestName());
            } else {
                for (String v : o.originalStringValues()) {
                    args.add(o.longestName());
                    args.add(v);
                }
            }
        }
        return args;
    }

    /** A usage error (exit 2) of this subcommand. */
    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
