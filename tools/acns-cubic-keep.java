// docs/traces/acns-cubic-keep: ns-2.35's Linux CUBIC with `set_ca_param cubic beta 1024` (the window kept
// through Recovery) against Aspen's port (`ns2-cubic`, --cubic-beta 1024), no ACNS, on the ACNS set-up and
// the experiment's 10 seeds; the criterion is the directory's README.md, fixed before any run.
//
//   java -cp cli/target/aspen.jar tools/acns-cubic-keep.java aspen docs/traces/acns-cubic-keep/aspen
//       reruns Aspen's runs (AcnsRun.simulate, config reno, seeds 1-10, as `aspen experiment acns
//       --baseline ns2-cubic --configs reno --cubic-beta 1024` runs them) and writes beside their runs.csv
//       drops-by-link.csv (seed, flow, link end, drops: where each flow's data packets were dropped) and
//       drops-seed1.csv (seed 1 per second and flow: drops at the two last miles, and at any queue)
//   java tools/acns-cubic-keep.java compare docs/traces/acns-cubic-keep/ns2 docs/traces/acns-cubic-keep/aspen
//       prints the comparison and the verdict: ns-2's, the port's or undecided (NS2_DIR may be ns2-host100,
//       ns-2 with Aspen's 100-packet host links: a comparison made after the first, README.md says why)
//
// Last miles: ns-2's traced queues ra -> i1 and i2 -> rb (tools/acns-ns2.tcl); Aspen's link ends
// ra-i1@ra and i2-rb@i2. Aspen's packets acknowledged are its acknowledged bytes over 980 data bytes a
// segment (as tools/acns-cubic-gate.java). Exit status 2 on bad input.
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

