package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.junit.jupiter.api.Test;

/** Multi-megabyte transfers through impaired links arrive byte-exact (SHA-256), with the work counted. */
class LossyTransferTest {
    static final long SIZE = 2L << 20;
    static final long TIMEOUT = 4 * 3_600_000_000_000L;

    record Outcome(TransferSummary sent, TransferSummary received) {
    }

    static Outcome transfer(long seed, int hops, long size, RdpOptions options, Consumer<TestNet> impair) {
        return transfer(seed, hops, size, options, TestNet.FAST, impair);
    }

    static Outcome transfer(long seed, int hops, long size, RdpOptions options, LinkConfig link, Consumer<TestNet> impair) {
        TestNet net = new TestNet(seed, hops + 1, link);
        impair.accept(net);
        List<TransferSummary> got = new ArrayList<>();
        TransferSummary[] sent = new TransferSummary[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(hops), 7000, options, ByteSink::discard, got::add, ProgressListener.NONE, 0);
            TransferSender.start(net.rdp(0), net.node(hops).address(), 7000, ByteSource.seeded(seed, size), options,
                    ProgressListener.NONE, 0).result().thenAccept(s -> {
                        sent[0] = s;
                        net.sim.stop();
                    });
        });
        net.run(TIMEOUT);
        // let the receiver hear the final RST
        net.run(5_000_000_000L);
        assertEquals(1, got.size(), "receiver finished; sender: " + (sent[0] == null ? null : sent[0].toMap()));
        return new Outcome(sent[0], got.get(0));
    }

    static void assertExact(Outcome o, long size) {
        assertTrue(o.sent().complete(), "sender saw everything acknowledged: " + o.sent().toMap());
        assertTrue(o.received().complete(), "receiver got the announced size: " + o.received().toMap());
        assertEquals(size, o.received().bytes());
        assertEquals(o.sent().sha256(), o.received().sha256());
    }

    @Test
    void cleanTransferNeedsNoRetransmission() {
        // the window (at most 256 outstanding) never fills this 1000-packet queue
        Outcome o = transfer(1, 1, SIZE, RdpOptions.defaults(), new LinkConfig(10_000_000, 5_000_000, QueueLimit.packets(1000), 1), n -> { });
        assertExact(o, SIZE);
        assertEquals(0, o.sent().retransmissions());
    }

    @Test
    void onePercentLossBothWays() {
        Outcome o = transfer(2, 2, SIZE, RdpOptions.defaults(), n -> {
            n.forward.forEach(i -> i.loss(0.01));
            n.backward.forEach(i -> i.loss(0.01));
        });
        assertExact(o, SIZE);
        assertTrue(o.sent().retransmissions() > 0);
    }

    @Test
    void tenPercentLossBothWays() {
        Outcome o = transfer(3, 2, SIZE, RdpOptions.defaults(), n -> {
            n.forward.forEach(i -> i.loss(0.10));
            n.backward.forEach(i -> i.loss(0.10));
        });
        assertExact(o, SIZE);
        assertTrue(o.sent().retransmissions() > 100, "retransmissions " + o.sent().retransmissions());
    }

    @Test
    void thirtyPercentLossOnTheDataPath() {
        Outcome o = transfer(4, 1, SIZE, RdpOptions.defaults(), n -> n.forward.get(0).loss(0.30));
        assertExact(o, SIZE);
        assertTrue(o.sent().retransmissions() > 500, "retransmissions " + o.sent().retransmissions());
    }

    @Test
    void thirtyPercentLossBothWays() {
        Outcome o = transfer(14, 1, SIZE, RdpOptions.defaults(), n -> {
            n.forward.get(0).loss(0.30);
            n.backward.get(0).loss(0.30);
        });
        assertExact(o, SIZE);
        assertTrue(o.sent().retransmissions() > 500, "retransmissions " + o.sent().retransmissions());
    }

    @Test
    void sameSeedSameRun() {
        Outcome a = transfer(15, 2, 256 << 10, RdpOptions.defaults(), n -> n.forward.forEach(i -> i.loss(0.05)));
        Outcome b = transfer(15, 2, 256 << 10, RdpOptions.defaults(), n -> n.forward.forEach(i -> i.loss(0.05)));
        assertEquals(a.sent().toMap(), b.sent().toMap());
        assertEquals(a.received().toMap(), b.received().toMap());
        assertEquals(a.sent().series().samples(), b.sent().series().samples());
    }

    @Test
    void reorderingDuplicationAndCorruption() {
        Outcome o = transfer(5, 2, SIZE, RdpOptions.defaults(), n -> {
            for (Impairment i : n.forward) {
                i.reorder = 0.05;
                i.duplicate = 0.05;
                i.corrupt = 0.02;
            }
            for (Impairment i : n.backward) {
                i.duplicate = 0.05;
                i.corrupt = 0.02;
            }
        });
        assertExact(o, SIZE);
        assertTrue(o.received().series().duplicates() > 0, "duplicates seen");
        assertTrue(o.received().series().outOfOrder() > 0, "reordering seen");
    }

    @Test
    void unsequencedDeliveryStillDeliversEveryByteOnce() {
        // unsequenced: bytes arrive in a different order, so only the count and the multiset matter
        Outcome o = transfer(6, 1, 256 << 10, RdpOptions.defaults().withSequenced(false), n -> {
            n.forward.get(0).loss(0.05);
            n.forward.get(0).reorder = 0.1;
        });
        assertTrue(o.sent().complete());
        assertEquals(256 << 10, o.received().bytes());
    }
}
