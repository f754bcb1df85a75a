package org.aspen.experiments.acns;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.acns.FlowProbeRun.FlowResult;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Stat;

/**
 * The ACNS paper's Tables 7-11 from the runs: per config and flow, the mean over the seeds with its
 * 95 % interval ({@link Stat}); ACNS against Reno per seed (the seeds pair the runs: the same start
 * times); the paper-comparison rows; and the markdown of {@code tables.md}.
 *
 * <pre>{@code
 * AcnsTables.Figures f = AcnsTables.figures(runs, Config.ACNS);   // against the RENO runs of the same seeds
 * List<PaperComparison> rows = AcnsTables.comparison(AcnsTables.figures(runs, Config.RENO), f);
 * }</pre>
 *
 * Verdict rules, fixed before the runs: a per-flow row (Tables 7, 9) is in the paper's direction when
 * the three means are in the paper's order, and matches when besides every mean is within a factor
 * 3/2 of the paper's; a change row (Tables 10, 11) is in the paper's direction when the 95 % interval
 * of the per-seed change lies wholly on the paper's side of zero, and matches when besides the mean
 * change is within a factor 3/2 of the paper's; anything else contradicts.
 */
public final class AcnsTables {
    /** The paper's Tables 7-10, flows #1-#3: average and maximal throughput (Mb/s), RTT (ms), sent MB, lost packets. */
    static final double[][] PAPER_RENO = {{0.8, 0.4, 0.2}, {2.7, 2.1, 1.8}, {377, 377, 316}, {973, 1230, 335},
            {11.78, 6.15, 2.89}, {110, 86, 40}};
    static final double[][] PAPER_ACNS = {{0.3, 0.7, 1.0}, {3, 3, 3}, {327, 329, 332}, {468, 484, 406},
            {4.4, 11.26, 14.33}, {0, 2, 0}};
    /** Table 11 and Table 10's total: the paper's changes (%), ACNS against no ACNS. */
    static final double PAPER_THROUGHPUT = 44.5;
    static final double PAPER_RTT = -7.1;
    static final double PAPER_SENT = 44.0;
    static final double PAPER_LOSS = 100.0 * (2 - 236) / 236;
    /** The constant-rate flows' packets, whole VNet packets (AcnsSites). */
    static final int CROSS_PACKET_BYTES = 1000;
    /** How far from the paper's figure a "matches" may be: within this factor either way. */
    static final double SIZE_FACTOR = 1.5;

    private AcnsTables() {
    }

    /** ACNS against Reno, per seed: changes (%) of the Table 11 totals and Table 10's total loss. */
    public record Changes(@JsonProperty("throughput_pct") Stat throughputPct, @JsonProperty("rtt_pct") Stat rttPct,
                          @JsonProperty("sent_pct") Stat sentPct, @JsonProperty("loss_pct") Stat lossPct) {
    }

    /**
     * Per flow #1-#3 (sent and lost with their total as a fourth), over the seeds; ACNS counters are per
     * flow and run. {@code roomMb}: the most the RDP flows could have had acknowledged, the last mile's
     * capacity over the run less the constant-rate bytes it carried, at 1400 data bytes of every
     * 1460-byte frame.
     */
    public record Figures(@JsonProperty("avg_mbps") Stat[] avgMbps, @JsonProperty("max_mbps") Stat[] maxMbps,
                          @JsonProperty("avg_rtt_ms") Stat[] avgRttMs, @JsonProperty("max_rtt_ms") Stat[] maxRttMs,
                          @JsonProperty("sent_mb") Stat[] sentMb, @JsonProperty("lost_packets") Stat[] lostPackets,
                          @JsonProperty("lost_in_slow_start") Stat[] lostInSlowStart,
                          @JsonProperty("late_mbps") Stat[] lateMbps,
                          Stat[] timeouts, @JsonProperty("acns_closes") Stat[] acnsCloses, Stat[] requests,
                          @JsonProperty("commands_normal") Stat[] commandsNormal,
                          @JsonProperty("commands_freeze") Stat[] commandsFreeze,
                          @JsonProperty("commands_fallback") Stat[] commandsFallback,
                          @JsonProperty("loss_trend_freeze") Stat[] lossTrendFreeze,
                          @JsonProperty("loss_trend_fallback") Stat[] lossTrendFallback,
                          @JsonProperty("loss_trend_decrease") Stat[] lossTrendDecrease,
                          Stat udpDeliveredShare, @JsonProperty("room_mb") Stat roomMb, Changes vsReno) {
    }

