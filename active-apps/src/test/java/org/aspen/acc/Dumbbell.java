package org.aspen.acc;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.aspen.acc.aa.AccConfig;
import org.aspen.ee.AaInstance;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;

/**
 * Two RDP bulk senders through a drop-tail bottleneck r1 -> r2, to a receiver each:
 * {@code s1, s2 -> [a ->] r1 -> r2 -> d1, d2}. With the access router {@code a}, the previous hop of
 * the packets r1 drops is a router, so filters start there on demand; without it they run on r1.
 *
 * <pre>{@code
 * Dumbbell db = new Dumbbell(3, true, AccConfig.DEFAULT);
 * Dumbbell.Result r = db.run(300_000);
 * }</pre>
 */
final class Dumbbell {
    static final long MS = 1_000_000L;
    static final LinkConfig ACCESS = new LinkConfig(10_000_000, 10 * MS, QueueLimit.packets(100), 1);
    static final LinkConfig BOTTLENECK = new LinkConfig(2_000_000, 40 * MS, QueueLimit.packets(15), 1);

    /** @param lastDoneNanos when the last sender saw all its data acknowledged (both start from 0 and the stagger) */
    record Result(List<TransferSummary> sent, List<TransferSummary> received, long lastDoneNanos) {
        /** Both transfers' bytes over the time from the first start to the last completion, b/s. */
        double aggregateBps(long bytesEach) {
            return 2 * bytesEach * 8e9 / lastDoneNanos;
        }
    }

    final AccLab lab;
    final long seed;
    AaInstance monitor;

    /** {@code acc} null: no ACC at all (the Reno baseline). */
    Dumbbell(long seed, boolean accessRouter, AccConfig acc) {
        this(seed, accessRouter, acc, BOTTLENECK);
    }

    Dumbbell(long seed, boolean accessRouter, AccConfig acc, LinkConfig bottleneck) {
        this(seed, accessRouter, acc, bottleneck, true);
    }

    /** {@code filterCodeUpstream} false: no node but r1 has the filter code, so requests to a fail there. */
    Dumbbell(long seed, boolean accessRouter, AccConfig acc, LinkConfig bottleneck, boolean filterCodeUpstream) {
        this.seed = seed;
        lab = new AccLab(seed).add("s1").add("s2").add("r1").add("r2").add("d1").add("d2");
        String edge = "r1";
        if (accessRouter) {
            lab.add("a").connect("a", "r1", new LinkConfig(10_000_000, MS, QueueLimit.packets(100), 1));
            edge = "a";
        }
        lab.connect("s1", edge, ACCESS).connect("s2", edge, ACCESS).connect("r1", "r2", bottleneck)
                .connect("r2", "d1", ACCESS).connect("r2", "d2", ACCESS).routes();
        if (acc != null) {
            if (filterCodeUpstream) {
                lab.ees.values().forEach(AccSetup::installFilter);
            }
            monitor = AccSetup.install(lab.ee("r1"), acc);
        }
    }

    Result run(long bytesEach) {
        RdpOptions options = RdpOptions.defaults().withMaxSegment(1000);
        List<TransferSummary> got = new ArrayList<>();
        List<TransferSummary> sent = new ArrayList<>();
        long[] lastDone = new long[1];
        // the seed staggers the second sender's start (0-500 ms), so seeds give different dynamics
        long stagger = new SplittableRandom(seed).nextLong(500) * MS;
        for (int i = 1; i <= 2; i++) {
            String s = "s" + i;
            String d = "d" + i;
            long dataSeed = seed * 31 + i;
            long start = i == 1 ? 0 : stagger;
            lab.net.at(start, s, () -> {
                TransferReceiver.listen(RdpStack.install(lab.node(d)), 7000, options, ByteSink::discard, got::add,
                        ProgressListener.NONE, 0);
                TransferSender.start(RdpStack.install(lab.node(s)), lab.addr(d), 7000, ByteSource.seeded(dataSeed, bytesEach),
                        options, ProgressListener.NONE, 0).result().thenAccept(sum -> {
                            sent.add(sum);
                            lastDone[0] = Math.max(lastDone[0], lab.net.now());
                        });
            });
        }
        long step = 500 * MS;
        for (long t = 0; t < 600_000 * MS && got.size() < 2; t += step) {
            lab.run(step);
        }
        lab.run(5_000 * MS);   // let the final RSTs land
        return new Result(sent, got, lastDone[0]);
    }
}
