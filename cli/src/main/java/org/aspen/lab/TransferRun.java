package org.aspen.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.time.Seeds;

/**
 * One RDP transfer of the workload: a receiver listening from the start on the destination, a
 * sender connecting at {@code start}; both summaries (bytes, digest, retransmissions, window closes,
 * the sender's cwnd series) kept for the report.
 */
final class TransferRun {
    static final int FIRST_PORT = 5000;

    final Scenario.TransferSpec spec;
    final String name;
    final int port;
    final long start;
    private final CompletableFuture<TransferSummary> sent = new CompletableFuture<>();
    private final CompletableFuture<TransferSummary> received = new CompletableFuture<>();

    TransferRun(Scenario.TransferSpec spec, int index) {
        this.spec = spec;
        this.name = nameOf(spec, index);
        this.port = portOf(spec, index);
        this.start = spec.start() == null ? 1_000_000_000L : Values.durationNanos(spec.start());
    }

    static String nameOf(Scenario.TransferSpec t, int index) {
        return t.name() != null ? t.name() : t.from() + "-" + t.to() + "-" + index;
    }

    static int portOf(Scenario.TransferSpec t, int index) {
        return t.port() != null ? t.port() : FIRST_PORT + index;
    }

    RdpOptions options() {
        RdpOptions o = RdpOptions.defaults();
        if (spec.window() != null) {
            o = o.withMaxOutstanding(spec.window());
        }
        if (spec.segment() != null) {
            o = o.withMaxSegment(spec.segment());
        }
        if (spec.ecn() != null) {
            o = o.withEcn(spec.ecn());
        }
        return o;
    }

    void schedule(Network net, Map<String, RdpStack> stacks, Scenario s, long seed, Path baseDir) {
        RdpStack from = stacks.get(spec.from());
        RdpStack to = stacks.get(spec.to());
        RdpOptions options = options();
        var dest = net.node(spec.to()).address();
        net.at(0, spec.to(), () -> TransferReceiver.listen(to, port, options, ByteSink::discard,
                summary -> received.complete(summary), ProgressListener.NONE, 0));
        net.at(start, spec.from(), () -> {
            ByteSource source = source(seed, baseDir);
            TransferSender.start(from, dest, port, source, options, ProgressListener.NONE, 0)
                    .result().whenComplete((summary, err) -> {
                        if (err != null) {
                            sent.completeExceptionally(err);
                        } else {
                            sent.complete(summary);
                        }
                    });
        });
    }

    private ByteSource source(long seed, Path baseDir) {
        if (spec.size() != null) {
            return ByteSource.seeded(Seeds.derive(seed, "transfer", name), Values.sizeBytes(spec.size()));
        }
        Path p = baseDir == null ? Path.of(spec.file()) : baseDir.resolve(spec.file());
        try {
            InputStream in = Files.newInputStream(p);
            return ByteSource.of(in, Files.size(p));
        } catch (IOException e) {
            throw new UncheckedIOException("transfer " + name + ": cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    TransferSummary sender() {
        return sent.getNow(null);
    }

    TransferSummary receiver() {
        return received.getNow(null);
    }

    boolean digestMatch() {
        TransferSummary a = sender();
        TransferSummary b = receiver();
        return a != null && b != null && a.complete() && b.complete() && a.sha256().equals(b.sha256());
    }

    /** Writes the sender's cwnd/ssthresh/RTT series as CSV. */
    void writeSeries(Path file) throws IOException {
        TransferSummary a = sender();
        if (a == null || a.series() == null) {
            return;
        }
        try (Writer w = Files.newBufferedWriter(file)) {
            a.series().writeCsv(w);
        }
    }

    Map<String, Object> report(Path seriesFile) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("from", spec.from());
        m.put("to", spec.to() + ":" + port);
        TransferSummary a = sender();
        TransferSummary b = receiver();
        m.put("complete", a != null && a.complete() && b != null && b.complete());
        m.put("digestMatch", digestMatch());
        m.put("bytesSent", a == null ? 0 : a.bytes());
        m.put("bytesReceived", b == null ? 0 : b.bytes());
        m.put("seconds", a == null ? null : a.seconds());
        m.put("goodputBps", a == null ? null : Math.round(a.goodputBps()));
        m.put("retransmissions", a == null ? null : a.retransmissions());
        m.put("windowCloses", a == null ? null : a.windowCloses());
        m.put("sha256", a == null ? null : a.sha256());
        m.put("cwndTrace", seriesFile == null ? null : seriesFile.toString());
        return m;
    }

    String summary() {
        TransferSummary a = sender();
        if (a == null) {
            return "transfer " + name + " (" + spec.from() + " -> " + spec.to() + "): not finished";
        }
        return String.format(java.util.Locale.ROOT, "transfer %s (%s -> %s): %d bytes in %.3f s, %s, %d retransmissions, "
                        + "%d window closes, digest %s", name, spec.from(), spec.to(), a.bytes(), a.seconds(),
                Values.formatRate(Math.round(a.goodputBps())), a.retransmissions(), a.windowCloses(),
                digestMatch() ? "match" : "MISMATCH");
    }
}
