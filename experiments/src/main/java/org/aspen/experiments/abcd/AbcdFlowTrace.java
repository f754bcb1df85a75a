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
 * the window and the timeouts so far. The run is {@link AbcdRun#simulate} unchanged, with a probe
 * that only reads the senders.
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
     * and optionally ABCD's advised pace (own, the default, or fair).
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 6 && args.length != 7) {
            System.err.println("usage: AbcdFlowTrace CONFIG DELAY_MS SEED BASELINE AVERAGING_MS OUT.csv [own|fair]");
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
                .withRate(args.length == 7 ? args[6] : AbcdConfig.RATE_OWN), b);
        long[] lastAcked = new long[AbcdRun.FLOWS];
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[5])))) {
            out.println("time_s,flow,kbps,advice,pace_kbps,segment,cwnd,timeouts");
            AbcdRun r = AbcdRun.simulate(c, delay, seed, setup, 1_000_000_000L, (nanos, senders) -> {
                for (int i = 0; i < senders.length; i++) {
                    RdpConnection conn = senders[i];
                    if (conn == null) {
                        continue;
                    }
                    long acked = conn.stats().bytesAcked();
                    SenderAdvice a = conn.senderAdvice();
                    out.printf(Locale.ROOT, "%.0f,%d,%.1f,%d,%.1f,%d,%.2f,%d%n", nanos / 1e9, i + 1, (acked - lastAcked[i]) * 8e-3,
                            a.active() ? 1 : 0, a.paceBytesPerSecond() * 8e-3, conn.segmentSize(), conn.congestionState().cwnd(),
                            conn.stats().timeouts());
                    lastAcked[i] = acked;
                }
            });
            System.out.printf(Locale.ROOT, "%s %d ms seed %d: drops %d, flows kb/s %s%n", c.id(), delay, seed, r.drops(),
                    java.util.Arrays.toString(r.flowKbps()));
        }
    }
}
