package org.aspen.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.aspen.dashboard.LabDashboard;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.link.Link;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code aspen node}: runs one node of a topology file on real UDP, for overlays across hosts. */
@Command(name = "node", mixinStandardHelpOptions = true, sortOptions = false,
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

    @Option(names = "--token", paramLabel = "TOKEN", description = "Control token (required when --control is not loopback; "
            + "visible in the process list: prefer --token-file or the ASPEN_TOKEN environment variable).")
    String token;

    @Option(names = "--base-dir", hidden = true, paramLabel = "DIR",
            description = "Resolve the file's relative paths (AA jars) here instead of next to the file.")
    Path baseDir;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Read the control token from FILE (first line), so it stays out of the process list.")
    Path tokenFile;

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "D", description = "Stop after this long (default: run until interrupted).")
    Long duration;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "Log level: error, warn, info, debug, trace (default: info). AAs log under 'aa.NAME'.")
    String logLevel;

    @Option(names = "--log-format", defaultValue = "text", paramLabel = "FORMAT",
            description = "Log lines on stderr as text (ISO 8601 time with zone) or json (one JSON object a line; "
                    + "default: ${DEFAULT-VALUE}).")
    String logFormat;

    @Option(names = "--log-config", paramLabel = "FILE",
            description = "Your own logback configuration file, in place of the bundled one (appenders, format, levels).")
    Path logConfig;

    @Option(names = "--dashboard", arity = "0..1", fallbackValue = "" + LabCommand.DEFAULT_DASHBOARD_PORT, paramLabel = "PORT",
            description = "At http://127.0.0.1:PORT/, a live dashboard of this node (PORT default "
                    + LabCommand.DEFAULT_DASHBOARD_PORT + "; 0: any free port).")
    Integer dashboard;

    @Option(names = "--metrics", paramLabel = "HOST:PORT",
            description = "Serve the node's counters for Prometheus at http://HOST:PORT/metrics (a bare PORT: "
                    + "127.0.0.1; default: the node's 'metrics' in the file, else none).")
    String metrics;

    @Option(names = "--offload", defaultValue = "on", paramLabel = "on|off",
            description = "UDP segmentation offload on send and receive offload (GRO) on the node's socket, where the "
                    + "kernel has them (default: ${DEFAULT-VALUE}; docs/real-runtime.md).")
    String offload;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        NodeLogging.apply(logConfig, logFormat, logLevel == null ? "info" : logLevel, logLevel != null);
        if (token != null && tokenFile != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --token or --token-file, not both");
        }
        if (tokenFile != null) {
            token = readToken(tokenFile);
        }
        String envToken = System.getenv(ControlOptions.TOKEN_ENV);
        if (token == null && envToken != null && !envToken.isBlank()) {
            token = envToken.strip();
        }
        if (!offload.equals("on") && !offload.equals("off")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--offload must be on or off, not '" + offload + "'");
        }
        Scenario s = ScenarioLoader.load(config);
        long d = duration == null ? 0 : duration;
        if (dashboard != null && (dashboard < 0 || dashboard > 65535)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--dashboard: port must be 0-65535");
        }
        java.net.InetSocketAddress metricsAt = metricsAddress(s);
        try (NodeHost host = startHost(s);
             LabDashboard dash = dashboard == null ? null : LabDashboard.start(dashboard, 0)) {
            var out = spec.commandLine().getOut();
            // Every endpoint listens before 'up' is printed: a script that waits for the up line (or the
            // metrics line after it) can connect at once, and a metrics port already taken fails the
            // command before it claims to be up.
            if (dash != null) {
                dash.attach(host, s);
            }
            String metricsUrl = metricsAt == null ? null : host.startMetrics(metricsAt).url();
            org.aspen.node.BuildInfo build = org.aspen.node.BuildInfo.current();
            out.printf("node %s (%s) up: udp %s, control %s, %d link(s), aspen %s (commit %s)%n", name, host.node().address(),
                    host.udpAddress(), host.controlAddress(), host.node().links().size(), build.version(), build.commit());
            for (Link l : host.node().links()) {
                out.printf("  link %s -> %s%n", l.name(), l.transport().describePeer());
            }
            if (dash != null) {
                out.printf("  dashboard %s%n", dash.url());
            }
            if (metricsUrl != null) {
                out.printf("  metrics %s%n", metricsUrl);
            }
            out.flush();
            awaitInterrupt(d);
            out.printf("node %s stopping%n", name);
            out.flush();
        }
        return Aspen.OK;
    }

    /** Starts the node; an endpoint that needs a token and has none is refused naming the ways to give one. */
    private NodeHost startHost(Scenario s) throws InterruptedException {
        try {
            return NodeHost.start(s, name, control, token, baseDir != null ? baseDir : config.toAbsolutePath().getParent(),
                    org.aspen.vnet.udp.UdpOptions.DEFAULT.withOffload(offload.equals("on")));
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().contains("must have a token")) {
                throw new IllegalArgumentException(e.getMessage() + ": give --token-file FILE, set " + ControlOptions.TOKEN_ENV
                        + ", give --token TOKEN, or the node's 'token' in the file", e);
            }
            throw e;
        }
    }

    /**
     * Where to serve {@code /metrics}: {@code --metrics}, else the node's {@code metrics} in the file,
     * else null. A malformed, unresolvable or foreign address is a usage error, found before the node starts.
     */
    private java.net.InetSocketAddress metricsAddress(Scenario s) {
        Scenario.NodeSpec node = s.node(name);
        String text = metrics != null ? metrics : node != null ? node.metrics() : null;
        if (text == null) {
            return null;
        }
        String what = metrics != null ? "--metrics" : "node '" + name + "' metrics";
        java.net.InetSocketAddress a;
        try {
            a = org.aspen.lab.build.LabBuilder.resolve(ScenarioLoader.HostPort.parseOrPort(text));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), what + ": " + e.getMessage());
        }
        if (a.isUnresolved()) {
            throw new CommandLine.ParameterException(spec.commandLine(), what + ": cannot resolve host '" + a.getHostString() + "'");
        }
        if (!isLocal(a.getAddress())) {
            throw new CommandLine.ParameterException(spec.commandLine(), what + ": " + a.getAddress().getHostAddress()
                    + " is not an address of this host");
        }
        return a;
    }

    private static boolean isLocal(java.net.InetAddress a) {
        try {
            return a.isAnyLocalAddress() || a.isLoopbackAddress() || java.net.NetworkInterface.getByInetAddress(a) != null;
        } catch (java.net.SocketException e) {
            return false;
        }
    }

    /** Waits for Ctrl-C (or {@code nanos}, when positive). */
    static void awaitInterrupt(long nanos) throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        Thread hook = new Thread(stop::countDown, "aspen-node-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        if (nanos > 0) {
            stop.await(nanos, TimeUnit.NANOSECONDS);
        } else {
            stop.await();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting because of the signal: the caller's try-with-resources still closes the node
        }
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
