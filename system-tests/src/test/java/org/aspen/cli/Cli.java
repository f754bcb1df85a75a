package org.aspen.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * The system tests' way to run an {@code aspen} command in this JVM and keep what it printed (cli's
 * own tests have the same in their CliTest, which this module cannot see: test classes do not
 * cross modules).
 *
 * <pre>{@code
 * Cli.Run r = Cli.run("ping", "10.0.0.3", "--node", control, "-c", "1");
 * assertEquals(0, r.code(), r.err());
 * }</pre>
 */
final class Cli {
    private Cli() {
    }

    /** A command's exit code and what it wrote to standard output and standard error. */
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
