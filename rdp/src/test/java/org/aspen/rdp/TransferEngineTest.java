package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transfer engine the CLI builds on: files in and out, progress reports, and an interrupted transfer. */
class TransferEngineTest {
    @Test
    void fileToStreamWithProgress(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("in.bin");
        byte[] content = new byte[300_000];
        new java.util.SplittableRandom(9).nextBytes(content);
        Files.write(file, content);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<long[]> progress = new ArrayList<>();
        List<TransferSummary> done = new ArrayList<>();
        TestNet net = new TestNet(41, 2, TestNet.FAST);
        TransferSender[] s = new TransferSender[1];
        try (InputStream in = Files.newInputStream(file)) {
            net.at(0, () -> {
                TransferReceiver.listen(net.rdp(1), 7000, RdpOptions.defaults(), () -> ByteSink.of(out), done::add,
                        (b, t, n, r) -> { }, 0);
                s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.of(in, content.length),
                        RdpOptions.defaults(), (b, t, n, r) -> progress.add(new long[] {b, t, n, (long) r}), 50_000_000L);
            });
            net.run(30_000_000_000L);
        }
        assertArrayEquals(content, out.toByteArray());
        TransferSummary sent = s[0].result().join();
        assertTrue(sent.complete());
        assertEquals(done.get(0).sha256(), sent.sha256());
        assertTrue(progress.size() >= 3, "progress every 50 ms plus the final call: " + progress.size());
        for (int i = 1; i < progress.size(); i++) {
            assertTrue(progress.get(i)[0] >= progress.get(i - 1)[0], "bytes never go back");
        }
        long[] last = progress.get(progress.size() - 1);
        assertEquals(content.length, last[0]);
        assertEquals(content.length, last[1]);
        assertTrue(sent.goodputBps() > 0);
    }

    @Test
    void theSenderReusesAcknowledgedArraysAndTheBytesStillArriveIntactUnderLoss() {
        long size = 8 << 20;
        ByteSource seeded = ByteSource.seeded(5, size);
        java.util.Set<byte[]> arrays = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        int[] reads = {0};
        ByteSource watched = new ByteSource() {
            @Override
            public int read(byte[] buf) {
                arrays.add(buf);
                reads[0]++;
                return seeded.read(buf);
            }

            @Override
            public long size() {
                return size;
            }
        };
        TestNet net = new TestNet(43, 2, TestNet.FAST);
        net.forward.get(0).loss(0.05);
        net.backward.get(0).loss(0.05);
        List<TransferSummary> done = new ArrayList<>();
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, RdpOptions.defaults(), ByteSink::discard, done::add, (b, t, n, r) -> { }, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, watched, RdpOptions.defaults(),
                    (b, t, n, r) -> { }, 0);
        });
        net.run(60_000_000_000L);
        TransferSummary sent = s[0].result().join();
        assertTrue(sent.complete(), sent.toMap().toString());
        assertTrue(sent.retransmissions() > 0, "the loss made retransmissions");
        assertEquals(size, done.get(0).bytes());
        assertEquals(sent.sha256(), done.get(0).sha256(), "a reused array never changed bytes still to be retransmitted");
        // one array per segment before; now those of one window and the spare ones
        assertTrue(arrays.size() < reads[0] / 4, arrays.size() + " arrays for " + reads[0] + " segments");
    }

    @Test
    void cutConnectionGivesIncompleteSummariesOnBothEnds() {
        TestNet net = new TestNet(42, 2, TestNet.FAST);
        List<TransferSummary> done = new ArrayList<>();
        TransferSender[] s = new TransferSender[1];
        RdpOptions o = RdpOptions.defaults().withKeepAlive(200_000_000L, 1_000_000_000L);
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, o, ByteSink::discard, done::add, (b, t, n, r) -> { }, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, 8 << 20), o,
                    (b, t, n, r) -> { }, 0);
        });
        net.run(500_000_000L);
        net.forward.get(0).blackhole = true;
        net.backward.get(0).blackhole = true;
        net.run(10_000_000_000L);
        TransferSummary sent = s[0].result().join();
        assertFalse(sent.complete());
        assertEquals(CloseReason.PEER_DEAD, sent.end());
        assertEquals(1, done.size());
        assertFalse(done.get(0).complete());
        assertTrue(done.get(0).bytes() < 8 << 20 && done.get(0).bytes() > 0);
    }
}
