package org.aspen.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.aspen.lab.NodeHost;
import org.aspen.lab.Scenario;
import org.aspen.lab.ScenarioLoader;
import org.aspen.lab.Values;
import org.aspen.vnet.link.Link;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen node}: runs one node of a topology file on real UDP, for overlays across hosts. */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = {"Runs one node of a scenario file on real UDP (one process per node, on one or many hosts).",
                "The file gives every node's VNet address and udp host:port; neighbours are found from its links.",
                "Runs until interrupted (Ctrl-C) or for --duration."})
public final class NodeCommand implements Callable<Integer> {
    @Option(names = "--config", required = true, paramLabel = "FILE", description = "Scenario/topology file.")
    Path config;

    @Option(names = "--name", required = true, paramLabel = "NODE", description = "Which node of the file this process is.")
    String name;

    @Option(names = "--control", paramLabel = "HOST:PORT",
            description = "Control endpoint (default: the node's 'control', else TCP on its UDP port number).")
    String control;

    @Option(names = "--token", paramLabel = "TOKEN", description = "Control token (required when --control is not loopback).")
    String token;

    @Option(names = "--base-dir", hidden = true, paramLabel = "DIR",
            description = "Resolve the file's relative paths (AA jars) here instead of next to the file.")
    Path baseDir;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Read the control token from FILE (first line), so it stays out of the process list.")
    Path tokenFile;

    @Option(names = "--duration", paramLabel = "D", description = "Stop after this long (default: run until interrupted).")
    String duration;

    @Option(names = "--log-level", defaultValue = "info", paramLabel = "LEVEL",
            description = "Log level: error, warn, info, debug, trace (default: ${DEFAULT-VALUE}). AAs log under 'aa.NAME'.")
    String logLevel;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!logLevel.matches("(?i)error|warn|info|debug|trace")) {
            throw new IllegalArgumentException("--log-level must be error, warn, info, debug or trace");
        }
        if (org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof ch.qos.logback.classic.Logger root) {
            root.setLevel(ch.qos.logback.classic.Level.toLevel(logLevel));
        }
        if (token != null && tokenFile != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --token or --token-file, not both");
        }
        if (tokenFile != null) {
            token = readToken(tokenFile);
        }
        Scenario s = ScenarioLoader.load(config);
        long d = duration == null ? 0 : Values.durationNanos(duration);
        CountDownLatch stop = new CountDownLatch(1);
        try (NodeHost host = NodeHost.start(s, name, control, token,
                baseDir != null ? baseDir : config.toAbsolutePath().getParent())) {
            var out = spec.commandLine().getOut();
            out.printf("node %s (%s) up: udp %s, control %s, %d link(s)%n", name, host.node().address(),
                    host.udpAddress(), host.controlAddress(), host.node().links().size());
            for (Link l : host.node().links()) {
                out.printf("  link %s -> %s%n", l.name(), l.transport().describePeer());
            }
            out.flush();
            Thread hook = new Thread(stop::countDown, "aspen-node-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            if (d > 0) {
                stop.await(d, TimeUnit.NANOSECONDS);
            } else {
                stop.await();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is exiting because of the signal: the try-with-resources still closes the node
            }
            out.printf("node %s stopping%n", name);
            out.flush();
        }
        return Aspen.OK;
    }

    private String readToken(Path f) {
        try {
            String t = java.nio.file.Files.readAllLines(f).stream().findFirst().orElse("").strip();
            if (t.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--token-file " + f + ": the file is empty");
            }
            return t;
        } catch (java.io.IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--token-file " + f + ": cannot read it ("
                    + e.getClass().getSimpleName() + ")");
        }
    }
}
