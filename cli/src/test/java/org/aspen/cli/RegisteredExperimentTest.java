package org.aspen.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A made-up paper, registered with no CLI code of its own: its options record becomes options with
 * the record's names, labels, types and units, its default record the defaults the help shows, the
 * options given become the record again, and it runs through {@code aspen experiment}; an unknown
 * option, a bad unit or a value the experiment refuses is a one-line error with exit code 2.
 */
class RegisteredExperimentTest {

    /** The made-up paper's options. */
    public record Options(
            @Param(names = "--seeds", label = "N", description = "Runs, seeds 1..N (default: ${DEFAULT-VALUE}).")
            int seeds,
            @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Per run (default: ${DEFAULT-VALUE}).")
            long durationNanos,
            @Param(names = "--rate", label = "RATE", unit = Param.Unit.RATE, description = "A rate (default: ${DEFAULT-VALUE}).")
            long rateBps,
            @Param(names = "--delays", label = "MS", description = "Delays (default: ${DEFAULT-VALUE}).")
            List<Integer> delays,
            @Param(names = "--loud", description = "A flag.")
            boolean loud,
            @Param(names = "--label", label = "TEXT", description = "Optional text (default: none).")
            String label) {
    }

    /** The made-up paper: runs seed x 10 per seed and writes their sum. */
    static final class MadeUp implements PaperExperiment<Options> {
        @Override
        public String name() {
            return "made-up";
        }

        @Override
        public List<String> description() {
            return List.of("A made-up paper, Figure 1: a sum.", "Files: sum.txt, summary.json.");
        }

        @Override
        public Class<Options> optionsType() {
            return Options.class;
        }

        @Override
        public Options defaults() {
            return new Options(3, 2_500_000_000L, 1_500_000L, List.of(10, 50), false, null);
        }

        @Override
        public Experiment<?, ?, ?> experiment(Options o) {
            if (o.seeds() < 1) {
                throw new IllegalArgumentException("--seeds must be at least 1, not " + o.seeds());
            }
            return new Sum(o.seeds());
        }

        @Override
        public Scenario scenarioToPrint(Options o) {
            return null;
        }
    }

    record Total(int total) {
    }

    record Sum(int seeds) implements Experiment<Integer, Integer, Total> {
        @Override
        public String name() {
            return "made-up";
        }

        @Override
        public List<Integer> plan() {
            return IntStream.rangeClosed(1, seeds).boxed().toList();
        }

        @Override
        public Integer run(Integer seed) {
            return seed * 10;
        }

        @Override
        public Total summarise(List<Integer> runs, double wallSeconds) {
            return new Total(runs.stream().mapToInt(Integer::intValue).sum());
        }

        @Override
        public void write(Outcome<Integer, Total> done) throws IOException {
            Files.writeString(done.dir().resolve("sum.txt"), done.summary().total() + "\n");
        }

        @Override
        public void print(PrintWriter out, Outcome<Integer, Total> done) {
            out.println("sum " + done.summary().total());
        }
    }

    /** {@code aspen} with the made-up paper beside the registered ones. */
    private static CliTest.Run run(String... args) {
        CommandLine cl = Aspen.commandLine();
        cl.getSubcommands().get("experiment").addSubcommand(ExperimentSubcommand.commandLine(new MadeUp()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CliTest.Run(code, out.toString(), err.toString());
    }

    @Test
    void theRecordYieldsTheOptionsWithTheDefaultRecordsValues() {
        CommandLine cl = ExperimentSubcommand.commandLine(new MadeUp());
        var spec = cl.getCommandSpec();
        OptionSpec seeds = spec.findOption("--seeds");
        assertEquals("N", seeds.paramLabel());
        assertEquals(int.class, seeds.type());
        assertEquals("3", seeds.defaultValue());
        assertEquals("2.5s", spec.findOption("--duration").defaultValue(), "a duration's default written with its unit");
        assertEquals("1.5Mbps", spec.findOption("--rate").defaultValue());
        assertEquals("10,50", spec.findOption("--delays").defaultValue());
        assertEquals(List.class, spec.findOption("--delays").type());
        assertEquals(0, spec.findOption("--loud").arity().max(), "a boolean is a flag");
        assertNull(spec.findOption("--label").defaultValue());
        for (String shared : List.of("--help", "--out", "--json", "--shard")) {
            assertTrue(spec.findOption(shared) != null, shared);
        }
        assertEquals(6 + 5, spec.options().size(), "the record's six, --help, --usage, --out, --json, --shard");
    }

    @Test
    void theOptionsGivenBecomeTheRecordAndTheDefaultsFillTheRest() {
        CommandLine cl = ExperimentSubcommand.commandLine(new MadeUp());
        cl.parseArgs("--seeds", "2", "--duration", "250ms", "--delays", "5,6,7", "--loud");
        ExperimentSubcommand cmd = (ExperimentSubcommand) cl.getCommandSpec().userObject();
        assertEquals(new Options(2, 250_000_000L, 1_500_000L, List.of(5, 6, 7), true, null), cmd.options());
        assertEquals(List.of("--seeds", "2", "--duration", "250ms", "--delays", "5,6,7", "--loud"), cmd.arguments());
        cl = ExperimentSubcommand.commandLine(new MadeUp());
        cl.parseArgs();
        assertEquals(new MadeUp().defaults(), ((ExperimentSubcommand) cl.getCommandSpec().userObject()).options());
    }

    @Test
    void helpShowsTheDefaultsAtEightyColumns() {
        CliTest.Run r = run("experiment", "made-up", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("Usage: aspen experiment made-up"), r.out());
        for (String s : List.of("--seeds=N", "(default: 3)", "--duration=DURATION", "(default: 2.5s)", "(default: 1.5Mbps)",
                "(default: 10,50)", "--loud", "--label=TEXT", "(default: ./made-up)", "A made-up paper, Figure 1: a sum.")) {
            assertTrue(r.out().contains(s), s + " in " + r.out());
        }
        assertFalse(r.out().contains("--usage"), "the old name is hidden");
        r.out().lines().forEach(l -> assertTrue(l.length() <= 80, l));
        assertTrue(run("experiment", "--help").out().contains("\n  made-up       A made-up paper, Figure 1: a sum.\n"));
    }

    @Test
    void itRunsThroughTheCommand(@TempDir Path dir) throws IOException {
        CliTest.Run r = run("experiment", "made-up", "--seeds", "4", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("100\n", Files.readString(dir.resolve("sum.txt")), "10 + 20 + 30 + 40");
        assertTrue(r.out().contains("sum 100"), r.out());
    }

    @Test
    void badInputIsAOneLineUsageError() {
        CliTest.Run r = run("experiment", "made-up", "--sedes", "2");
        assertEquals(2, r.code());
        assertEquals("aspen: Unknown options: '--sedes', '2'", r.err().lines().findFirst().orElseThrow(), r.err());
        r = run("experiment", "made-up", "--duration", "20");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("aspen: Invalid value for option '--duration': "), r.err());
        assertTrue(r.err().lines().findFirst().orElseThrow().contains("unit"), r.err());
        r = run("experiment", "made-up", "--seeds", "0");
        assertEquals(2, r.code());
        assertEquals(List.of("aspen: --seeds must be at least 1, not 0", "Try 'aspen experiment made-up --help'."), r.err().lines().toList());
        r = run("experiment", "made-up", "--seeds", "two");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("aspen: Invalid value for option '--seeds': 'two' is not an int"), r.err());
    }
}
