package org.aspen.experiments.abcd;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.experiments.sweep.Ids;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;

/**
 * The transport and bottleneck queue of the ACC-ABCD experiment: the paper's own baseline, ns-2's
 * Agent/TCP/Reno over ns-2's byte-mode Queue/DropTail, in the reading docs/ns2-baseline.md
 * ("ACC-ABCD: Table 1") fixed before the runs, or Aspen RDP over Aspen's drop-tail (every committed
 * result before issue #28). Reno, ACC and ACC-ABCD share the baseline's senders; ACC's endpoint
 * reaction on ns-2's Reno is the one {@code acc-figure4 --baseline ns2} uses
 * ({@link Ns2Reno#onNotification}), and ABCD's advice sizes and paces the agent's new packets
 * (docs/abcd.md, "On the ns-2 baseline").
 *
 * <pre>{@code
 * AbcdBaseline b = AbcdBaseline.byId("ns2");
 * RdpOptions senders = b.options();      // Ns2Reno, 980-byte segments (1040 on the wire), one queued
 * Object queue = b.queue();              // {kind: ns2-droptail, queue_in_bytes: true, mean_pktsize: 1000}
 * }</pre>
 *
 * <ul>
 * <li>{@link #NS2}, the primary reading: the text's values ("TCP" extended from Faber's "TCP Reno"
 *     code, "1000 byte packets", a queue in byte mode whose "mean packet size is set to the original
 *     size of packets") and ns-2's defaults of 2002 for the rest: window_ 20, windowInit_ 2 after a
 *     SYN, Limited Transmit, tcpTick_ 0.01 s, minrto_ 1 s, rtxcur_init_ 6 s, maxrto_ 64 s,
 *     packetSize_ 1000 plus the 40-byte header; DropTail limit_ 50 x mean_pktsize_ 1000.</li>
 * <li>{@link #NS2_235}: ns-2.35's agent defaults (minrto_ 0.2 s, rtxcur_init_ 3 s, maxrto_ 60 s), the
 *     text's packets and queue kept.</li>
 * <li>{@link #RDP}: Aspen RDP with RDP's Reno, 1000-byte frames, 8 segments queued, over Aspen's
 *     drop-tail limited to the same bytes.</li>
 * </ul>
 */
public enum AbcdBaseline {
    NS2("ns2", "ns-2 Reno, 2002 defaults"),
    NS2_235("ns2-2.35", "ns-2 Reno, ns-2.35 defaults"),
    RDP("rdp", "Aspen RDP");

    /** ns-2's packetSize_ the text gives ("All endpoints use 1000 byte packets"); also the queue's mean_pktsize_. */
    public static final int PACKET_SIZE = 1000;
    /** The TCP/IP header ns-2 adds to packetSize_ with useHeaders_ true (tcp.cc:634-646, 762-763; ns-default.tcl:991). */
    public static final int TCPIP_HEADER = 40;
    /** window_: ns-2's default of every era (ns-default.tcl:919); the text gives none. */
    public static final int WINDOW = 20;

    private final String id;
    /** The name in tables. */
    public final String label;

