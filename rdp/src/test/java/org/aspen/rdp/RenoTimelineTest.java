package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/** Reno on a simulated path, read from the connection's own time series against the rules. */
class RenoTimelineTest {
    static final long RTT = 20_000_000L;

    @Test
    void slowStartDoublesEveryRoundTripOnTheWire() {
        // 10 ms each way, no rate limit: one RTT is exactly 20 ms
        TestNet net = new TestNet(51, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, RdpOptions.defaults().withMaxOutstanding(4096), ByteSink::discard,
                    x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, 4 << 20),
                    RdpOptions.defaults().withMaxOutstanding(4096), ProgressListener.NONE, 0);
        });
        net.run(10_000_000_000L);
        List<ConnectionStats.Sample> series = s[0].connection().stats().samples();
        // the handshake takes one RTT; data starts at 20 ms with cwnd 2 and each round trip doubles it
        for (int k = 0; k < 6; k++) {
            long end = RTT + (k + 1) * RTT + RTT / 2;
            double cwnd = series.stream().filter(x -> x.nanos() <= end).mapToDouble(ConnectionStats.Sample::cwnd).max().orElse(0);
            assertEquals(2 << (k + 1), cwnd, 1e-9, "cwnd after " + (k + 1) + " round trips");
        }
        assertTrue(s[0].result().join().complete());
        assertEquals(0, s[0].connection().stats().windowCloses());
    }
}
