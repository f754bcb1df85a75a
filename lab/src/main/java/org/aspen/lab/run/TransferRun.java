package org.aspen.lab.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.Values;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.ConnectionStats;
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
public final class TransferRun {
    static final int FIRST_PORT = 5000;

    public final Scenario.TransferSpec spec;
    public final String name;
    final int port;
    final long start;
    /** For a bulk flow: when it stops (null: a transfer, which ends when its bytes are delivered). */
    final Long stop;
    private final CompletableFuture<TransferSummary> sent = new CompletableFuture<>();
    private final CompletableFuture<TransferSummary> received = new CompletableFuture<>();
    /** The sender once started (written and read on the sender node's loop; see LabSeries). */
    private TransferSender active;

    TransferRun(Scenario.TransferSpec spec, int index) {
        this(spec, nameOf(spec, index), portOf(spec, index), null);
    }

    private TransferRun(Scenario.TransferSpec spec, String name, int port, Long stop) {
        this.spec = spec;
        this.name = name;
        this.port = port;
        this.start = spec.start() == null ? 1_000_000_000L : Values.durationNanos(spec.start());
        this.stop = stop;
    }

    /** A bulk flow: a transfer of an endless seeded stream, stopped at {@code stop} or the end of the run. */
    static TransferRun flow(Scenario.FlowSpec f, int index, long runEnd) {
        Scenario.TransferSpec t = new Scenario.TransferSpec(flowName(f, index), f.from(), f.to(), f.port(), null, null,
                f.start(), f.window(), f.segment(), f.ecn(), f.aecn(), f.acns(), f.priority());
        long stop = f.stop() == null ? runEnd : Values.durationNanos(f.stop());
        return new TransferRun(t, t.name(), flowPort(f, index), stop);
    }

    public static String flowName(Scenario.FlowSpec f, int index) {
        return f.name() != null ? f.name() : "flow-" + f.from() + "-" + f.to() + "-" + index;
    }

    public static int flowPort(Scenario.FlowSpec f, int index) {
        return f.port() != null ? f.port() : FIRST_FLOW_PORT + index;
    }

    static final int FIRST_FLOW_PORT = 6000;

    boolean bulk() {
        return stop != null;
    }

    public static String nameOf(Scenario.TransferSpec t, int index) {
        return t.name() != null ? t.name() : t.from() + "-" + t.to() + "-" + index;
    }