    AbcdBaseline(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The name on the command line and in the files: ns2, ns2-2.35, rdp. */
    public String id() {
        return id;
    }

    /** The baseline with this {@link #id()}, or null. */
    public static AbcdBaseline byId(String id) {
        return Ids.byId(values(), AbcdBaseline::id, id);
    }

    public boolean ns2() {
        return this != RDP;
    }

    /** The Agent/TCP variables this reading sets apart from ns-2.35's defaults (docs/ns2-baseline.md), or null. */
    public Map<String, Object> agent() {
        if (this == RDP) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("window", WINDOW);                            // text silent; ns-default.tcl:919, every era
        if (this == NS2) {
            // windowInit_ 2, syn_, delay_growth_, singledup_ 1, tcpTick_ 0.01: ns-2.35's already (changed 2001-2002)
            m.put("minrto", 1.0);                           // 1 s when added in 2001, 0.2 s from 2004-10-14 (CHANGES.html:1735)
            m.put("rtxcur_init", 6.0);                      // 6 s before 2006-01-23 (CHANGES.html:357)
            m.put("maxrto", 64);                            // 64 s before 2007-03-28 (CHANGES.html:4896)
        }
        return m;
    }

    /** The agent's variables: ns-2.35's defaults with {@link #agent()} over them (null for RDP). */
    public Ns2Params params() {
        if (this == RDP) {
            return null;
        }
        Map<String, Number> vars = new LinkedHashMap<>();
        agent().forEach((k, v) -> vars.put(k, (Number) v));
        return Ns2Params.defaults().with(vars);
    }

    /**
     * Data bytes per full segment: 940 for RDP (1000-byte frames, as every committed run), 980 for ns-2
     * (packetSize_ 1000 + the 40-byte header = 1040 on the wire, less Aspen's 60 header bytes).
     */
    public int segment() {
        return this == RDP ? AbcdRun.SEGMENT : PACKET_SIZE + TCPIP_HEADER - RdpPackets.DATA_FRAME_OVERHEAD;
    }

    /**
     * The senders' (and receivers') options. RDP: RDP's Reno with 8 segments queued beyond the window
     * (the committed runs). ns-2: {@link Ns2Reno} with this reading's variables, no ECN (ecn_ 0,
     * ns-default.tcl:933), one segment queued and refilled as each new one leaves, so the agent never
     * waits for data (ns-2's FTP source is always ahead) and each packet takes the size in force about
     * when it is sent (ns-2's output() sizes each packet as it sends it, tcp.cc:650, common/agent.cc:461).
     */
    public RdpOptions options() {
        RdpOptions o = RdpOptions.defaults().withMaxSegment(segment());
        if (this == RDP) {
            return o.withSendBuffer(8);
        }
        Ns2Params p = params();
        return o.withCongestionControl(() -> new Ns2Reno(p)).withEcn(false).withSendBuffer(1).withRefillOnSend(true);
    }

    /**
     * The bottleneck's buffer for {@code packets}: RDP, that many 1000-byte packets' worth of bytes on
     * Aspen's drop-tail ("50000B"); ns-2, limit_ in packets, counted in bytes by the queue's
     * mean_pktsize_ ({@link #queue()}).
     */
    public Object buffer(int packets) {
        return this == RDP ? packets * 1000L + "B" : (Object) packets;
    }

    /**
     * The bottleneck's discipline: null (Aspen's drop-tail) for RDP; ns-2's Queue/DropTail in byte mode
     * for ns-2: "we make use of the byte mode. The queue size is fixed to a certain number of packets
     * but the mean packet size is set to the original size of packets" (queue_in_bytes_, mean_pktsize_;
     * drop-tail.cc:91-93).
     */
    public Object queue() {
        if (this == RDP) {
            return null;
        }
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("kind", "ns2-droptail");
        q.put("queue_in_bytes", true);
        q.put("mean_pktsize", PACKET_SIZE);
        return q;
    }

    /** The flows' transport in a scenario: ns-2's Reno carried by RDP, or RDP's own sender (null). */
    public String transport() {
        return ns2() ? "ns2-reno" : null;
    }

    /** Where the reading comes from, for summary.json. */
    public String source() {
        return switch (this) {
            case NS2 -> "docs/ns2-baseline.md, ACC-ABCD: the text (TCP Reno as in Faber's ns-2 code, 1000-byte packets, "
                    + "a byte-mode queue with the mean packet size the original one) and ns-2's defaults of 2002 "
                    + "(window_ 20, windowInit_ 2, syn_, Limited Transmit, tcpTick_ 0.01, minrto_ 1, rtxcur_init_ 6, "
                    + "maxrto_ 64, useHeaders_ true; DropTail limit_ 50)";
            case NS2_235 -> "docs/ns2-baseline.md, ACC-ABCD sensitivity: ns-2.35's agent defaults, the text's packets and queue";
            case RDP -> "Aspen RDP over Aspen's drop-tail";
        };
    }
}
