package org.aspen.experiments.validation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the ns-2.35 half of a validation case with {@code /usr/bin/ns} in a scratch directory and
 * reads its traces (the contract is in {@code validation/lib.tcl}).
 *
 * <pre>{@code
 * if (Ns2Runner.available()) {
 *     RunResult r = Ns2Runner.run(ValidationCases.byName("reno-droptail"), 1, Files.createTempDirectory("ns2"));
 * }
 * }</pre>
 *
 * What is read from where:
 * <ul>
 * <li>goodput: the agent's {@code ack_} at the end, the highest cumulative ACK. With {@code syn_ true}
 *     (ns-2.35's default) packet 0 is a 40-byte SYN without data (tcp/tcp.cc:699-705) and the data
 *     packets are 1, 2, ...: {@code ack_} data packets were delivered in order; with {@code syn_ false}
 *     data starts at packet 0: {@code ack_ + 1} ({@link #delivered});</li>
 * <li>timeouts: {@code nrexmit_}, counted by a timeout that closes the window (tcp/tcp.cc:1911);</li>
 * <li>fast retransmits: {@code ncwndcuts1_ - nrexmit_ - necnresponses_}: ncwndcuts1_ counts every window cut with data
 *     outstanding (tcp/tcp.cc:1248), which for Reno is a timeout, a fast retransmit (tcp/tcp-reno.cc:213,
 *     slowdown in dupack_action) or, with {@code ecn_}, a cut on an ECN echo (tcp/tcp.cc:1432, counted
 *     in necnresponses_ at tcp/tcp.cc:1433; 0 without ECN);</li>
 * <li>ECN cuts: {@code necnresponses_};</li>
 * <li>drops and dropped packets: the {@code d} lines of the bottleneck's trace-queue (flow id field 8,
 *     sequence number field 11: the SYN is 0, data from 1);</li>
 * <li>cwnd: the traced {@code cwnd_}; RED's average: the traced {@code ave_}.</li>
 * </ul>
 */
public final class Ns2Runner {
    /** The ns-2.35 binary (Debian's ns2 package). */
    public static final Path NS = Path.of("/usr/bin/ns");
    private static final long TIMEOUT_SECONDS = 300;

    private Ns2Runner() {
    }

    /** True when ns-2 is installed where the runner looks for it. */
    public static boolean available() {
        return Files.isExecutable(NS);
    }

    /** Runs case {@code c} with ns-2's default RNG seeded with {@code seed}, in {@code dir} (created if needed). */
    public static RunResult run(ValidationCase c, long seed, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        for (String f : ValidationCases.SHARED_TCL) {
            copy(ValidationCases.RESOURCES + f, dir.resolve(f));
        }
        copy(c.tclResource(), dir.resolve(c.name() + ".tcl"));
        Process p = new ProcessBuilder(NS.toString(), c.name() + ".tcl", Long.toString(seed)).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("ns.log").toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("ns " + c.name() + ".tcl " + seed + " did not finish in " + TIMEOUT_SECONDS + " s (" + dir + ")");
        }
        if (p.exitValue() != 0 || !Files.exists(dir.resolve("summary.txt"))) {
            throw new IOException("ns " + c.name() + ".tcl " + seed + " failed (exit " + p.exitValue() + "): "
                    + lastLine(dir.resolve("ns.log")));
        }
        return read(c, dir);
    }

    /** Reads the traces a finished run left in {@code dir}. */
    static RunResult read(ValidationCase c, Path dir) throws IOException {
        Map<String, Map<String, String>> summary = new HashMap<>();
        double redAverageEnd = Double.NaN;
        for (String line : Files.readAllLines(dir.resolve("summary.txt"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2) {
                Map<String, String> kv = new HashMap<>();
                for (int i = 2; i + 1 < f.length; i += 2) {
                    kv.put(f[i], f[i + 1]);
                }
                summary.put(f[0] + " " + f[1], kv);
            }
        }
        List<String> queue = Files.readAllLines(dir.resolve("queue-bottleneck.tr"));
        long drops = 0;
        Map<Integer, List<Long>> droppedByFid = new HashMap<>();
        for (String line : queue) {
            if (line.startsWith("d ")) {
                String[] f = line.trim().split("\\s+");
                drops++;
                if (f[4].equals("tcp")) {
                    droppedByFid.computeIfAbsent(Integer.parseInt(f[7]), k -> new ArrayList<>()).add(Long.parseLong(f[10]));
                }
            }
        }
        Map<String, RunResult.Flow> flows = new LinkedHashMap<>();
        for (int i = 0; i < c.flows().size(); i++) {
            String name = c.flows().get(i);
            Map<String, String> kv = summary.get("flow " + name);
            if (kv == null) {
                throw new IOException("ns-2's summary.txt has no flow " + name);
            }
            double start = Double.parseDouble(kv.get("start"));
            long delivered = delivered(kv);
            long timeouts = Long.parseLong(kv.get("nrexmit"));
            long cuts = Long.parseLong(kv.get("ncwndcuts1"));
            long ecnCuts = Long.parseLong(kv.getOrDefault("necnresponses", "0"));
            List<double[]> cwnd = cwndTrace(dir.resolve("cwnd-" + name + ".tr"), start);
            flows.put(name, new RunResult.Flow(delivered * c.dataFrame() * 8.0 / (c.durationSeconds() - start), delivered, timeouts,
                    cuts - timeouts - ecnCuts, ecnCuts, List.copyOf(droppedByFid.getOrDefault(i + 1, List.of())),
                    RunResult.timeMean(cwnd, start, c.durationSeconds()), cwnd));
        }
        double meanAve = Double.NaN;
        if (c.watchRed()) {
            List<double[]> ave = new ArrayList<>();
            for (String line : Files.readAllLines(dir.resolve("ave-bottleneck.tr"))) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 3 && f[0].equals("a")) {
                    ave.add(new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])});
                }
            }
            meanAve = ave.isEmpty() ? Double.NaN : RunResult.timeMean(ave, ave.get(0)[0], c.durationSeconds());
        }
        return new RunResult(flows, drops, meanAve);
    }

    /**
     * Data packets delivered in order, from a flow's summary line: {@code ack_} (the highest cumulative ACK,
     * tcp.cc:91) with {@code syn_} true, where packet 0 is the SYN without data (tcp.cc:699-705); {@code ack_ + 1}
     * with {@code syn_} false (the acc-*-wide cases' 1998 agent), where packet 0 is data. A line without
     * {@code syn} (older scripts) counts as {@code syn_} true.
     */
    static long delivered(Map<String, String> flowLine) {
        long ack = Long.parseLong(flowLine.get("ack"));
        String syn = flowLine.getOrDefault("syn", "1");
        return syn.equals("0") || syn.equalsIgnoreCase("false") ? ack + 1 : ack;
    }

    /** The cwnd_ lines of an agent trace ({@code time saddr sport daddr dport cwnd_ value}) from the flow's start on. */
    private static List<double[]> cwndTrace(Path file, double start) throws IOException {
        List<double[]> l = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 7 && f[5].equals("cwnd_")) {
                l.add(new double[] {Math.max(start, Double.parseDouble(f[0])), Double.parseDouble(f[6])});
            }
        }
        return l;
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = Ns2Runner.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("no class-path resource " + resource));
            }
            Files.copy(in, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String lastLine(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "no output";
        }
        List<String> lines = Files.readAllLines(log);
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    }
}