    public static int portOf(Scenario.TransferSpec t, int index) {
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
        if (Boolean.TRUE.equals(spec.aecn())) {
            o = o.withAntiEcn(org.aspen.rdp.AntiEcnReno.Delta.WINDOW);
        }
        if (Boolean.TRUE.equals(spec.acns())) {
            o = o.withCongestionControl(org.aspen.rdp.AcnsReno::new);
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
        TransferSender[] sender = new TransferSender[1];
        net.at(start, spec.from(), () -> {
            ByteSource source = source(seed, baseDir);
            sender[0] = TransferSender.start(from, dest, port, source, options, ProgressListener.NONE, 0);
            active = sender[0];
            if (spec.priority() != null) {
                sender[0].connection().setPriority(spec.priority());
            }
            sender[0].result().whenComplete((summary, err) -> {
                if (err != null) {
                    sent.completeExceptionally(err);
                } else {
                    sent.complete(summary);
                }
            });
        });
        if (bulk()) {
            // a little before the end, so the real runtime still runs the node when the flow stops
            net.at(Math.max(start, stop - 1_000_000L), spec.from(), () -> {
                if (sender[0] != null) {
                    sender[0].connection().close();
                }
            });
        }
    }

    private ByteSource source(long seed, Path baseDir) {
        if (bulk()) {
            return ByteSource.seeded(Seeds.derive(seed, "flow", name), Long.MAX_VALUE / 2);
        }
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

    public Map<String, Object> report(Path seriesFile) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("from", spec.from());
        m.put("to", spec.to() + ":" + port);
        TransferSummary a = sender();
        TransferSummary b = receiver();
        if (bulk()) {
            m.put("bulk", true);
            m.put("stopSeconds", stop / 1e9);
        } else {
            m.put("complete", a != null && a.complete() && b != null && b.complete());
            m.put("digestMatch", digestMatch());
        }
        m.put("bytesSent", a == null ? 0 : a.bytes());
        m.put("bytesReceived", b == null ? 0 : b.bytes());
        m.put("seconds", a == null ? null : a.seconds());
        m.put("goodputBps", a == null ? null : Math.round(a.goodputBps()));
        m.put("retransmissions", a == null ? null : a.retransmissions());
        m.put("windowCloses", a == null ? null : a.windowCloses());
        if (a != null && a.series() != null) {
            m.putAll(closeReport(a.series(), a.seconds()));
        }
        m.put("sha256", a == null ? null : a.sha256());
        m.put("cwndTrace", seriesFile == null ? null : seriesFile.toString());
        return m;
    }

    /**
     * What the ACC paper's Figures 6 and 7 plot, per connection: window closes per second of the
     * connection's life, and the mean window reduction (packets) per close, overall and by cause
     * ({@code FAST_RETRANSMIT}, {@code TIMEOUT}, {@code ECN}: the sender's inference;
     * {@code NOTIFICATION}: ACC).
     */
    static Map<String, Object> closeReport(ConnectionStats c, double seconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        long closes = c.windowCloses();
        m.put("closesPerSecond", seconds > 0 ? closes / seconds : 0.0);
        m.put("meanCloseMagnitude", closes > 0 ? c.totalCloseMagnitude() / closes : 0.0);
        Map<String, Object> count = new LinkedHashMap<>();
        Map<String, Object> mean = new LinkedHashMap<>();
        for (CloseCause cause : CloseCause.values()) {
            long n = c.windowCloses(cause);
            count.put(cause.name(), n);
            mean.put(cause.name(), n > 0 ? c.closeMagnitude(cause) / n : 0.0);
        }
        m.put("closesByCause", count);
        m.put("meanCloseMagnitudeByCause", mean);
        return m;
    }

    /** The {@code stat} expectation: a report field (dotted path) or a sender counter within bounds. */
    public ExpectationResult judgeStat(Scenario.TransferStat t) {
        Object v = report(null);
        for (String part : t.stat().split("\\.")) {
            v = v instanceof Map<?, ?> m ? m.get(part) : null;
        }
        TransferSummary a = sender();
        if (v == null && a != null && a.stats() != null) {
            v = a.stats().get(t.stat());
        }
        String want = (t.atLeast() == null ? "" : ">= " + number(t.atLeast())) + (t.atLeast() != null && t.atMost() != null ? " and " : "")
                + (t.atMost() == null ? "" : "<= " + number(t.atMost()));
        String desc = (bulk() ? "flow " : "transfer ") + name + " " + t.stat();
        if (!(v instanceof Number n)) {
            return new ExpectationResult("stat", desc, false, want, a == null ? "the sender did not start" : "no such number");
        }
        double x = n.doubleValue();
        boolean ok = (t.atLeast() == null || x >= t.atLeast()) && (t.atMost() == null || x <= t.atMost());
        return new ExpectationResult("stat", desc, ok, want, v.toString());
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
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
                    Values.formatRate(Math.round(a.goodputBps())), a.retransmissions(), a.windowCloses());
        }
        if (a == null) {
            return "transfer " + name + " (" + spec.from() + " -> " + spec.to() + "): not finished";
        }
        return String.format(java.util.Locale.ROOT, "transfer %s (%s -> %s): %d bytes in %.3f s, %s, %d retransmissions, "
                        + "%d window closes, digest %s", name, spec.from(), spec.to(), a.bytes(), a.seconds(),
                Values.formatRate(Math.round(a.goodputBps())), a.retransmissions(), a.windowCloses(),
                digestMatch() ? "match" : "MISMATCH");
    }
}
