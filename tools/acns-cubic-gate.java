// The validation gate of preregistration/acns-cubic.yaml: Aspen's port of ns-2.35's CUBIC without ACNS
// (`aspen experiment acns --baseline ns2-cubic --configs reno`, its runs.csv, config reno) against
// ns-2.35's own CUBIC on the same set-up and start times (docs/traces/acns-ns2/runs.csv, variant
// cubic), the mean over the seeds per flow:
//   (g1) mean path RTT of #2 and of #3 within 5 % of ns-2.35's;
//   (g2) the three flows' total packets acknowledged within 5 % of ns-2.35's.
// #1's RTT, each flow's packets and share, and the drops are printed beside the gate, not gated.
// Aspen's packets are its acknowledged bytes over 980 data bytes a segment (1040-byte frames, as
// ns-2's 1000 + 40), ns-2's its acked_pkts. "Within 5 %": |Aspen - ns-2| <= 0.05 x ns-2.
//   java tools/acns-cubic-gate.java docs/traces/acns-cubic-gate/runs.csv docs/traces/acns-ns2/runs.csv
// Prints the comparison and "gate: pass" or "gate: fail"; exit status 0 either way, 2 on bad input.
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

public class AcnsCubicGate {
    static final double TOLERANCE = 0.05;
    static final double SEGMENT_BYTES = 980;

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java tools/acns-cubic-gate.java ASPEN_RUNS_CSV NS2_RUNS_CSV");
            System.exit(2);
        }
        // [flow][rtt, packets, drops] summed over seeds, and the seed counts
        double[][] aspen = new double[3][3];
        double[][] ns2 = new double[3][3];
        int aspenSeeds = read(args[0], "config", "reno", "avg_rtt_ms", "sent_mb", "drops", aspen, true);
        int ns2Seeds = read(args[1], "variant", "cubic", "avg_path_rtt_ms", "acked_pkts", "drops", ns2, false);
        if (aspenSeeds != ns2Seeds) {
            System.err.println("the two files hold different seeds: " + aspenSeeds + " (Aspen) and " + ns2Seeds + " (ns-2)");
            System.exit(2);
        }
        for (double[] f : aspen) {
            Arrays.setAll(f, i -> f[i] / aspenSeeds);
        }
        for (double[] f : ns2) {
            Arrays.setAll(f, i -> f[i] / ns2Seeds);
        }
        System.out.printf(Locale.ROOT, "means over %d seeds, Aspen ns2-cubic (config reno) against ns-2.35 CUBIC%n", aspenSeeds);
        System.out.println("| flow | path RTT Aspen / ns-2 (ms) | diff | packets acked Aspen / ns-2 | diff | drops Aspen / ns-2 |");
        System.out.println("|---|---|---|---|---|---|");
        double totalAspen = 0;
        double totalNs2 = 0;
        for (int f = 0; f < 3; f++) {
            totalAspen += aspen[f][1];
            totalNs2 += ns2[f][1];
            System.out.printf(Locale.ROOT, "| #%d | %.1f / %.1f | %+.1f %% | %.0f / %.0f | %+.1f %% | %.1f / %.1f |%n", f + 1,
                    aspen[f][0], ns2[f][0], pct(aspen[f][0], ns2[f][0]), aspen[f][1], ns2[f][1], pct(aspen[f][1], ns2[f][1]),
                    aspen[f][2], ns2[f][2]);
        }
        System.out.printf(Locale.ROOT, "| all | | | %.0f / %.0f | %+.1f %% | %.1f / %.1f |%n", totalAspen, totalNs2,
                pct(totalAspen, totalNs2), aspen[0][2] + aspen[1][2] + aspen[2][2], ns2[0][2] + ns2[1][2] + ns2[2][2]);
        System.out.printf(Locale.ROOT, "shares of the packets, Aspen: %.3f / %.3f / %.3f, ns-2: %.3f / %.3f / %.3f%n",
                aspen[0][1] / totalAspen, aspen[1][1] / totalAspen, aspen[2][1] / totalAspen,
                ns2[0][1] / totalNs2, ns2[1][1] / totalNs2, ns2[2][1] / totalNs2);
        boolean g1a = within(aspen[1][0], ns2[1][0]);
        boolean g1b = within(aspen[2][0], ns2[2][0]);
        boolean g2 = within(totalAspen, totalNs2);
        System.out.printf(Locale.ROOT, "g1 #2 path RTT within 5 %%: %s (%+.2f %%)%n", g1a ? "pass" : "fail", pct(aspen[1][0], ns2[1][0]));
        System.out.printf(Locale.ROOT, "g1 #3 path RTT within 5 %%: %s (%+.2f %%)%n", g1b ? "pass" : "fail", pct(aspen[2][0], ns2[2][0]));
        System.out.printf(Locale.ROOT, "g2 total packets acknowledged within 5 %%: %s (%+.2f %%)%n", g2 ? "pass" : "fail",
                pct(totalAspen, totalNs2));
        System.out.println("gate: " + (g1a && g1b && g2 ? "pass" : "fail"));
    }

    static boolean within(double aspen, double ns2) {
        return Math.abs(aspen - ns2) <= TOLERANCE * Math.abs(ns2);
    }

    static double pct(double aspen, double ns2) {
        return 100 * (aspen / ns2 - 1);
    }

    /** Sums the rows whose {@code keyCol} is {@code key} into sums[flow]; returns the number of seeds. */
    static int read(String file, String keyCol, String key, String rttCol, String packetsCol, String dropsCol,
                    double[][] sums, boolean megabytes) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(file));
        List<String> head = Arrays.asList(lines.get(0).split(","));
        int k = head.indexOf(keyCol), seed = head.indexOf("seed"), flow = head.indexOf("flow"), rtt = head.indexOf(rttCol),
                pk = head.indexOf(packetsCol), dr = head.indexOf(dropsCol);
        if (k < 0 || seed < 0 || flow < 0 || rtt < 0 || pk < 0 || dr < 0) {
            System.err.println(file + ": needs the columns " + String.join(", ", keyCol, "seed", "flow", rttCol, packetsCol, dropsCol));
            System.exit(2);
        }
        java.util.Set<String> seeds = new java.util.TreeSet<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",");
            if (!c[k].equals(key)) {
                continue;
            }
            int f = Integer.parseInt(c[flow].substring(3)) - 1;
            seeds.add(c[seed]);
            sums[f][0] += Double.parseDouble(c[rtt]);
            double p = Double.parseDouble(c[pk]);
            sums[f][1] += megabytes ? p * 1e6 / SEGMENT_BYTES : p;
            sums[f][2] += Double.parseDouble(c[dr]);
        }
        if (seeds.isEmpty()) {
            System.err.println(file + ": no rows with " + keyCol + " " + key);
            System.exit(2);
        }
        return seeds.size();
    }
}
