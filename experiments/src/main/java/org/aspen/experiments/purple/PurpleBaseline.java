package org.aspen.experiments.purple;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.Ids;
import org.aspen.rdp.RdpPackets;

/**
 * The senders' transport and the RED and A-RED routers of the PURPLE experiment: the paper's own
 * baseline, ns-2's Agent/TCP/Reno with ECN over ns-2's Queue/RED, in the readings docs/ns2-baseline.md
 * fixed before the runs, or Aspen RDP over Aspen's red and ared (every committed result before issue
 * #28). PURPLE's router, the topology and the flows are the same in all three.
 *
 * <pre>{@code
 * PurpleBaseline b = PurpleBaseline.byId("ns2");
 * Object red = b.queue(Aqm.RED, Part.BDP);   // {kind: ns2-red, thresh: 10, maxthresh: 600, linterm: 50, ...}
 * Map<String, Object> agent = b.agent();      // {window: 10000, minrto: 1.0, rtxcur_init: 6.0, maxrto: 64, SetCWRonRetransmit: 1}
 * }</pre>
 *
 * <ul>
 * <li>{@link #NS2}, the primary reading: the text's values ("ECN-enabled TCP sources", "the average packet
 *     size of the TCP sources ... 1500 Bytes", RED 10/600 or 20/60 with max_p 0.02 and w_q 0.002, "A-RED
 *     uses the NS-2 default parameters", greedy sources whose RED runs reach "excellent rate" from 10 of
 *     them: window_ 10,000) and ns-2's defaults of 2002 for the rest: windowInit_ 2 after a SYN, Limited
 *     Transmit, tcpTick_ 0.01 s, minrto_ 1 s, rtxcur_init_ 6 s, maxrto_ 64 s, 1540 bytes on the wire;
 *     RED gentle in packet mode; A-RED's bottom_ 0.01.</li>
 * <li>{@link #NS2_235}: ns-2.35's defaults wherever the text gives no value (window_ 20, minrto_ 0.2 s,
 *     rtxcur_init_ 3 s, maxrto_ 60 s, RED and A-RED in byte mode, bottom_ automatic).</li>
 * <li>{@link #RDP}: Aspen RDP (Reno with ECN) over Aspen's red and ared.</li>
 * </ul>
 */
public enum PurpleBaseline {
    NS2("ns2"),
    NS2_235("ns2-2.35"),
    RDP("rdp");

    /** window_ for greedy sources with no receiver limit (docs/ns2-baseline.md, PURPLE). */
    public static final int NO_RECEIVER_LIMIT = 10_000;
    /** The text: "we set the average packet size of the TCP sources to 1500 Bytes" (packetSize_ and RED's mean_pktsize_). */
    public static final int PACKET_SIZE = 1500;
    /** useHeaders_ true (from 2001-11-28, ns-default.tcl:991): packetSize_ plus 40 header bytes on the wire. */
    static final int TCP_IP_HEADER = 40;

    private final String id;

    PurpleBaseline(String id) {
        this.id = id;
    }

    /** The name on the command line and in the files: ns2, ns2-2.35, rdp. */
    public String id() {
        return id;
    }

    /** The baseline named {@code id}, or null. */
    public static PurpleBaseline byId(String id) {
        return Ids.byId(values(), PurpleBaseline::id, id);
    }

    public boolean ns2() {
        return this != RDP;
    }

    /** The flows' transport: ns-2's Reno carried by RDP, or (null) RDP's own sender. */
    public String transport() {
        return ns2() ? "ns2-reno" : null;
    }

    /** The Agent/TCP variables this reading sets apart from ns-2.35's defaults (docs/ns2-baseline.md), or null. */
    public Map<String, Object> agent() {
        if (this == RDP) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (this == NS2) {
            m.put("window", NO_RECEIVER_LIMIT);   // the text: greedy sources, RED's "excellent rate" from 10 sources
            m.put("minrto", 1.0);                 // 1 s when added in 2001, 0.2 s from 2004-10-14 (CHANGES.html:1735)
            m.put("rtxcur_init", 6.0);            // 6 s before 2006-01-23 (CHANGES.html:357)
            m.put("maxrto", 64);                  // 64 s before 2007-03-28 (CHANGES.html:4896)
        }
        // CWR on the next packet even when it is a retransmission (tcp.cc:694-697): ns-2.35's default
        // (ns-default.tcl:1027-1028, true since 2008/06/05); before the variable was added (2005/06/19) output()
        // set cong_action on the next packet whatever it was (our reading for 2002). PURPLE counts CWR as p.
        m.put("SetCWRonRetransmit", 1);
        return m;
    }

    /** Data bytes per segment: RDP's 1440 (1500-byte frames, as before) or 1540 on the wire (packetSize_ 1500 + 40). */
    public int segment() {
        return this == RDP ? PurpleRun.SEGMENT : PACKET_SIZE + TCP_IP_HEADER - RdpPackets.DATA_FRAME_OVERHEAD;
    }

    /**
     * The bottleneck's discipline for {@code aqm} in {@code part}: PURPLE's always Aspen's {@code purple}; RED
     * and A-RED Aspen's for RDP, ns-2's Queue/RED with this reading's variables otherwise.
     */
    public Object queue(Aqm aqm, Part part) {
        if (this == RDP || (aqm != Aqm.RED && aqm != Aqm.ARED)) {
            return aqm.queue(part);
        }
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("kind", "ns2-red");
        if (aqm == Aqm.RED) {
            q.put("thresh", part == Part.BDP ? 10 : 20);       // the text: 10 and 600 packets; 20 and 60 with short queues
            q.put("maxthresh", part == Part.BDP ? 600 : 60);
            q.put("linterm", 50);                              // the text: maximum marking probability 0.02 = 1/linterm_
            q.put("q_weight", 0.002);                          // the text: w_q 0.002
        } else {
            q.put("adaptive", true);                           // the text: "A-RED uses the NS-2 default parameters"
            if (this == NS2) {
                q.put("bottom", 0.01);                         // 0.01 before 2004-06-23 (ns-default.tcl:166-167)
            }
        }
        q.put("setbit", true);                                 // ECN-enabled sources; Figure 3: "mark and drop rates"
        q.put("mean_pktsize", PACKET_SIZE);                    // the text: "the average packet size ... 1500 Bytes"
        if (this == NS2) {
            q.put("gentle", true);                             // true from 2001-04-23 (ns-default.tcl:146-147)
            q.put("bytes", false);                             // packet mode before 2004-10-11 (ns-default.tcl:122-123)
            q.put("queue_in_bytes", false);
        }
        return q;
    }

    /** Where the reading comes from, for summary.json. */
    public String source() {
        return switch (this) {
            case NS2 -> "docs/ns2-baseline.md, PURPLE: ns-2's Agent/TCP/Reno with ECN, packetSize_ 1500 + 40, window_ 10000, "
                    + "ns-2's defaults of 2002 (minrto_ 1, rtxcur_init_ 6, maxrto_ 64), SetCWRonRetransmit_ 1; Queue/RED with the text's values "
                    + "(linterm_ 50, q_weight_ 0.002, setbit_, mean_pktsize_ 1500, gentle, packet mode); A-RED: adaptive_ 1 "
                    + "with the 2002 defaults (bottom_ 0.01); PURPLE's router unchanged";
            case NS2_235 -> "docs/ns2-baseline.md, PURPLE sensitivity: ns-2.35's defaults where the text gives no value";
            case RDP -> "Aspen RDP over Aspen's queues";
        };
    }
}
