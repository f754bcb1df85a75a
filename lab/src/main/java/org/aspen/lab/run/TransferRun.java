package org.aspen.lab.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.aspen.lab.judge.TransferOutcome;
import org.aspen.lab.report.CloseFigures;
import org.aspen.lab.report.TransferReport;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.time.Seeds;

/**
 * One RDP transfer of the workload: a receiver listening from the start on the destination, a
 * sender connecting at {@code start}; both summaries (bytes, digest, retransmissions, window closes,
 * the sender's cwnd series) kept for the report.
 */
public final class TransferRun {
    public final Scenario.TransferSpec spec;
    public final String name;
    final int port;
    final long start;
    /** For a bulk flow: when it stops (null: a transfer, which ends when its bytes are delivered). */
    final Long stop;
    private final CompletableFuture<TransferSummary> sent = new CompletableFuture<>();
    private final CompletableFuture<TransferSummary> received = new CompletableFuture<>();
    /**
     * Payload bytes delivered to the receiver so far, -1 before it accepted a connection: an unfinished
     * transfer has no receiver summary, and its report still says what arrived. Written on the receiver
     * node's loop only.
     */
    private volatile long arrived = -1;
    /** The sender once started (written and read on the sender node's loop; see LabSeries). */
    private TransferSender active;

    TransferRun(Scenario.TransferSpec spec, int index) {
        this(spec, spec.nameAt(index), spec.portAt(index), null);
    }

    private TransferRun(Scenario.TransferSpec spec, String name, int port, Long stop) {
        this.spec = spec;
        this.name = name;
        this.port = port;
        this.start = spec.startNanos();
        this.stop = stop;
    }

    /** A bulk flow: a transfer of an endless seeded stream, stopped at {@code stop} or the end of the run. */
    static TransferRun flow(Scenario.FlowSpec f, int index, long runEnd) {
        Scenario.TransferSpec t = f.asTransfer(f.nameAt(index));
        long stop = f.stop() == null ? runEnd : Units.nanos(f.stop());
        return new TransferRun(t, t.name(), f.portAt(index), stop);
    }

    /** {@link Scenario.FlowSpec#nameAt}, kept for the dashboard and experiments. */
    public static String flowName(Scenario.FlowSpec f, int index) {
        return f.nameAt(index);
    }

    /** {@link Scenario.FlowSpec#portAt}, kept for the dashboard and experiments. */
    public static int flowPort(Scenario.FlowSpec f, int index) {
        return f.portAt(index);
    }

    boolean bulk() {
        return stop != null;
    }

    /** {@link Scenario.TransferSpec#nameAt}, kept for the dashboard. */
    public static String nameOf(Scenario.TransferSpec t, int index) {
        return t.nameAt(index);
    }

    /** {@link Scenario.TransferSpec#portAt}, kept for the dashboard. */
    public static int portOf(Scenario.TransferSpec t, int index) {
        return t.portAt(index);
    }

    RdpOptions options() {
        return WorkloadScheduler.options(spec, name, RdpOptions.defaults());
    }

    /** When a bulk flow's sender closes: a little before its stop (1 ms), so the real runtime still runs the node then; null for a transfer. */
    Long closeAtNanos() {
        return bulk() ? Math.max(start, stop - 1_000_000L) : null;
    }

    /** Starts it through the {@link WorkloadScheduler}: a bulk flow closes a little before its stop (1 ms). */
    void schedule(Network net, Map<String, RdpStack> stacks, Scenario s, long seed, Path baseDir) {
        Long closeAt = closeAtNanos();
        WorkloadScheduler.Flow f = new WorkloadScheduler.Flow(name, spec.from(), spec.to(), port, start, closeAt,
                spec.priority(), options());
        WorkloadScheduler.start(net, stacks.get(spec.from()), stacks.get(spec.to()), f, new WorkloadScheduler.Ends() {
            @Override
            public ByteSink sink() {
                return countingSink();
            }

            @Override
            public void received(TransferSummary summary) {
                TransferRun.this.received.complete(summary);
            }

            @Override
            public ByteSource source() {
                return TransferRun.this.source(seed, baseDir);
            }

            @Override
            public void started(TransferSender sender) {
                active = sender;
                sender.result().whenComplete((summary, err) -> {
                    if (err != null) {
                        sent.completeExceptionally(err);
                    } else {
                        sent.complete(summary);
                    }
                });
            }
        });
    }

