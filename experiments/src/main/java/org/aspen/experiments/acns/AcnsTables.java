package org.aspen.experiments.acns;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.acns.FlowProbeRun.FlowResult;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Verdicts;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.ns2.Ns2AcnsCubic;

/**
 * The ACNS paper's Tables 7-11 from the runs: per config and flow, the mean over the seeds with its
 * 95 % interval ({@link Stat}); ACNS against Reno per seed (the seeds pair the runs: the same start
 * times); the paper-comparison rows; and the markdown of {@code comparison.md}.
 *
 * <pre>{@code
 * AcnsTables.Figures f = AcnsTables.figures(runs, Config.ACNS, AcnsBaseline.NS2);   // against the RENO runs of the same seeds
 * List<PaperComparison> rows = AcnsTables.preregistered(Preregistration.load("acns"), runs, AcnsBaseline.NS2, rdpRuns);
 * }</pre>
 *
 * Two sets of verdict rules. With the pre-registration ({@link #preregistered}, issue 29) each row is
 * judged by the rule {@code preregistration/acns.yaml} gives it ({@link Preregistration}): flow gaps
 * within a run for Tables 7 and 9, per-seed changes against Reno for Tables 10 and 11. Without it
 * ({@link #comparison}), the rules of the runs before issue 29: a per-flow row is in the paper's
 * direction when the three means are in the paper's order, and matches when besides every mean is
 * within a factor 3/2 of the paper's; a change row is in the paper's direction when the 95 % interval
 * of the per-seed change lies wholly on the paper's side of zero, and matches when besides the mean
 * change is within a factor 3/2 of the paper's; anything else contradicts. Either way a row's why
 * gives figures computed from the run on whichever baseline ran ({@link #causes}).
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

    /** Data bytes per RDP segment on {@code base}: RDP's 1400, or ns-2's packetSize_ 1000 + 40 less RDP's framing. */
    static int segmentBytes(AcnsBaseline base) {
        return base.segment() == null ? 1400 : base.segment();
    }

    private static double roomMb(AcnsRun r, AcnsBaseline base) {
        double udpBytes = r.result().cross().stream().mapToDouble(c -> c.receivedPackets() * (double) CROSS_PACKET_BYTES).sum();
        int seg = segmentBytes(base);
        return (r.bottleneckBps() * r.result().durationSeconds() / 8 - udpBytes) * seg / (seg + RdpPackets.DATA_FRAME_OVERHEAD) / 1e6;
    }

    /**
     * One config's figures on the baseline {@code base} (which sets the data bytes of a frame in {@code room_mb}); with
     * RENO runs of the same seeds among {@code all}, also the per-seed changes against them.
     */
    static Figures figures(List<AcnsRun> all, Config c, AcnsBaseline base) {
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
                Stat.of(runs, r -> roomMb(r, base)), changes);
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

    /** The rows' results, as the pre-registration ({@code preregistration/acns.yaml}) names its readings. */
    static final String T7_RENO = "Table 7: average throughput without ACNS, #1 / #2 / #3 (Mb/s)";
    static final String T7_ACNS = "Table 7: average throughput with ACNS, #1 / #2 / #3 (Mb/s)";
    static final String T9_ACNS = "Table 9: data sent with ACNS, #1 / #2 / #3 (MB)";
    static final String T10_LOSS = "Table 10: total loss, ACNS against none";
    static final String T11_THROUGHPUT = "Table 11: total average throughput";
    static final String T11_RTT = "Table 11: total average RTT";
    static final String T11_SENT = "Table 11: total data sent";
    /** The rows in the table's order. */
    static final List<String> RESULTS = List.of(T7_RENO, T7_ACNS, T9_ACNS, T10_LOSS, T11_THROUGHPUT, T11_RTT, T11_SENT);

    /** The transport the Reno runs used, in the words of a row's why. */
    static String transport(AcnsBaseline base) {
        if (base == AcnsBaseline.NS2_CUBIC) {
            return "ns-2.35's Agent/TCP/Linux CUBIC (baseline " + base.id() + ")";
        }
        return base.ns2() ? "ns-2.35's Agent/TCP/Reno (baseline " + base.id() + ")" : "Aspen RDP's Reno with NewReno recovery";
    }

    private static String means(Stat[] s, String fmt) {
        return String.format(Locale.ROOT, fmt + " / " + fmt + " / " + fmt, s[0].mean(), s[1].mean(), s[2].mean());
    }

    /**
     * What the run shows behind each row, computed from its figures on the baseline {@code base} (issue 29: no
     * prose fixed for one baseline): by result, the measured figures the doc's explanation rests on.
     */
    static Map<String, String> causes(Figures reno, Figures acns, AcnsBaseline base) {
        Map<String, String> why = new LinkedHashMap<>();
        why.put(T7_RENO, String.format(Locale.ROOT, "Reno's flows %s Mb/s: gaps #1 - #2 %.2f and #2 - #3 %.2f Mb/s (paper 0.4 and "
                        + "0.2); the Reno runs are %s, the paper's CUBIC", means(reno.avgMbps(), "%.2f"),
                reno.avgMbps()[0].mean() - reno.avgMbps()[1].mean(), reno.avgMbps()[1].mean() - reno.avgMbps()[2].mean(),
                transport(base)));
        String late = String.format(Locale.ROOT, "over its life #1 has the first 15 s without the other RDP flows; from 31 s, "
                        + "when all three run, ACNS gives %s Mb/s (Reno %s); per run #1 / #2 / #3 get %s fallback and %s freeze "
                        + "commands; #2's average has a 95 %% interval of ±%.2f Mb/s", means(acns.lateMbps(), "%.2f"),
                means(reno.lateMbps(), "%.2f"), means(acns.commandsFallback(), "%.0f"), means(acns.commandsFreeze(), "%.0f"),
                acns.avgMbps()[1].ci95());
        why.put(T7_ACNS, late);
        why.put(T9_ACNS, late);
        why.put(T10_LOSS, String.format(Locale.ROOT, "%.0f of the %.0f packets lost with ACNS are lost in slow start, %.0f of them "
                        + "by the young flows #2 and #3; per flow Reno %s -> ACNS %s; %.0f loss events per run are read as "
                        + "interference (trend 1) and keep the window", acns.lostInSlowStart()[3].mean(), acns.lostPackets()[3].mean(),
                acns.lostInSlowStart()[1].mean() + acns.lostInSlowStart()[2].mean(), means(reno.lostPackets(), "%.0f"),
                means(acns.lostPackets(), "%.0f"),
                acns.lossTrendFreeze()[0].mean() + acns.lossTrendFreeze()[1].mean() + acns.lossTrendFreeze()[2].mean()));
        String room = String.format(Locale.ROOT, "ACNS has %.2f MB acknowledged of the at most %.2f MB the last-mile link leaves "
                        + "after the constant-rate flows (Reno %.2f MB); the paper's 29.99 MB would %s", acns.sentMb()[3].mean(),
                acns.roomMb().mean(), reno.sentMb()[3].mean(), PAPER_ACNS[4][0] + PAPER_ACNS[4][1] + PAPER_ACNS[4][2]
                        < acns.roomMb().mean() ? "fit" : "not fit");
        why.put(T11_THROUGHPUT, room);
        why.put(T11_RTT, String.format(Locale.ROOT, "mean path RTT per flow Reno %s ms -> ACNS %s ms (paper 377 / 377 / 316 -> "
                + "327 / 329 / 332)", means(reno.avgRttMs(), "%.0f"), means(acns.avgRttMs(), "%.0f")));
        why.put(T11_SENT, room);
        return why;
    }

    /**
     * The rows of the results doc's opening table by the rules of the runs before issue 29: Tables 7, 9 (per flow), 10
     * and 11 (changes), for {@code acns} against {@code reno} on the baseline {@code base}. The {@code why} of a row that
     * does not match gives the measured figures the doc's explanation rests on ({@link #causes}).
     */
    static List<PaperComparison> comparison(Figures reno, Figures acns, AcnsBaseline base) {
        List<PaperComparison> rows = new ArrayList<>();
        Changes c = acns.vsReno();
        Map<String, String> why = causes(reno, acns, base);
        rows.add(row(T7_RENO, paperFlows(PAPER_RENO[0]), flows(reno.avgMbps(), "%.2f"), orderVerdict(reno.avgMbps(), PAPER_RENO[0]),
                why.get(T7_RENO)));
        rows.add(row(T7_ACNS, paperFlows(PAPER_ACNS[0]), flows(acns.avgMbps(), "%.2f"), orderVerdict(acns.avgMbps(), PAPER_ACNS[0]),
                why.get(T7_ACNS)));
        rows.add(row(T9_ACNS, paperFlows(PAPER_ACNS[4]), flows(acns.sentMb(), "%.2f"), orderVerdict(acns.sentMb(), PAPER_ACNS[4]),
                why.get(T9_ACNS)));
        rows.add(row(T10_LOSS, "236 -> 2 (-99.2 %)",
                String.format(Locale.ROOT, "%.0f -> %.0f (%s %%)", reno.lostPackets()[3].mean(), acns.lostPackets()[3].mean(),
                        pm(c.lossPct(), "%+.1f")), changeVerdict(c.lossPct(), PAPER_LOSS), why.get(T10_LOSS)));
        rows.add(row(T11_THROUGHPUT, "+44.5 %", pm(c.throughputPct(), "%+.1f") + " %", changeVerdict(c.throughputPct(), PAPER_THROUGHPUT),
                why.get(T11_THROUGHPUT)));
        rows.add(row(T11_RTT, "-7.1 %", pm(c.rttPct(), "%+.1f") + " %", changeVerdict(c.rttPct(), PAPER_RTT), why.get(T11_RTT)));
        rows.add(row(T11_SENT, "+44.0 %", pm(c.sentPct(), "%+.1f") + " %", changeVerdict(c.sentPct(), PAPER_SENT), why.get(T11_SENT)));
        return rows;
    }

    // ---- the pre-registered comparison (issue 29) ----

    /** The runs of {@code c} in seed order. */
    private static List<AcnsRun> bySeed(List<AcnsRun> all, Config c) {
        return of(all, c).stream().sorted(java.util.Comparator.comparingLong(AcnsRun::seed)).toList();
    }

    private static double flowValue(AcnsRun r, int flow, ToDoubleFunction<FlowResult> metric) {
        return metric.applyAsDouble(r.result().flows().get(flow));
    }

    /** Per seed: flow {@code a}'s figure minus flow {@code b}'s, in one run. */
    private static double[] gap(List<AcnsRun> runs, int a, int b, ToDoubleFunction<FlowResult> metric) {
        return runs.stream().mapToDouble(r -> flowValue(r, a, metric) - flowValue(r, b, metric)).toArray();
    }

    /** Per seed: the change (%) of the three flows' total of {@code metric}, {@code runs} against the Reno run of the same seed. */
    private static double[] changes(List<AcnsRun> runs, List<AcnsRun> reno, ToDoubleFunction<FlowResult> metric) {
        double[] x = new double[runs.size()];
        for (int i = 0; i < x.length; i++) {
            AcnsRun a = runs.get(i);
            AcnsRun b = reno.stream().filter(r -> r.seed() == a.seed()).findFirst().orElseThrow();
            x[i] = 100 * (sum(a, metric) / sum(b, metric) - 1);
        }
        return x;
    }

    private static double[] perSeed(List<AcnsRun> runs, int flow, ToDoubleFunction<FlowResult> metric) {
        return runs.stream().mapToDouble(r -> flowValue(r, flow, metric)).toArray();
    }

    /**
     * Aspen's values of each pre-registered reading for config {@code c} against {@code reno} among {@code all} (one
     * baseline): by result, by point label, one value per seed, as {@code preregistration/acns.yaml} defines the
     * effects (flow gaps within a run; changes in % against Reno of the same seed).
     */
    static Map<String, Map<String, double[]>> effects(List<AcnsRun> all, Config c) {
        List<AcnsRun> reno = bySeed(all, Config.RENO);
        List<AcnsRun> runs = bySeed(all, c);
        ToDoubleFunction<FlowResult> mbps = f -> f.avgThroughputBps() / 1e6;
        ToDoubleFunction<FlowResult> mb = f -> f.bytesAcked() / 1e6;
        Map<String, Map<String, double[]>> e = new LinkedHashMap<>();
        e.put(T7_RENO, Map.of("#1 - #2", gap(reno, 0, 1, mbps), "#2 - #3", gap(reno, 1, 2, mbps)));
        e.put(T7_ACNS, Map.of("#2 - #1", gap(runs, 1, 0, mbps), "#3 - #2", gap(runs, 2, 1, mbps)));
        e.put(T9_ACNS, Map.of("#2 - #1", gap(runs, 1, 0, mb), "#3 - #2", gap(runs, 2, 1, mb)));
        e.put(T10_LOSS, Map.of("total", changes(runs, reno, f -> f.drops())));
        e.put(T11_THROUGHPUT, Map.of("total", changes(runs, reno, FlowResult::avgThroughputBps)));
        e.put(T11_RTT, Map.of("total", changes(runs, reno, FlowResult::avgRttMs)));
        e.put(T11_SENT, Map.of("total", changes(runs, reno, f -> f.bytesAcked())));
        return e;
    }

    /** A change in %, as a row gives it: {@code +21.8 % ± 0.9 % (95 %, 10 seeds)}; the seeds' start times differ. */
    static String changeCell(double[] x) {
        String c = Verdicts.cell(x, true, "%.1f %%");
        return Character.isDigit(c.charAt(0)) ? "+" + c : c;
    }

    private static String flowCells(List<AcnsRun> runs, ToDoubleFunction<FlowResult> metric) {
        return Verdicts.cell(perSeed(runs, 0, metric), true, "%.2f") + " / " + Verdicts.cell(perSeed(runs, 1, metric), true, "%.2f")
                + " / " + Verdicts.cell(perSeed(runs, 2, metric), true, "%.2f");
    }

    /** Aspen's cell of each row for config {@code c} against {@code reno} among {@code all} (one baseline), by result. */
    static Map<String, String> cells(List<AcnsRun> all, Config c) {
        List<AcnsRun> reno = bySeed(all, Config.RENO);
        List<AcnsRun> runs = bySeed(all, c);
        Map<String, Map<String, double[]>> e = effects(all, c);
        Map<String, String> t = new LinkedHashMap<>();
        t.put(T7_RENO, flowCells(reno, f -> f.avgThroughputBps() / 1e6));
        t.put(T7_ACNS, flowCells(runs, f -> f.avgThroughputBps() / 1e6));
        t.put(T9_ACNS, flowCells(runs, f -> f.bytesAcked() / 1e6));
        t.put(T10_LOSS, String.format(Locale.ROOT, "%.0f -> %.0f (%s)", Stat.of(reno, r -> sum(r, f -> f.drops())).mean(),
                Stat.of(runs, r -> sum(r, f -> f.drops())).mean(), changeCell(e.get(T10_LOSS).get("total"))));
        for (String r : List.of(T11_THROUGHPUT, T11_RTT, T11_SENT)) {
            t.put(r, changeCell(e.get(r).get("total")));
        }
        return t;
    }

    /**
     * The opening table judged by the pre-registration {@code pre}: each row's verdict, rule and why by its
     * registered rule on the primary baseline's runs {@code primary} ({@code base}), the rule's why followed by
     * what the run shows ({@link #causes}), and the "Aspen RDP" cell from {@code rdp}, judged by the same rule.
     */
    static List<PaperComparison> preregistered(Preregistration pre, List<AcnsRun> primary, AcnsBaseline base, List<AcnsRun> rdp) {
        Map<String, Map<String, double[]>> e = effects(primary, Config.ACNS);
        Map<String, Map<String, double[]>> eRdp = effects(rdp, Config.ACNS);
        Map<String, String> t = cells(primary, Config.ACNS);
        Map<String, String> tRdp = cells(rdp, Config.ACNS);
        Map<String, String> why = causes(figures(primary, Config.RENO, base), figures(primary, Config.ACNS, base), base);
        List<PaperComparison> rows = new ArrayList<>();
        for (String r : RESULTS) {
            PaperComparison p = pre.row(r, e.get(r), t.get(r), eRdp.get(r), tRdp.get(r));
            rows.add(new PaperComparison(p.result(), p.paper(), p.aspen(), p.verdict(), p.why() + "; " + why.get(r), p.rule(),
                    p.aspenRdp()));
        }
        return rows;
    }

    /** The verdict of every row by the pre-registered rules for each ACNS config among {@code all} (one baseline): by config id, by result. */
    static Map<String, Map<String, String>> readingVerdicts(Preregistration pre, List<Config> configs, List<AcnsRun> all) {
        Map<String, Map<String, String>> v = new LinkedHashMap<>();
        for (Config c : configs) {
            if (!c.acns()) {
                continue;
            }
            Map<String, Map<String, double[]>> e = effects(all, c);
            Map<String, String> row = new LinkedHashMap<>();
            for (String r : RESULTS) {
                row.put(r, pre.judge(r, e.get(r)).verdict().label());
            }
            v.put(c.id(), row);
        }
        return v;
    }

    /** The verdicts of {@link #readingVerdicts} as a markdown table, one row per config, with its changes beside them. */
    static String readingMarkdown(String title, Map<String, Map<String, String>> verdicts, List<AcnsRun> all) {
        StringBuilder t = new StringBuilder(title).append("\n\n| config | T7 Reno | T7 ACNS | T9 ACNS | T10 loss | T11 throughput | "
                + "T11 RTT | T11 data | loss change | throughput change | RTT change | data change |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (var entry : verdicts.entrySet()) {
            t.append("| ").append(entry.getKey());
            for (String r : RESULTS) {
                t.append(" | ").append(entry.getValue().get(r));
            }
            Map<String, String> cells = cells(all, Config.byId(entry.getKey()));
            for (String r : List.of(T10_LOSS, T11_THROUGHPUT, T11_RTT, T11_SENT)) {
                String c = cells.get(r);
                t.append(" | ").append(r.equals(T10_LOSS) ? c.substring(c.indexOf('(') + 1, c.length() - 1) : c);
            }
            t.append(" |\n");
        }
        return t.toString();
    }

    // ---- comparison.md ----

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
        if (setup.cubicReading() != Ns2AcnsCubic.CubicReading.PRIMARY) {
            t.append("ACNS on CUBIC read as ").append(setup.cubicReading().id()).append(" (a sensitivity reading, "
                    + "docs/results-acns.md, \"Registered sensitivities\"), not as the primary.\n\n");
        }
        if (setup.cubicBeta() != null) {
            t.append("CUBIC's beta ").append(setup.cubicBeta()).append("/1024 (ns-2's set_ca_param cubic beta; ns-2's default 819), "
                    + "not the baseline's (docs/traces/acns-cubic-keep).\n\n");
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
