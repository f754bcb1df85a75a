package org.aspen.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Properties;
import org.aspen.lab.scenario.ConfigException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code aspen} command. Exit codes: 0 success (and every expectation held), 1 any other
 * failure, 2 usage or configuration error, 3 an expectation failed.
 *
 * <p>One class per verb; options that verbs share are mixins: {@link ControlOptions} (a running
 * node's control endpoint), {@link JsonOption} ({@code --json}), {@link ReplyTimeoutOption}
 * ({@code -W/--timeout} of ping and trace).
 */
@Command(name = "aspen", mixinStandardHelpOptions = true, versionProvider = Aspen.Version.class,
        description = "Aspen: an active-network execution environment on the VNet overlay.",
        subcommands = {LabCommand.class, DemoCommand.class, NodeCommand.class, PingCommand.class, TraceCommand.class, SendCommand.class,
                RecvCommand.class, AaCommand.class, DeployCommand.class, StatsCommand.class, RoutesCommand.class, NeighboursCommand.class, QdiscCommand.class, FlakewayCommand.class,
                BenchCommand.class, CaptureCommand.class, ExperimentCommand.class,
                PlotCommand.class, KeygenCommand.class, ValidateCommand.class,
                CommandLine.HelpCommand.class})
public final class Aspen implements Runnable {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;
    public static final int EXPECTATION_FAILED = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (try 'aspen --help')");
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns the exit code (tests call this instead of {@link #main}). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Aspen());
        ExperimentCommand.addExperiments(cl.getSubcommands().get("experiment"));
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            if (!(ex instanceof CommandLine.UnmatchedArgumentException) && !ex.getCommandLine().getUnmatchedArguments().isEmpty()) {
                // a misspelt option is the cause, a required option left "missing" only its effect: say the cause
                ex = new CommandLine.UnmatchedArgumentException(ex.getCommandLine(), ex.getCommandLine().getUnmatchedArguments());
            }
            err.println("aspen: " + ex.getMessage());
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
                err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            }
            err.flush();
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            PrintWriter err = c.getErr();
            if (ex instanceof ConfigException || ex instanceof IllegalArgumentException) {
                err.println("aspen: " + ex.getMessage());
                if (ex instanceof ConfigException ce) {
                    ce.excerpt().lines().forEach(err::println);
                }
                err.flush();
                return USAGE;
            }
            err.println("aspen: error: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage()));
            err.flush();
            org.slf4j.LoggerFactory.getLogger(Aspen.class).debug("command failed", ex);
            return FAILURE;
        });
        return cl;
    }

    /** Reads the version Maven wrote into {@code aspen-version.properties}. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Aspen.class.getResourceAsStream("/aspen-version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"aspen " + p.getProperty("version", "unknown"),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }
}
