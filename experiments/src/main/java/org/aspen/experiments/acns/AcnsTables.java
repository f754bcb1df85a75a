package org.aspen.experiments.acns;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.acns.FlowProbeRun.FlowResult;

/**
 * The ACNS paper's Tables 7-11 as markdown, the paper's rows beside ours (means over the seeds):
 * what {@code tables.md} holds and the ACNS command prints.
 *
 * <pre>{@code
 * String md = AcnsTables.markdown(runs, List.of(Config.RENO, Config.ACNS), setup, 1, wallSeconds);
 * double[] avg = AcnsTables.values(runs, Config.ACNS, "avg_mbps");   // flows #1-#3
 * }</pre>
 */
public final class AcnsTables {
    /** The paper's Tables 7-10, flows #1-#3: average and maximal throughput (Mb/s), RTT (ms), sent MB, lost packets. */
    static final double[][] PAPER_RENO = {{0.8, 0.4, 0.2}, {2.7, 2.1, 1.8}, {377, 377, 316}, {973, 1230, 335},
            {11.78, 6.15, 2.89}, {110, 86, 40}};
    static final double[][] PAPER_ACNS = {{0.3, 0.7, 1.0}, {3, 3, 3}, {327, 329, 332}, {468, 484, 406},
            {4.4, 11.26, 14.33}, {0, 2, 0}};
    /** The per-flow measures of Tables 7-10, by their names in {@code summary.json}. */
    public static final String[] METRICS = {"avg_mbps", "max_mbps", "avg_rtt_ms", "max_rtt_ms", "sent_mb", "lost_packets"};

    private AcnsTables() {
    }

    static ToDoubleFunction<FlowResult> metric(String m) {
        return switch (m) {
            case "avg_mbps" -> f -> f.avgThroughputBps() / 1e6;
            case "max_mbps" -> f -> f.maxThroughputBps() / 1e6;
            case "avg_rtt_ms" -> FlowResult::avgRttMs;
            case "max_rtt_ms" -> FlowResult::maxRttMs;
            case "sent_mb" -> f -> f.bytesAcked() / 1e6;
            case "lost_packets" -> f -> f.drops();
            default -> throw new IllegalArgumentException(m);
        };
    }

    /** Mean over the seeds of one flow's metric. */
    private static double mean(List<AcnsRun> runs, Config config, int flow, ToDoubleFunction<FlowResult> metric) {
        return runs.stream().filter(r -> r.config() == config).mapToDouble(r -> metric.applyAsDouble(r.result().flows().get(flow)))
                .average().orElse(Double.NaN);
    }

