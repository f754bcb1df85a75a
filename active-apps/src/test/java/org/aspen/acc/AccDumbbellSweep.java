package org.aspen.acc;

import java.util.Locale;
import org.aspen.acc.aa.AccConfig;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;

/**
 * A quick look (not the paper's experiment, and not a test): aggregate goodput of the two senders (both transfers' bytes from the first start to the
 * last completion)
 * of {@link Dumbbell} with ACC (filters upstream) and without, over a few bottleneck delays and seeds.
 *
 * <pre>{@code
 * java -cp active-apps/target/test-classes:active-apps/target/classes:$(cat cp.txt) org.aspen.acc.AccDumbbellSweep
 * }</pre>
 */
public final class AccDumbbellSweep {
    private AccDumbbellSweep() {
    }

    public static void main(String[] args) {
        long bytes = 1_000_000;
        int seeds = 5;
        System.out.println("delay_ms,mode,mean_aggregate_kbps,sd_kbps,closes_per_flow,mean_close_magnitude,acc_closes,timeouts");
        for (long delayMs : new long[] {10, 40, 100, 200}) {
            LinkConfig bottleneck = new LinkConfig(2_000_000, delayMs * Dumbbell.MS, QueueLimit.packets(15), 1);
            for (boolean acc : new boolean[] {false, true}) {
                double sum = 0;
                double sq = 0;
                long closes = 0;
                long accCloses = 0;
                long timeouts = 0;
                double magnitude = 0;
                for (int seed = 1; seed <= seeds; seed++) {
                    Dumbbell db = new Dumbbell(seed, true, acc ? AccConfig.DEFAULT : null, bottleneck);
                    Dumbbell.Result r = db.run(bytes);
                    double agg = r.aggregateBps(bytes) / 1e3;
                    for (TransferSummary s : r.sent()) {
                        closes += s.series().windowCloses();
                        accCloses += s.series().windowCloses(CloseCause.NOTIFICATION);
                        timeouts += s.series().windowCloses(CloseCause.TIMEOUT);
                        magnitude += s.series().totalCloseMagnitude();
                    }
                    sum += agg;
                    sq += agg * agg;
                }
                double mean = sum / seeds;
                double sd = Math.sqrt(Math.max(0, sq / seeds - mean * mean));
                System.out.printf(Locale.ROOT, "%d,%s,%.0f,%.0f,%.2f,%.2f,%d,%d%n", delayMs, acc ? "acc" : "reno", mean, sd,
                        closes / (2.0 * seeds), closes == 0 ? 0 : magnitude / closes, accCloses, timeouts);
            }
        }
    }
}