    private static List<AcnsRun> of(List<AcnsRun> runs, Config c) {
        return runs.stream().filter(r -> r.config() == c).toList();
    }

    private static Stat[] perFlow(List<AcnsRun> runs, ToDoubleFunction<FlowResult> metric, boolean total) {
        Stat[] s = new Stat[total ? 4 : 3];
        for (int flow = 0; flow < 3; flow++) {
            int i = flow;
            s[flow] = Stat.of(runs, r -> metric.applyAsDouble(r.result().flows().get(i)));
        }
        if (total) {
            s[3] = Stat.of(runs, r -> sum(r, metric));
        }
        return s;
    }

    private static double sum(AcnsRun r, ToDoubleFunction<FlowResult> metric) {
        return r.result().flows().stream().limit(3).mapToDouble(metric).sum();
    }

    private static double udpShare(AcnsRun r) {
        double sent = 0;
        double got = 0;
        for (var c : r.result().cross()) {
            sent += c.sentPackets();
            got += c.receivedPackets();
        }
        return sent == 0 ? Double.NaN : got / sent;
    }

    private static double roomMb(AcnsRun r) {
        double udpBytes = r.result().cross().stream().mapToDouble(c -> c.receivedPackets() * (double) CROSS_PACKET_BYTES).sum();
        return (r.bottleneckBps() * r.result().durationSeconds() / 8 - udpBytes) * 1400 / 1460 / 1e6;
    }

    /** One config's figures; with RENO runs of the same seeds among {@code all}, also the per-seed changes against them. */
    static Figures figures(List<AcnsRun> all, Config c) {
        List<AcnsRun> runs = of(all, c);
        List<AcnsRun> reno = of(all, Config.RENO);
        Changes changes = null;
        if (c != Config.RENO && !reno.isEmpty() && reno.size() == runs.size()) {
            changes = new Changes(change(runs, reno, r -> sum(r, f -> f.avgThroughputBps())),
                    change(runs, reno, r -> sum(r, FlowResult::avgRttMs)),
                    change(runs, reno, r -> sum(r, f -> f.bytesAcked())),
                    change(runs, reno, r -> sum(r, f -> f.drops())));
        }
        return new Figures(perFlow(runs, f -> f.avgThroughputBps() / 1e6, false), perFlow(runs, f -> f.maxThroughputBps() / 1e6, false),
                perFlow(runs, FlowResult::avgRttMs, false), perFlow(runs, FlowResult::maxRttMs, false),
                perFlow(runs, f -> f.bytesAcked() / 1e6, true), perFlow(runs, f -> f.drops(), true),
                perFlow(runs, f -> f.dropsInSlowStart(), true), perFlow(runs, f -> f.lateThroughputBps() / 1e6, false),
                perFlow(runs, f -> f.timeouts(), false), perFlow(runs, f -> f.closesByCause().getOrDefault("ACNS", 0L), false),
                perFlow(runs, f -> f.requests(), false), perFlow(runs, f -> f.commandsReceived()[1], false),
                perFlow(runs, f -> f.commandsReceived()[2], false), perFlow(runs, f -> f.commandsReceived()[3], false),
                perFlow(runs, f -> f.lossTrends()[1], false), perFlow(runs, f -> f.lossTrends()[2], false),
                perFlow(runs, f -> f.lossTrends()[3], false), Stat.of(runs, AcnsTables::udpShare),
                Stat.of(runs, AcnsTables::roomMb), changes);
    }

    /** The change (%) of {@code metric} from each seed's baseline run to its run here (the same seed: paired). */
    private static Stat change(List<AcnsRun> runs, List<AcnsRun> reno, ToDoubleFunction<AcnsRun> metric) {
        double[] x = new double[runs.size()];
        for (int i = 0; i < x.length; i++) {
            AcnsRun a = runs.get(i);
            AcnsRun b = reno.stream().filter(r -> r.seed() == a.seed()).findFirst().orElseThrow();
            x[i] = 100 * (metric.applyAsDouble(a) / metric.applyAsDouble(b) - 1);
        }
        return Stat.of(x);
    }

