package org.aspen.experiments.abcd;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.SenderAdvice;

/**
 * A per-flow trace of one ACC-ABCD Table 1 run, for finding which flows starve and why
 * (docs/traces/abcd-contradictions.md): every second, for each of the ten bulk senders, the bytes
 * acknowledged in that second, whether ABCD advice is in force, the advised pace and segment size,
 * the window and the timeouts so far. Beside it ({@code OUT-link.csv}) the bottleneck r2 -> r3 every
 * second: the kb/s it sent, the share of the second it was busy, its queue at the instant, its drops
 * so far, and how many senders were paced by advice with the sum of their advised paces (data kb/s,
 * and on the wire with 60 header bytes per segment). The run is {@link AbcdRun#simulate} unchanged,
 * with a probe that only reads the senders and the link.
 *
 * <pre>{@code
 * java -cp aspen.jar org.aspen.experiments.abcd.AbcdFlowTrace abcd 100 1 ns2 2000 trace.csv
 * }</pre>
 */
public final class AbcdFlowTrace {
    private AbcdFlowTrace() {
    }

    /**
     * Arguments: config (reno, acc, abcd), R1-R2 delay in ms, seed, baseline (ns2, rdp), averaging ms, output CSV,
     * and optionally ABCD's advised pace (own, the default, or fair) and the sampling period in ms (default 1000;
     * other periods give time in tenths of a second and rates over the period).
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 6 || args.length > 8) {
            System.err.println("usage: AbcdFlowTrace CONFIG DELAY_MS SEED BASELINE AVERAGING_MS OUT.csv [own|fair [PERIOD_MS]]");
            System.exit(2);
        }
        AbcdRun.Config c = AbcdRun.Config.byId(args[0]);
        AbcdBaseline b = AbcdBaseline.byId(args[3]);
        if (c == null || b == null) {
            System.err.println("AbcdFlowTrace: unknown config '" + args[0] + "' or baseline '" + args[3] + "'");
            System.exit(2);
        }
        int delay = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        AbcdRun.Setup setup = new AbcdRun.Setup(200, AbcdRun.BUFFER, AbcdConfig.DEFAULT.withAveragingMs(Long.parseLong(args[4]))
                .withRate(args.length >= 7 ? args[6] : AbcdConfig.RATE_OWN), b);
        long periodMs = args.length == 8 ? Long.parseLong(args[7]) : 1000;
        double perSecond = 1000.0 / periodMs;
        String time = periodMs == 1000 ? "%.0f" : "%.1f";
        long[] lastAcked = new long[AbcdRun.FLOWS];
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[5])))) {
            out.println("time_s,flow,kbps,advice,pace_kbps,segment,cwnd,timeouts");
            Path linkOut = Path.of(args[5].endsWith(".csv") ? args[5].substring(0, args[5].length() - 4) + "-link.csv"
                    : args[5] + "-link.csv");
            PrintWriter link = new PrintWriter(Files.newBufferedWriter(linkOut));
            link.println("time_s,sent_kbps,busy,queue_packets,drops,paced_flows,pace_sum_kbps,pace_sum_wire_kbps");
            double[] paced = new double[3];
            long[] lastLink = new long[2];
            AbcdRun r = AbcdRun.simulate(c, delay, seed, setup, periodMs * 1_000_000L, new AbcdRun.Probe() {
                @Override
                public void sample(long nanos, RdpConnection[] senders) {
                    java.util.Arrays.fill(paced, 0);
                    for (int i = 0; i < senders.length; i++) {
                        RdpConnection conn = senders[i];
                        if (conn == null) {
                            continue;
                        }
                        long acked = conn.stats().bytesAcked();
                        SenderAdvice a = conn.senderAdvice();
                        out.printf(Locale.ROOT, time + ",%d,%.1f,%d,%.1f,%d,%.2f,%d%n", nanos / 1e9, i + 1,
                                (acked - lastAcked[i]) * 8e-3 * perSecond,
                                a.active() ? 1 : 0, a.paceBytesPerSecond() * 8e-3, conn.segmentSize(), conn.congestionState().cwnd(),
                                conn.stats().timeouts());
                        lastAcked[i] = acked;
                        if (a.active() && a.paceBytesPerSecond() > 0) {
                            paced[0]++;
                            paced[1] += a.paceBytesPerSecond() * 8e-3;
                            paced[2] += a.paceBytesPerSecond() * 8e-3 * (conn.segmentSize() + 60.0) / conn.segmentSize();
                        }
                    }
                }

                @Override
                public void link(long nanos, org.aspen.vnet.link.Link l) {
                    var k = l.counters();
                    long busy = Math.round(k.utilisation(nanos) * nanos);   // busy time since 0, a transmission in progress included
                    link.printf(Locale.ROOT, time + ",%.1f,%.3f,%d,%d,%.0f,%.1f,%.1f%n", nanos / 1e9,
                            (k.sentBytes - lastLink[0]) * 8e-3 * perSecond, (busy - lastLink[1]) / 1e9 * perSecond, l.queueState().packets(),
                            k.totalDrops(), paced[0], paced[1], paced[2]);
                    lastLink[0] = k.sentBytes;
                    lastLink[1] = busy;
                }
            });
            link.close();
            System.out.printf(Locale.ROOT, "%s %d ms seed %d: drops %d, flows kb/s %s%n", c.id(), delay, seed, r.drops(),
                    java.util.Arrays.toString(r.flowKbps()));
        }
    }
}
