package org.aspen.rdp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * Two nodes, 10 ms each way, no rate limit (every round trip is exactly 20 ms): node 0 sends
 * {@code segments} segments of 1000 bytes to node 1 over one connection, and the forward link logs
 * every data segment by ns-2's numbering (the SYN is seqno 0, data starts at 1) and drops the first
 * transmission of the seqnos named (and the first {@code dropSyns} SYNs).
 */
final class Ns2Path {
    static final long ONE_WAY = 10_000_000L;
    final TestNet net;
    final RdpConnection[] sender = new RdpConnection[1];
    final RdpConnection[] receiver = new RdpConnection[1];
    /** ns-2 seqno of each data segment sent, in order. */
    final List<Integer> sent = new ArrayList<>();
    final List<Long> sentAt = new ArrayList<>();
    /** Whether each data segment sent carried CWR (ns-2's cong_action), in order. */
    final List<Boolean> cwr = new ArrayList<>();
    /** Sender's flight (segments outstanding, this one included) as each data segment left. */
    int maxFlight;
    /** While true every data segment is logged and dropped (a silent path). */
    boolean silent;
    /**
     * Drops data frames by their place on the link counted as ns-2's ErrorModel/List counts
     * (queue/errmodel.cc:764-768): the SYN is 0, so the n-th data frame (resends included) is n.
     */
    java.util.function.IntPredicate dropLinkCount = i -> false;
    private final Map<Integer, Integer> copies = new HashMap<>();
    /** Send times of every SYN on the forward link. */
    final List<Long> synAt = new ArrayList<>();
    /** This many of the first SYNs are dropped. */
    int dropSyns;

    Ns2Path(long seed, Supplier<CongestionControl> cc, int segments, IntPredicate dropFirstCopy) {
        this(seed, RdpOptions.defaults().withCongestionControl(cc), segments, dropFirstCopy);
    }

    Ns2Path(long seed, RdpOptions base, int segments, IntPredicate dropFirstCopy) {
        net = new TestNet(seed, 2, new LinkConfig(0, ONE_WAY, QueueLimit.packets(10_000), 1));
        RdpOptions o = base.withSendBuffer(segments + 1).withMaxOutstanding(1024);
        net.forward.get(0).dropFrame = f -> {
            Packet p = Packet.wrapValidated(f);
            Segment seg = new Segment();
            byte[] pl = p.payload();
            if (p.protocol() != Protocol.RDP || SegmentCodec.decode(pl, 0, pl.length, seg) != null) {
                return false;
            }
            if (seg.has(Segment.SYN)) {
                synAt.add(net.sim.nanos());
                return synAt.size() <= dropSyns;
            }
            if (seg.dataLength == 0) {
                return false;
            }
            int seqno = seg.seq - sender[0].iss;
            sent.add(seqno);
            sentAt.add(net.sim.nanos());
            cwr.add(seg.has(Segment.CWR));
            maxFlight = Math.max(maxFlight, sender[0].congestionState().flight());
            return (copies.merge(seqno, 1, Integer::sum) == 1 && dropFirstCopy.test(seqno)) || silent
                    || dropLinkCount.test(sent.size());
        };
        net.at(0, () -> {
            net.rdp(1).listen(7000, o, c -> {
                receiver[0] = c;
                return new ConnectionListener() { };
            });
            sender[0] = net.rdp(0).connect(net.node(1).address(), 7000, o, new ConnectionListener() {
                @Override
                public void onOpen(RdpConnection c) {
                    for (int k = 0; k < segments; k++) {
                        c.send(new byte[1000]);
                    }
                }
            });
        });
    }

    Ns2Path run(long nanos) {
        net.run(nanos);
        return this;
    }

    ConnectionStats stats() {
        return sender[0].stats();
    }

    /** The seqno sent most often (the first of them). */
    int mostCopied() {
        return sent.stream().max(java.util.Comparator.comparingInt((Integer x) -> copies(x)).thenComparingInt(x -> -x))
                .orElseThrow();
    }

    /** Times a seqno was sent. */
    int copies(int seqno) {
        return copies.getOrDefault(seqno, 0);
    }

    /** Seqnos sent after the {@code n}-th (from 1) transmission of {@code seqno}, in order. */
    List<Integer> sentAfter(int seqno, int n) {
        int seen = 0;
        for (int i = 0; i < sent.size(); i++) {
            if (sent.get(i) == seqno && ++seen == n) {
                return sent.subList(i + 1, sent.size());
            }
        }
        throw new AssertionError("seqno " + seqno + " was not sent " + n + " times");
    }

    /** Send times of every copy of {@code seqno}. */
    List<Long> sendTimes(int seqno) {
        List<Long> t = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            if (sent.get(i) == seqno) {
                t.add(sentAt.get(i));
            }
        }
        return t;
    }
}
