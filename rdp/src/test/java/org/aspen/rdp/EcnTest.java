package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/** A router marks CE; the receiver echoes it until CWR; the sender halves once per window and sets CWR. */
class EcnTest {
    @Test
    void markedBurstCausesOneReductionAndCwr() {
        TestNet net = new TestNet(21, 3, NotificationTest.ROOMY);
        int[] count = new int[1];
        List<Integer> cwrAt = new ArrayList<>();
        List<Ecn> codepoints = new ArrayList<>();
        net.node(1).addInterceptor((p, in) -> {
            if (p.protocol() == Protocol.RDP && p.sourceBits() == net.node(0).address().value() && RdpPackets.dataLength(p) > 0) {
                count[0]++;
                codepoints.add(p.ecn());
                // five marks in a row: one window's worth of congestion
                if (count[0] >= 100 && count[0] < 105) {
                    p.setEcn(Ecn.CE);
                }
                if ((RdpPackets.flags(p) & Segment.CWR) != 0) {
                    cwrAt.add(count[0]);
                }
            }
            return false;
        });
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(2), 7000, RdpOptions.defaults(), ByteSink::discard, x -> { },
                    ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(1, 512 << 10),
                    RdpOptions.defaults(), ProgressListener.NONE, 0);
        });
        net.run(30_000_000_000L);
        ConnectionStats st = s[0].connection().stats();
        assertTrue(s[0].result().join().complete());
        assertTrue(codepoints.stream().allMatch(e -> e == Ecn.ECT0), "data is ECN-capable");
        assertEquals(1, st.windowCloses(CloseCause.ECN), "five marks in one window: one reduction");
        assertEquals(1, st.windowCloses());
        assertTrue(st.ecnEchoes() >= 5);
        assertEquals(1, cwrAt.size(), "CWR on exactly one segment");
        assertTrue(cwrAt.get(0) > 100);
    }

    @Test
    void withoutEcnAgreementDataIsNotEct() {
        TestNet net = new TestNet(22, 2, NotificationTest.ROOMY);
        List<Ecn> codepoints = new ArrayList<>();
        net.node(1).addInterceptor((p, in) -> {
            if (p.protocol() == Protocol.RDP && RdpPackets.dataLength(p) > 0) {
                codepoints.add(p.ecn());
            }
            return false;
        });
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, RdpOptions.defaults().withEcn(false), ByteSink::discard, x -> { },
                    ProgressListener.NONE, 0);
            TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, 64 << 10),
                    RdpOptions.defaults(), ProgressListener.NONE, 0);
        });
        net.run(10_000_000_000L);
        assertTrue(codepoints.size() > 40);
        assertTrue(codepoints.stream().allMatch(e -> e == Ecn.NOT_ECT));
    }

    /**
     * Regression: the once-per-window guard started at sequence 0, so a connection whose random ISN
     * lay in the upper half of the sequence space ignored every ECN echo (and notification). Over
     * eight seeds (both halves occur) each connection reduces on its single mark.
     */
    @Test
    void firstMarkReducesWhateverTheInitialSequenceNumber() {
        boolean upperHalfSeen = false;
        for (long seed = 1; seed <= 8; seed++) {
            TestNet net = new TestNet(seed, 3, NotificationTest.ROOMY);
            int[] count = new int[1];
            net.node(1).addInterceptor((p, in) -> {
                if (p.protocol() == Protocol.RDP && RdpPackets.dataLength(p) > 0 && ++count[0] == 20) {
                    p.setEcn(Ecn.CE);
                }
                return false;
            });
            TransferSender[] s = new TransferSender[1];
            net.at(0, () -> {
                TransferReceiver.listen(net.rdp(2), 7000, RdpOptions.defaults(), ByteSink::discard, x -> { },
                        ProgressListener.NONE, 0);
                s[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(1, 128 << 10),
                        RdpOptions.defaults(), ProgressListener.NONE, 0);
            });
            net.run(10_000_000_000L);
            upperHalfSeen |= s[0].connection().iss + 1 <= 0;
            assertEquals(1, s[0].connection().stats().windowCloses(CloseCause.ECN), "seed " + seed + ", iss " + s[0].connection().iss);
        }
        assertTrue(upperHalfSeen, "the seeds cover an ISN in the upper half");
    }
}
