// Table 7's rows and Table 11's throughput row of `aspen experiment acns` re-read with the average
// throughput the paper's own Tables 7, 9 and 11 imply (bytes over the whole 118-s run, not over the
// flow's life; docs/traces/acns-table9-rtt.md, "Tables 7 and 9 in the paper"), judged by the rules of
// preregistration/acns.yaml (VerdictRule, relative tolerance 0.5). NOT pre-registered: read after the
// run; the pre-registered verdicts stand. Reads a directory's runs.csv (or runs-rdp.csv):
//   java -cp cli/target/aspen.jar tools/acns-whole-run-throughput.java docs/results/acns/runs.csv
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.aspen.experiments.sweep.VerdictRule;
import org.aspen.experiments.sweep.VerdictRule.Direction;
import org.aspen.experiments.sweep.VerdictRule.Point;

public class AcnsWholeRunThroughput {
    static final double RUN_SECONDS = 118;   // "All TCP and UDP flows ended at simulation time of 118 seconds"

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -cp aspen.jar tools/acns-whole-run-throughput.java RUNS_CSV");
            System.exit(2);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        List<String> head = Arrays.asList(lines.get(0).split(","));
        int config = head.indexOf("config"), seed = head.indexOf("seed"), flow = head.indexOf("flow"), mb = head.indexOf("sent_mb");
        if (config < 0 || seed < 0 || flow < 0 || mb < 0) {
            System.err.println(args[0] + ": not an acns runs.csv (needs config, seed, flow, sent_mb)");
            System.exit(2);
        }
        int seeds = 0;
        double[][][] mbps = new double[2][64][3];   // [reno, acns][seed][flow]: MB x 8 / 118 s
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",");
            int sys = c[config].equals("reno") ? 0 : c[config].equals("acns") ? 1 : -1;
            if (sys < 0) {
                continue;
            }
            int s = Integer.parseInt(c[seed]);
            seeds = Math.max(seeds, s);
            mbps[sys][s - 1][Integer.parseInt(c[flow].substring(3)) - 1] = Double.parseDouble(c[mb]) * 8 / RUN_SECONDS;
        }
        VerdictRule gap = new VerdictRule("flow-gap-within-50pc", 0, VerdictRule.Tolerance.relative(0.5));
        VerdictRule change = new VerdictRule("change-pct-within-50pc", 0, VerdictRule.Tolerance.relative(0.5));
        double[][] reno12 = new double[1][seeds], reno23 = new double[1][seeds], acns21 = new double[1][seeds],
                acns32 = new double[1][seeds], total = new double[1][seeds];
        double[] mean = new double[6];
        for (int s = 0; s < seeds; s++) {
            double[] r = mbps[0][s], a = mbps[1][s];
            reno12[0][s] = r[0] - r[1];
            reno23[0][s] = r[1] - r[2];
            acns21[0][s] = a[1] - a[0];
            acns32[0][s] = a[2] - a[1];
            total[0][s] = 100 * ((a[0] + a[1] + a[2]) / (r[0] + r[1] + r[2]) - 1);
            for (int f = 0; f < 3; f++) {
                mean[f] += r[f] / seeds;
                mean[3 + f] += a[f] / seeds;
            }
        }
        System.out.printf(Locale.ROOT, "average throughput over 118 s, %d seeds: Reno %.2f / %.2f / %.2f, ACNS %.2f / %.2f / %.2f Mb/s%n",
                seeds, mean[0], mean[1], mean[2], mean[3], mean[4], mean[5]);
        print("Table 7 without ACNS (paper 0.8 / 0.4 / 0.2)", gap.judge(List.of(
                Point.value("#1 - #2", Direction.ABOVE, 0.4, reno12[0]), Point.value("#2 - #3", Direction.ABOVE, 0.2, reno23[0])), "#1 - #2"));
        print("Table 7 with ACNS (paper 0.3 / 0.7 / 1)", gap.judge(List.of(
                Point.value("#2 - #1", Direction.ABOVE, 0.4, acns21[0]), Point.value("#3 - #2", Direction.ABOVE, 0.3, acns32[0])), "#2 - #1"));
        System.out.printf(Locale.ROOT, "Table 11 total average throughput over 118 s: %+.1f %% (mean of the per-seed changes)%n",
                Arrays.stream(total[0]).average().orElse(Double.NaN));
        print("Table 11 total average throughput (paper +44.5 %)", change.judge(List.of(
                Point.value("total", Direction.ABOVE, 44.5, total[0])), "total"));
    }

    static void print(String row, VerdictRule.Judgement j) {
        System.out.println(row + ": " + j.verdict().name().toLowerCase(Locale.ROOT) + " (" + j.why() + ")");
    }
}