    /** Flows #1-#3 of each metric, in order; the data sent and the losses also with their total. */
    static double[] values(List<AcnsRun> runs, Config config, String... metrics) {
        List<Double> v = new ArrayList<>();
        for (String m : metrics) {
            double sum = 0;
            for (int flow = 0; flow < 3; flow++) {
                double x = mean(runs, config, flow, metric(m));
                v.add(x);
                sum += x;
            }
            if (m.equals("sent_mb") || m.equals("lost_packets")) {
                v.add(sum);
            }
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The share of the constant-rate packets delivered, mean over the seeds. */
    static double udpDeliveredShare(List<AcnsRun> runs, Config config) {
        return runs.stream().filter(r -> r.config() == config).mapToDouble(r -> {
            double sent = 0;
            double got = 0;
            for (var c : r.result().cross()) {
                sent += c.sentPackets();
                got += c.receivedPackets();
            }
            return sent == 0 ? Double.NaN : got / sent;
        }).average().orElse(Double.NaN);
    }

    /** ACNS commands the queue at ra -> i1 wrote, over every seed. */
    private static long lastMileCommands(List<AcnsRun> runs, Config config, String key) {
        return runs.stream().filter(r -> r.config() == config).mapToLong(r -> r.result().queueCounter("ra-i1@ra", key)).sum();
    }

    private static String row(String label, double[] v, String fmt) {
        StringBuilder b = new StringBuilder("| ").append(label);
        for (double x : v) {
            b.append(" | ").append(String.format(Locale.ROOT, fmt, x));
        }
        return b.append(" |\n").toString();
    }

    private static double[] paper(double[][] t, int a, int b, boolean total) {
        List<Double> v = new ArrayList<>();
        for (int i = a; i <= b; i++) {
            double sum = 0;
            for (double x : t[i]) {
                v.add(x);
                sum += x;
            }
            if (total) {
                v.add(sum);
            }
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    /** Tables 7-11, the constant-rate flows' delivery and ACNS's commands, under a line naming the set-up. */
    static String markdown(List<AcnsRun> runs, List<Config> configs, AcnsRun.Setup setup, int seeds, double wall) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "acns: %d config(s) x %d seed(s), %.0f s simulated each, %s last miles, %d-packet buffers, "
                + "%.1f s wall%n%n", configs.size(), seeds, setup.durationSeconds(), setup.bottleneck(), setup.buffer(), wall));
        String perFlow = "| system | avg #1 | avg #2 | avg #3 | max #1 | max #2 | max #3 |\n|---|---|---|---|---|---|---|\n";
        String withTotal = "| system | #1 | #2 | #3 | total |\n|---|---|---|---|---|\n";
        table(t, "Table 7: throughput (Mb/s), average over each flow's life and highest 1 s bin\n\n" + perFlow,
                0, 1, false, "%.1f", "%.2f", runs, configs, "avg_mbps", "max_mbps");
        table(t, "\nTable 8: RTT (ms), mean and highest of the path RTT sampled every 100 ms over each flow's life\n\n" + perFlow,
                2, 3, false, "%.0f", "%.0f", runs, configs, "avg_rtt_ms", "max_rtt_ms");
        table(t, "\nTable 9: data sent (MB acknowledged)\n\n" + withTotal, 4, 4, true, "%.2f", "%.2f", runs, configs, "sent_mb");
        table(t, "\nTable 10: packet loss (the flow's data packets dropped by any queue)\n\n" + withTotal,
                5, 5, true, "%.0f", "%.1f", runs, configs, "lost_packets");
        if (configs.contains(Config.RENO) && configs.contains(Config.ACNS)) {
            t.append("\nTable 11: ACNS against the baseline\n\n| measure | paper | Aspen |\n|---|---|---|\n");
            double[] thr = {sum(values(runs, Config.RENO, "avg_mbps")), sum(values(runs, Config.ACNS, "avg_mbps"))};
            double[] rtt = {sum(values(runs, Config.RENO, "avg_rtt_ms")), sum(values(runs, Config.ACNS, "avg_rtt_ms"))};
            double[] sent = {values(runs, Config.RENO, "sent_mb")[3], values(runs, Config.ACNS, "sent_mb")[3]};
            t.append(String.format(Locale.ROOT, "| total average throughput | +44.5 %% | %+.1f %% |%n", 100 * (thr[1] / thr[0] - 1)));
            t.append(String.format(Locale.ROOT, "| total average RTT | -7.1 %% | %+.1f %% |%n", 100 * (rtt[1] / rtt[0] - 1)));
            t.append(String.format(Locale.ROOT, "| total data sent | +44.0 %% | %+.1f %% |%n", 100 * (sent[1] / sent[0] - 1)));
        }
        t.append("\nUDP-like constant-rate packets delivered:");
        for (Config c : configs) {
            t.append(String.format(Locale.ROOT, " %s %.1f %%;", c.id(), 100 * udpDeliveredShare(runs, c)));
        }
        if (configs.contains(Config.ACNS)) {
            t.append(String.format(Locale.ROOT, " ACNS commands written at ra -> i1 (all seeds): normal %d, freeze %d, fallback %d",
                    lastMileCommands(runs, Config.ACNS, "normal"), lastMileCommands(runs, Config.ACNS, "freeze"),
                    lastMileCommands(runs, Config.ACNS, "fallback")));
        }
        return t.append("\n").toString();
    }

    /** One of Tables 7-10: the paper's two rows (its columns {@code from..to}), then one row per Aspen config. */
    private static void table(StringBuilder t, String head, int from, int to, boolean total, String paperFormat, String format,
                              List<AcnsRun> runs, List<Config> configs, String... metrics) {
        t.append(head);
        t.append(row("paper, CUBIC", paper(PAPER_RENO, from, to, total), paperFormat));
        t.append(row("paper, ACNS", paper(PAPER_ACNS, from, to, total), paperFormat));
        for (Config c : configs) {
            t.append(row("Aspen, " + c.id(), values(runs, c, metrics), format));
        }
    }
}
