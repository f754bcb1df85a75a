package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.mgmt.ControlClient;

/**
 * One {@code aspen node} child process of a {@link ProcessLab} run: its log file and its control
 * endpoint, which it names in its "up" log line.
 *
 * <pre>{@code
 * NodeProcess a = NodeProcess.start(launcher, "a", config, baseDir, work);
 * a.awaitUp(Duration.ofSeconds(90));
 * JsonNode stats = a.call("stats", Map.of());
 * a.stop();
 * }</pre>
 */
final class NodeProcess {
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Pattern UP = Pattern.compile("up: udp \\S+, control /?([0-9.]+):([0-9]+)");

    final String name;
    private final Process process;
    private final Path log;
    private volatile InetSocketAddress control;

    private NodeProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts node {@code name} of the scenario file {@code config}, its output going to {@code work/NAME.log}. */
    static NodeProcess start(NodeLauncher launcher, String name, Path config, Path baseDir, Path work) throws IOException {
        List<String> args = new ArrayList<>(List.of("node", "--config", config.toString(), "--name", name, "--log-level", "warn"));
        if (baseDir != null) {
            args.addAll(List.of("--base-dir", baseDir.toString()));
        }
        Path log = work.resolve(name + ".log");
        Process p = new ProcessBuilder(launcher.command(args)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new NodeProcess(name, p, log);
    }

    void awaitUp(Duration timeout) throws IOException, InterruptedException {
        long deadline = HostTime.nanos() + timeout.toNanos();
        while (HostTime.nanos() < deadline) {
            if (!process.isAlive()) {
                throw new ConfigException("node " + name + " exited with code " + process.exitValue()
                        + " before it was up: " + lastLines());
            }
            for (String line : Files.readAllLines(log)) {
                Matcher m = UP.matcher(line);
                if (m.find()) {
                    control = new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2)));
                    return;
                }
            }
            HostTime.sleepUntil(HostTime.nanos() + 50_000_000L);   // poll the log again in 50 ms
        }
        throw new ConfigException("node " + name + " was not up after " + timeout.toSeconds() + " s; its log: " + log);
    }

    void checkAlive() {
        if (!process.isAlive()) {
            throw new ConfigException("node " + name + " died during the run (exit code " + process.exitValue() + "): "
                    + lastLines());
        }
    }

    /** One request on its own connection, so route samples, events and stats never wait for each other. */
    JsonNode call(String cmd, Map<String, ?> args) throws IOException {
        try (ControlClient c = ControlClient.connect(control, null, CALL_TIMEOUT)) {
            return c.call(cmd, args);
        }
    }

    /** A streaming request (ping, trace, rdp.*): every data line to {@code onData} until it ends or {@code timeout}. */
    void stream(String cmd, Map<String, ?> args, Consumer<JsonNode> onData, Duration timeout) throws IOException {
        try (ControlClient c = ControlClient.connect(control, null, timeout)) {
            c.stream(cmd, args, onData);
        }
    }

    private String lastLines() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())) + " (log: " + log + ")";
        } catch (IOException e) {
            return "(log: " + log + ")";
        }
    }

    void stop() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
