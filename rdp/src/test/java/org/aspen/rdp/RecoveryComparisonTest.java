package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 item 4: classic against modern recovery under the same random loss, in simulation. One
 * 20 Mb/s link, 10 ms each way, a queue no window fills, the same seeded loss on both directions;
 * 4 MB per run. Reports goodput, resends, timeouts and repairs per round trip (resends counted in
 * consecutive 20 ms intervals, averaged over the intervals that hold one), and writes the table to
 * {@code target/recovery-comparison.md} (docs/rdp.md, "Modern recovery", shows it).
 */
class RecoveryComparisonTest {
    static final long RTT = 20_000_000L;
    static final long SIZE = 4L << 20;

    record Row(double loss, long seed, Recovery recovery, double goodputMbps, long resends, long timeouts,
               int repairRounds, double repairsPerRound, int maxRepairsPerRound) {
    }

    static Row run(double loss, long seed, Recovery r) {
        TestNet net = new TestNet(seed, 2, new LinkConfig(20_000_000, RTT / 2, QueueLimit.packets(1000), 1));
        net.forward.get(0).loss(loss);
        net.backward.get(0).loss(loss);
        Set<Integer> seen = new HashSet<>();
        List<Long> resendTimes = new ArrayList<>();
        net.forward.get(0).dropFrame = f -> {
            Packet p = Packet.wrapValidated(f);
            Segment seg = new Segment();
            byte[] pl = p.payload();
            if (p.protocol() == Protocol.RDP && SegmentCodec.decode(pl, 0, pl.length, seg) == null && seg.dataLength > 0
                    && !seen.add(seg.seq)) {
                resendTimes.add(net.sim.nanos());
            }
            return false;
        };
        RdpOptions o = RdpOptions.defaults().withRecovery(r);
        TransferSummary[] sent = new TransferSummary[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, o, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
            TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(seed, SIZE), o,
                    ProgressListener.NONE, 0).result().thenAccept(s -> {
                        sent[0] = s;
                        net.sim.stop();
                    });
        });
        net.run(3_600_000_000_000L);
        assertTrue(sent[0] != null && sent[0].complete(), r + " at " + loss + " seed " + seed);
        List<Integer> perRound = new ArrayList<>();
        long bucket = Long.MIN_VALUE;
        for (long t : resendTimes) {
            long b = t / RTT;
            if (b != bucket) {
                perRound.add(0);
                bucket = b;
            }
            perRound.set(perRound.size() - 1, perRound.get(perRound.size() - 1) + 1);
        }
        double mean = perRound.isEmpty() ? 0 : perRound.stream().mapToInt(Integer::intValue).average().orElse(0);
        int max = perRound.stream().mapToInt(Integer::intValue).max().orElse(0);
        return new Row(loss, seed, r, sent[0].goodputBps() / 1e6, sent[0].retransmissions(),
                sent[0].series().timeouts(), perRound.size(), mean, max);
    }

    @Test
    void modernRepairsMorePerRoundTripThanClassicUnderTheSameLoss() throws IOException {
        StringBuilder md = new StringBuilder("| loss each way | seed | recovery | goodput Mb/s | resends | timeouts | "
                + "round trips with repairs | repairs per such round trip (mean / max) |\n|---|---|---|---|---|---|---|---|\n");
        for (double loss : new double[] {0.01, 0.05}) {
            double[] mean = new double[2];
            for (long seed = 1; seed <= 3; seed++) {
                for (Recovery r : new Recovery[] {Recovery.CLASSIC, Recovery.MODERN}) {   // docs/rdp.md's table
                    Row row = run(loss, seed, r);
                    mean[r.ordinal()] += row.repairsPerRound() / 3;
                    md.append(String.format(Locale.ROOT, "| %.0f %% | %d | %s | %.2f | %d | %d | %d | %.2f / %d |%n",
                            loss * 100, seed, r.label(), row.goodputMbps(), row.resends(), row.timeouts(),
                            row.repairRounds(), row.repairsPerRound(), row.maxRepairsPerRound()));
                }
            }
            assertTrue(mean[Recovery.MODERN.ordinal()] > mean[Recovery.CLASSIC.ordinal()],
                    "repairs per round trip at " + loss + ": " + md);
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "recovery-comparison.md"), md);
        System.out.println(md);
    }
}