    /** A sink that discards what arrives and counts it in {@link #arrived}. */
    private ByteSink countingSink() {
        arrived = 0;
        return (data, off, len) -> arrived += len;   // one writer: the receiver node's loop
    }

    /** What the receiver counted: its summary's bytes, or what arrived so far when it has none (null: nothing accepted). */
    private Long bytesReceived() {
        TransferSummary b = receiver();
        if (b != null) {
            return b.bytes();
        }
        long n = arrived;
        return n < 0 ? null : n;
    }

    private ByteSource source(long seed, Path baseDir) {
        if (bulk()) {
            return ByteSource.seeded(Seeds.derive(seed, "flow", name), Long.MAX_VALUE / 2);
        }
        if (spec.size() != null) {
            return ByteSource.seeded(Seeds.derive(seed, "transfer", name), Units.bytes(spec.size()));
        }
        Path p = baseDir == null ? Path.of(spec.file()) : baseDir.resolve(spec.file());
        try {
            InputStream in = Files.newInputStream(p);
            return ByteSource.of(in, Files.size(p));
        } catch (IOException e) {
            throw new UncheckedIOException("transfer " + name + ": cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    /** The sender's connection, or null before it started; call on the sender node's loop. */
    org.aspen.rdp.RdpConnection connection() {
        return active == null ? null : active.connection();
    }

    public TransferSummary sender() {
        return sent.getNow(null);
    }

    public TransferSummary receiver() {
        return received.getNow(null);
    }

    public boolean digestMatch() {
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

    public TransferReport report(Path seriesFile) {
        TransferSummary a = sender();
        TransferSummary b = receiver();
        boolean bulk = bulk();
        Long got = bytesReceived();
        return TransferReport.of(name, spec.from(), spec.to() + ":" + port, bulk ? true : null, bulk ? stop / 1e9 : null,
                bulk ? null : a != null && a.complete() && b != null && b.complete(), bulk ? null : digestMatch(),
                a == null ? 0 : a.bytes(), got == null ? 0 : got, a == null ? null : a.seconds(),
                a == null ? null : Math.round(a.goodputBps()), a == null ? null : a.retransmissions(),
                a == null ? null : a.windowCloses(), a != null && a.series() != null ? CloseFigures.of(a.series(), a.seconds()) : null,
                a == null ? null : a.sha256(), seriesFile == null ? null : seriesFile.toString());
    }

    /** How the transfer or flow ended, as the judges see it. */
    public TransferOutcome outcome() {
        TransferSummary a = sender();
        TransferOutcome.Sent sent = a == null ? null : new TransferOutcome.Sent(a.bytes(), a.retransmissions(), a.goodputBps());
        Map<String, Object> counters = a == null || a.stats() == null ? Map.of() : a.stats();
        return new TransferOutcome(name, spec.from(), spec.to(), bulk(), sent, bytesReceived(), digestMatch(),
                ReportJson.MAPPER.convertValue(report(null), Map.class), counters, null);
    }

    /** Bits per second acknowledged over the flow's or transfer's life (0 before it ended). */
    public double goodputBps() {
        TransferSummary a = sender();
        return a == null ? 0 : a.goodputBps();
    }

    public String summary() {
        TransferSummary a = sender();
        if (a != null && bulk()) {
            return String.format(java.util.Locale.ROOT, "flow %s (%s -> %s): %d bytes in %.3f s, goodput %s, %d retransmissions, "
                            + "%d window closes", name, spec.from(), spec.to(), a.bytes(), a.seconds(),
                    Units.formatRate(Math.round(a.goodputBps())), a.retransmissions(), a.windowCloses());
        }
        if (a == null) {
            return "transfer " + name + " (" + spec.from() + " -> " + spec.to() + "): not finished";
        }
        return String.format(java.util.Locale.ROOT, "transfer %s (%s -> %s): %d bytes in %.3f s, %s, %d retransmissions, "
                        + "%d window closes, digest %s", name, spec.from(), spec.to(), a.bytes(), a.seconds(),
                Units.formatRate(Math.round(a.goodputBps())), a.retransmissions(), a.windowCloses(),
                digestMatch() ? "match" : "MISMATCH");
    }
}
