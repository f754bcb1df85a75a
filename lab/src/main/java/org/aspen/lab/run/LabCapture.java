package org.aspen.lab.run;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.capture.Capture;
import org.aspen.vnet.capture.PcapngWriter;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.runtime.Network;

/**
 * A scenario's {@code capture:} entry: one pcapng file of the chosen nodes and links for the whole run.
 *
 * <pre>{@code
 * capture: {file: out.pcapng, nodes: [b], links: [a-b]}   # nodes/links left out: all
 * }</pre>
 *
 * <pre>{@code
 * LabCapture cap = LabCapture.start(scenario, net, baseDir);   // null when the scenario has none
 * ... run ...
 * cap.close();
 * }</pre>
 */
public final class LabCapture implements AutoCloseable {
    private final Path file;
    private final OutputStream out;
    private final Capture capture;

    private LabCapture(Path file, OutputStream out, Capture capture) {
        this.file = file;
        this.out = out;
        this.capture = capture;
    }

    /** Attaches the capture before the network runs; null when the scenario asks for none. */
    static LabCapture start(Scenario s, Network net, Path baseDir) throws IOException {
        Scenario.CaptureSpec c = s.capture();
        if (c == null) {
            return null;
        }
        Path f = baseDir == null ? Path.of(c.file()) : baseDir.resolve(c.file());
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(f), 1 << 16);
        Capture cap = new Capture(new PcapngWriter(out, "aspen lab " + s.name()), 0);
        List<String> links = c.links();
        for (Node n : net.nodes()) {
            if (c.nodes().isEmpty() || c.nodes().contains(n.name())) {
                cap.attach(n, links.isEmpty() ? null : links::contains);
            }
        }
        if (!net.simulated() && !net.nodes().isEmpty()) {
            // wall-clock timestamps: the node clock starts with the run; near enough now, exact once it runs
            cap.setEpochNanos(HostTime.epochNanos());
            String first = net.nodes().iterator().next().name();
            net.at(0, first, () -> cap.setEpochNanos(HostTime.epochNanos() - net.now()));
        }
        return new LabCapture(f, out, cap);
    }

    Path file() {
        return file;
    }

    long packets() {
        return capture.packets();
    }

    @Override
    public void close() {
        try {
            capture.flush();
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