public class AcnsCubicKeep {
    static final double SEGMENT_BYTES = 980;
    /** A last mile carries 3e6 / 8 / 1040 = 360 frames a second: more drops of one flow in a second is a storm. */
    static final int STORM = 360;
    static final String[] LAST_MILES = {"ra-i1@ra", "i2-rb@i2"};
    static final int SEEDS = 10;

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("aspen")) {
            aspen(Path.of(args[1]));
        } else if (args.length == 3 && args[0].equals("compare")) {
            compare(Path.of(args[1]), Path.of(args[2]));
        } else {
            System.err.println("usage: java -cp aspen.jar tools/acns-cubic-keep.java aspen ASPEN_DIR\n"
                    + "       java tools/acns-cubic-keep.java compare NS2_DIR ASPEN_DIR");
            System.exit(2);
        }
    }

    // ---- Aspen's drops by link end (reflection keeps `compare` free of the jar) ----

    static void aspen(Path dir) throws Exception {
        Class<?> run = Class.forName("org.aspen.experiments.acns.AcnsRun");
        Class<?> config = Class.forName("org.aspen.experiments.acns.AcnsRun$Config");
        Class<?> setupClass = Class.forName("org.aspen.experiments.acns.AcnsRun$Setup");
        Class<?> baseline = Class.forName("org.aspen.experiments.acns.AcnsBaseline");
        Class<?> reading = Class.forName("org.aspen.rdp.ns2.Ns2AcnsCubic$CubicReading");
        Object reno = config.getMethod("byId", String.class).invoke(null, "reno");
        Object cubic = baseline.getMethod("byId", String.class).invoke(null, "ns2-cubic");
        Object primary = reading.getField("PRIMARY").get(null);
        Object setup = setupClass.getConstructor(double.class, String.class, int.class, baseline, reading, Integer.class)
                .newInstance(118.0, "3Mbps", 100, cubic, primary, 1024);
        Files.createDirectories(dir);
        try (PrintWriter byLink = new PrintWriter(Files.newBufferedWriter(dir.resolve("drops-by-link.csv")));
             PrintWriter perSecond = new PrintWriter(Files.newBufferedWriter(dir.resolve("drops-seed1.csv")))) {
            byLink.println("seed,flow,link,drops");
            perSecond.println("time_s,flow,last_miles,any_queue");
            for (long seed = 1; seed <= SEEDS; seed++) {
                Object r = run.getMethod("simulate", config, long.class, setupClass).invoke(null, reno, seed, setup);
                Object result = run.getMethod("result").invoke(r);
                @SuppressWarnings("unchecked")
                Map<String, Map<String, long[]>> drops = (Map<String, Map<String, long[]>>) result.getClass()
                        .getMethod("dropsByLink").invoke(result);
                for (Map.Entry<String, Map<String, long[]>> f : drops.entrySet()) {
                    for (Map.Entry<String, long[]> l : f.getValue().entrySet()) {
                        byLink.printf(Locale.ROOT, "%d,%s,%s,%d%n", seed, f.getKey(), l.getKey(), Arrays.stream(l.getValue()).sum());
                    }
                    if (seed == 1) {
                        for (int k = 0; k < 118; k++) {
                            long last = 0;
                            long any = 0;
                            for (Map.Entry<String, long[]> l : f.getValue().entrySet()) {
                                any += l.getValue()[k];
                                if (Arrays.asList(LAST_MILES).contains(l.getKey())) {
                                    last += l.getValue()[k];
                                }
                            }
                            // second k + 1 = [k, k + 1), as ns-2's drops-cubic-keep.csv
                            perSecond.printf(Locale.ROOT, "%d.0,%s,%d,%d%n", k + 1, f.getKey(), last, any);
                        }
                    }
                }
            }
        }
    }

    // ---- the comparison ----

    static void compare(Path ns2Dir, Path aspenDir) throws Exception {
        // per flow: [drops, packets, rtt, retransmissions] summed over seeds
        double[][] ns2 = new double[3][4];
        double[][] aspen = new double[3][4];
        double[] aspenAnyQueue = new double[3];
        double[] ns2AnyQueue = new double[3];
        List<String[]> ns2Runs = csv(ns2Dir.resolve("runs.csv"));
        List<String> h = Arrays.asList(ns2Runs.get(0));
        int n2 = 0;
        for (String[] c : ns2Runs.subList(1, ns2Runs.size())) {
            if (!c[h.indexOf("variant")].equals("cubic-keep")) {
                continue;
            }
            int f = flow(c[h.indexOf("flow")]);
            ns2[f][0] += num(c[h.indexOf("drops")]);
            ns2[f][1] += Math.max(0, num(c[h.indexOf("acked_pkts")]));   // ack_ -1: nothing acknowledged
            ns2[f][2] += num(c[h.indexOf("avg_path_rtt_ms")]);
            ns2[f][3] += num(c[h.indexOf("rexmit_pkts")]);
            // host_drops: from the second ns-2 run on (the first's runs.csv had no such column)
            ns2AnyQueue[f] += num(c[h.indexOf("drops")]) + (h.contains("host_drops") ? num(c[h.indexOf("host_drops")]) : Double.NaN);
            n2++;
        }
        List<String[]> aspenRuns = csv(aspenDir.resolve("runs.csv"));
        h = Arrays.asList(aspenRuns.get(0));
        int na = 0;
        for (String[] c : aspenRuns.subList(1, aspenRuns.size())) {
            int f = flow(c[h.indexOf("flow")]);
            aspenAnyQueue[f] += num(c[h.indexOf("drops")]);
            aspen[f][1] += num(c[h.indexOf("sent_mb")]) * 1e6 / SEGMENT_BYTES;
            aspen[f][2] += num(c[h.indexOf("avg_rtt_ms")]);
            aspen[f][3] += num(c[h.indexOf("retransmissions")]);
            na++;
        }
        List<String[]> byLink = csv(aspenDir.resolve("drops-by-link.csv"));
        double[] aspenLinkTotal = new double[3];
        for (String[] c : byLink.subList(1, byLink.size())) {
            int f = flow(c[1]);
            aspenLinkTotal[f] += num(c[3]);
            if (Arrays.asList(LAST_MILES).contains(c[2])) {
                aspen[f][0] += num(c[3]);
            }
        }
        if (n2 != 3 * SEEDS || na != 3 * SEEDS) {
            fail("expected " + SEEDS + " seeds x 3 flows: ns-2 has " + n2 + " rows, Aspen " + na);
        }
        for (int f = 0; f < 3; f++) {
            if (aspenLinkTotal[f] != aspenAnyQueue[f]) {
                fail("drops-by-link.csv does not add up to runs.csv's drops for #" + (f + 1) + " (" + aspenLinkTotal[f]
                        + " against " + aspenAnyQueue[f] + "): not the same runs");
            }
        }
        for (double[][] m : new double[][][] {ns2, aspen}) {
            for (double[] f : m) {
                Arrays.setAll(f, i -> f[i] / SEEDS);
            }
        }
        Arrays.setAll(aspenAnyQueue, i -> aspenAnyQueue[i] / SEEDS);
        Arrays.setAll(ns2AnyQueue, i -> ns2AnyQueue[i] / SEEDS);
        System.out.printf(Locale.ROOT, "CUBIC beta 1024, no ACNS: means over %d seeds, Aspen's port against ns-2.35%n", SEEDS);
        System.out.println("ns-2: " + ns2Dir + ", Aspen: " + aspenDir);
        System.out.println("| flow | drops at the last miles Aspen / ns-2 | ratio | (drops at any queue Aspen / ns-2) | packets acked Aspen / ns-2 "
                + "| path RTT Aspen / ns-2 (ms) | retransmissions Aspen / ns-2 |");
        System.out.println("|---|---|---|---|---|---|---|");
        boolean a = true;
        double totalAspen = 0;
        double totalNs2 = 0;
        for (int f = 0; f < 3; f++) {
            double ratio = aspen[f][0] / ns2[f][0];
            a &= aspen[f][0] >= ns2[f][0] / 1.5 && aspen[f][0] <= 1.5 * ns2[f][0];
            totalAspen += aspen[f][0];
            totalNs2 += ns2[f][0];
            System.out.printf(Locale.ROOT, "| #%d | %.1f / %.1f | %.2f | %.1f / %.1f | %.0f / %.0f | %.1f / %.1f | %.1f / %.1f |%n", f + 1,
                    aspen[f][0], ns2[f][0], ratio, aspenAnyQueue[f], ns2AnyQueue[f], aspen[f][1], ns2[f][1], aspen[f][2], ns2[f][2],
                    aspen[f][3], ns2[f][3]);
        }
        System.out.printf(Locale.ROOT, "| all | %.1f / %.1f | %.2f | %.1f / %.1f | | | |%n", totalAspen, totalNs2, totalAspen / totalNs2,
                aspenAnyQueue[0] + aspenAnyQueue[1] + aspenAnyQueue[2], ns2AnyQueue[0] + ns2AnyQueue[1] + ns2AnyQueue[2]);
        // seed 1 per second: the highest drops of one flow in one second (last miles), and the storm's seconds
        long ns2Max = 0;
        int ns2Storm = 0;
        List<String[]> d = csv(ns2Dir.resolve("drops-cubic-keep.csv"));
        for (String[] c : d.subList(1, d.size())) {
            long v = (long) num(c[2]);
            ns2Max = Math.max(ns2Max, v);
            ns2Storm += v > STORM ? 1 : 0;
        }
        long aspenMax = 0;
        int aspenStorm = 0;
        long aspenMaxAny = 0;
        d = csv(aspenDir.resolve("drops-seed1.csv"));
        for (String[] c : d.subList(1, d.size())) {
            long v = (long) num(c[2]);
            aspenMax = Math.max(aspenMax, v);
            aspenStorm += v > STORM ? 1 : 0;
            aspenMaxAny = Math.max(aspenMaxAny, (long) num(c[3]));
        }
        System.out.printf(Locale.ROOT, "seed 1, drops of one flow in one second at the last miles: highest Aspen %d / ns-2 %d "
                + "(Aspen at any queue %d); seconds with more than %d (a storm): Aspen %d / ns-2 %d%n",
                aspenMax, ns2Max, aspenMaxAny, STORM, aspenStorm, ns2Storm);
        boolean bothOrNeither = (aspenStorm > 0) == (ns2Storm > 0);
        double big = Math.max(aspenMax, ns2Max);
        double small = Math.min(aspenMax, ns2Max);
        boolean b = bothOrNeither && (big == 0 || (small > 0 && big / small <= 10));
        boolean c = aspenStorm > 0 && ns2Storm == 0;
        boolean dd = totalNs2 < totalAspen / 2;
        System.out.printf(Locale.ROOT, "(a) every flow's mean drops within a factor 1.5 of ns-2's: %s%n", yes(a));
        System.out.printf(Locale.ROOT, "(b) seed 1's highest drops a second within a factor 10, the storm in both or neither: %s%n", yes(b));
        System.out.printf(Locale.ROOT, "(c) the storm in Aspen's seed 1 but not in ns-2's: %s%n", yes(c));
        System.out.printf(Locale.ROOT, "(d) ns-2's mean total drops < 1/2 of Aspen's: %s (%.1f against %.1f)%n", yes(dd), totalNs2,
                totalAspen / 2);
        System.out.println("verdict: " + (c || dd ? "the port's" : a && b ? "ns-2's" : "undecided"));
    }

    static String yes(boolean x) {
        return x ? "yes" : "no";
    }

    static int flow(String name) {
        if (!name.matches("tcp[123]")) {
            fail("flow '" + name + "' is not tcp1, tcp2 or tcp3");
        }
        return name.charAt(3) - '1';
    }

    static double num(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            fail("'" + s + "' is not a number");
            return 0;
        }
    }

    static List<String[]> csv(Path p) throws Exception {
        if (!Files.exists(p)) {
            fail("no file " + p);
        }
        List<String[]> rows = new ArrayList<>();
        for (String l : Files.readAllLines(p)) {
            rows.add(l.split(",", -1));
        }
        return rows;
    }

    static void fail(String what) {
        System.err.println("acns-cubic-keep: " + what);
        System.exit(2);
    }
}
