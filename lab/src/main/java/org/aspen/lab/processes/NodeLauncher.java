package org.aspen.lab.processes;

import java.util.ArrayList;
import java.util.List;

/**
 * How {@link ProcessLab} starts one node process: the command line that runs {@code aspen node}
 * with the given arguments. The lab does not know the CLI; its caller does, and says how.
 *
 * <pre>{@code
 * NodeLauncher l = NodeLauncher.javaMain(cliMainClass);              // 'aspen lab --processes' passes its own
 * l.command(List.of("node", "--config", "s.json", "--name", "a"));  // [java, -cp, CP, ..., cliMainClass, node, ...]
 * }</pre>
 */
@FunctionalInterface
public interface NodeLauncher {
    /** The command line running {@code aspen} with {@code args} (which begin with {@code node}). */
    List<String> command(List<String> args);

    /** This JVM's {@code java} and class path, running {@code mainClass} (the {@code aspen} entry point) with a small GC. */
    static NodeLauncher javaMain(String mainClass) {
        return args -> {
            String java = ProcessHandle.current().info().command().orElse("java");
            List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                    "-XX:+UseSerialGC", mainClass));
            cmd.addAll(args);
            return cmd;
        };
    }
}