    // ---- the paper comparison ----

    static String pm(Stat s, String fmt) {
        return String.format(Locale.ROOT, fmt + " ± " + fmt.replace("+", ""), s.mean(), s.ci95());
    }

    private static String flows(Stat[] s, String fmt) {
        return pm(s[0], fmt) + " / " + pm(s[1], fmt) + " / " + pm(s[2], fmt);
    }

    private static String paperFlows(double[] p) {
        return String.format(Locale.ROOT, "%s / %s / %s", trim(p[0]), trim(p[1]), trim(p[2]));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static boolean within(double aspen, double paper) {
        return paper != 0 && aspen / paper >= 1 / SIZE_FACTOR && aspen / paper <= SIZE_FACTOR;
    }

    /** A per-flow row: the paper's order (descending or ascending), then the size of every flow. */
    static Verdict orderVerdict(Stat[] s, double[] paper) {
        boolean ascending = paper[0] < paper[2];
        boolean ordered = ascending ? s[0].mean() < s[1].mean() && s[1].mean() < s[2].mean()
                : s[0].mean() > s[1].mean() && s[1].mean() > s[2].mean();
        if (!ordered) {
            return Verdict.CONTRADICTS;
        }
        for (int i = 0; i < 3; i++) {
            if (!within(s[i].mean(), paper[i])) {
                return Verdict.DIRECTION;
            }
        }
        return Verdict.MATCHES;
    }

    /** A change row: the interval on the paper's side of zero, then the size. */
    static Verdict changeVerdict(Stat change, double paper) {
        boolean sameSide = paper > 0 ? change.mean() - change.ci95() > 0 : change.mean() + change.ci95() < 0;
        if (!sameSide) {
            return Verdict.CONTRADICTS;
        }
        return within(change.mean(), paper) ? Verdict.MATCHES : Verdict.DIRECTION;
    }

    private static PaperComparison row(String result, String paper, String aspen, Verdict v, String why) {
        return new PaperComparison(result, paper, aspen, v, v == Verdict.MATCHES ? "" : why);
    }

    /**
     * The rows of the results doc's opening table: Tables 7, 9 (per flow), 10 and 11 (changes), for
     * {@code acns} against {@code reno}. The {@code why} of a row that does not match names the
     * measured figures the doc's explanation rests on.
     */
    static List<PaperComparison> comparison(Figures reno, Figures acns) {
        List<PaperComparison> rows = new ArrayList<>();
        Changes c = acns.vsReno();
        String late = String.format(Locale.ROOT, "from 31 s, when all three run, ACNS gives %s Mb/s; over its life #1 keeps "
                        + "its first 15 s alone on the link; #2 gets %.0f fallback commands per run against #3's %.0f and in some "
                        + "seeds starves (interval ±%.2f)", flows(acns.lateMbps(), "%.2f"), acns.commandsFallback()[1].mean(),
                acns.commandsFallback()[2].mean(), acns.avgMbps()[1].ci95());
        rows.add(row("Table 7: average throughput without ACNS, #1 / #2 / #3 (Mb/s)", paperFlows(PAPER_RENO[0]),
                flows(reno.avgMbps(), "%.2f"), orderVerdict(reno.avgMbps(), PAPER_RENO[0]),
                "#1 leads as in the paper, but #2 and #3 come out level: Reno (NewReno) here, CUBIC in the paper"));
        rows.add(row("Table 7: average throughput with ACNS, #1 / #2 / #3 (Mb/s)", paperFlows(PAPER_ACNS[0]),
                flows(acns.avgMbps(), "%.2f"), orderVerdict(acns.avgMbps(), PAPER_ACNS[0]), late));
        rows.add(row("Table 9: data sent with ACNS, #1 / #2 / #3 (MB)", paperFlows(PAPER_ACNS[4]),
                flows(acns.sentMb(), "%.2f"), orderVerdict(acns.sentMb(), PAPER_ACNS[4]), late));
        rows.add(row("Table 10: total loss, ACNS against none", "236 -> 2 (-99.2 %)",
                String.format(Locale.ROOT, "%.0f -> %.0f (%s %%)", reno.lostPackets()[3].mean(), acns.lostPackets()[3].mean(),
                        pm(c.lossPct(), "%+.1f")), changeVerdict(c.lossPct(), PAPER_LOSS),
                String.format(Locale.ROOT, "%.0f of the %.0f packets lost with ACNS are lost in slow start, %.0f of them by the "
                                + "young flows #2 and #3, which equations 3-5 can only tell 'normal' for their first seconds; "
                                + "%.0f loss events per run are read as interference (trend 1) and keep the window",
                        acns.lostInSlowStart()[3].mean(), acns.lostPackets()[3].mean(),
                        acns.lostInSlowStart()[1].mean() + acns.lostInSlowStart()[2].mean(),
                        acns.lossTrendFreeze()[0].mean() + acns.lossTrendFreeze()[1].mean() + acns.lossTrendFreeze()[2].mean())));
        String room = String.format(Locale.ROOT, "the last mile bounds it: ACNS has %.2f MB acknowledged of the at most %.2f MB "
                        + "the last-mile link leaves after the constant-rate flows (Reno %.2f MB); the paper's 29.99 MB would not fit",
                acns.sentMb()[3].mean(), acns.roomMb().mean(), reno.sentMb()[3].mean());
        rows.add(row("Table 11: total average throughput", "+44.5 %", pm(c.throughputPct(), "%+.1f") + " %",
                changeVerdict(c.throughputPct(), PAPER_THROUGHPUT), room));
        rows.add(row("Table 11: total average RTT", "-7.1 %", pm(c.rttPct(), "%+.1f") + " %",
                changeVerdict(c.rttPct(), PAPER_RTT), "see docs/results-acns.md"));
        rows.add(row("Table 11: total data sent", "+44.0 %", pm(c.sentPct(), "%+.1f") + " %",
                changeVerdict(c.sentPct(), PAPER_SENT), room));
        return rows;
    }

    // ---- tables.md ----

    private static void line(StringBuilder t, String label, Stat[] v, String fmt) {
        t.append("| ").append(label);
        for (Stat s : v) {
            t.append(" | ").append(pm(s, fmt));
        }
        t.append(" |\n");
    }

    private static void paperLine(StringBuilder t, String label, boolean total, double[]... rows) {
        t.append("| ").append(label);
        for (double[] r : rows) {
            double sum = 0;
            for (double x : r) {
                t.append(" | ").append(trim(x));
                sum += x;
            }
            if (total) {
                t.append(" | ").append(trim(Math.round(sum * 100) / 100.0));
            }
        }
        t.append(" |\n");
    }

    private static Stat[] concat(Stat[] a, Stat[] b) {
        Stat[] c = new Stat[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** Tables 7-11 (mean ± 95 % interval over the seeds), the readings side by side and the ACNS counters. */
    static String markdown(List<Config> configs, List<Figures> figures, AcnsRun.Setup setup, int seeds, double wall) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "acns: %d config(s) x %d seed(s), %.0f s simulated each, %s last miles, "
                        + "%d-packet buffers, start times jittered by up to ±%d ms; %.1f s wall. Figures: mean ± 95 %% interval "
                        + "over the seeds.%n%n", configs.size(), seeds, setup.durationSeconds(), setup.bottleneck(), setup.buffer(),
                AcnsSites.JITTER_NANOS / 2_000_000, wall));
        if (setup.baseline().ns2()) {
            t.append("Baseline ").append(setup.baseline().id()).append(": ").append(setup.baseline().source()).append(".\n\n");
        }
        String perFlow = "| system | avg #1 | avg #2 | avg #3 | max #1 | max #2 | max #3 |\n|---|---|---|---|---|---|---|\n";
        String withTotal = "| system | #1 | #2 | #3 | total |\n|---|---|---|---|---|\n";
        t.append("Table 7: throughput (Mb/s), average over each flow's life and highest 1 s bin\n\n").append(perFlow);
        paperLine(t, "paper, CUBIC", false, PAPER_RENO[0], PAPER_RENO[1]);
        paperLine(t, "paper, ACNS", false, PAPER_ACNS[0], PAPER_ACNS[1]);
        for (int i = 0; i < configs.size(); i++) {
            line(t, configs.get(i).id(), concat(figures.get(i).avgMbps(), figures.get(i).maxMbps()), "%.2f");
        }
        t.append("\nThroughput (Mb/s) from 31 s to the end, when all three flows run (ours, not the paper's measure)\n\n"
                + "| system | #1 | #2 | #3 |\n|---|---|---|---|\n");
        for (int i = 0; i < configs.size(); i++) {
            line(t, configs.get(i).id(), figures.get(i).lateMbps(), "%.2f");
        }
        t.append("\nTable 8: RTT (ms), mean and highest of the path RTT sampled every 100 ms over each flow's life\n\n").append(perFlow);
        paperLine(t, "paper, CUBIC", false, PAPER_RENO[2], PAPER_RENO[3]);
        paperLine(t, "paper, ACNS", false, PAPER_ACNS[2], PAPER_ACNS[3]);
        for (int i = 0; i < configs.size(); i++) {
            line(t, configs.get(i).id(), concat(figures.get(i).avgRttMs(), figures.get(i).maxRttMs()), "%.0f");
        }
        t.append("\nTable 9: data sent (MB acknowledged)\n\n").append(withTotal);
        paperLine(t, "paper, CUBIC", true, PAPER_RENO[4]);
        paperLine(t, "paper, ACNS", true, PAPER_ACNS[4]);
        for (int i = 0; i < configs.size(); i++) {
            line(t, configs.get(i).id(), figures.get(i).sentMb(), "%.2f");
        }
        t.append("\nTable 10: packet loss (the flow's data packets dropped by any queue)\n\n").append(withTotal);
        paperLine(t, "paper, CUBIC", true, PAPER_RENO[5]);
        paperLine(t, "paper, ACNS", true, PAPER_ACNS[5]);
        for (int i = 0; i < configs.size(); i++) {
            line(t, configs.get(i).id(), figures.get(i).lostPackets(), "%.1f");
        }
        t.append("\nLosses in slow start (the flow's data packets dropped while its sender was in slow start)\n\n").append(withTotal);
        for (int i = 0; i < configs.size(); i++) {
            line(t, configs.get(i).id(), figures.get(i).lostInSlowStart(), "%.1f");
        }
        t.append("\nTable 11 and Table 10's total: each ACNS reading against Reno, change per seed (%)\n\n"
                + "| system | total avg throughput | total avg RTT | total data sent | total loss |\n|---|---|---|---|---|\n");
        t.append(String.format(Locale.ROOT, "| paper | %+.1f | %+.1f | %+.1f | %+.1f |%n", PAPER_THROUGHPUT, PAPER_RTT, PAPER_SENT,
                PAPER_LOSS));
        for (int i = 0; i < configs.size(); i++) {
            Changes c = figures.get(i).vsReno();
            if (c != null) {
                t.append("| ").append(configs.get(i).id()).append(" | ").append(pm(c.throughputPct(), "%+.1f")).append(" | ")
                        .append(pm(c.rttPct(), "%+.1f")).append(" | ").append(pm(c.sentPct(), "%+.1f")).append(" | ")
                        .append(pm(c.lossPct(), "%+.1f")).append(" |\n");
            }
        }
        t.append("\nACNS senders, per flow and run (#1 / #2 / #3): requests, commands received, losses by trend command, "
                + "ACNS window closes, timeouts\n\n| system | requests | fallback | freeze | normal | loss: freeze | "
                + "loss: fallback | loss: decrease | ACNS closes | timeouts |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < configs.size(); i++) {
            Figures f = figures.get(i);
            if (configs.get(i).acns()) {
                t.append("| ").append(configs.get(i).id());
                for (Stat[] s : new Stat[][] {f.requests(), f.commandsFallback(), f.commandsFreeze(), f.commandsNormal(),
                        f.lossTrendFreeze(), f.lossTrendFallback(), f.lossTrendDecrease(), f.acnsCloses(), f.timeouts()}) {
                    t.append(String.format(Locale.ROOT, " | %.0f / %.0f / %.0f", s[0].mean(), s[1].mean(), s[2].mean()));
                }
                t.append(" |\n");
            }
        }
        t.append("\nUDP-like constant-rate packets delivered:");
        for (int i = 0; i < configs.size(); i++) {
            Stat u = figures.get(i).udpDeliveredShare();
            t.append(String.format(Locale.ROOT, " %s %.1f %%;", configs.get(i).id(), 100 * u.mean()));
        }
        return t.append("\n").toString();
    }
}
