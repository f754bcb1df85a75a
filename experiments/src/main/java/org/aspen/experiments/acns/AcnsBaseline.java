package org.aspen.experiments.acns;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.experiments.sweep.Ids;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.ns2.Ns2AcnsReno;

/**
 * The transport and queues of the ACNS experiment: the paper's own baseline, ns-2.35's Agent/TCP/Reno
 * (with ACNS's sender built on it) over ns-2's drop-tail, in the readings docs/ns2-baseline.md fixed
 * before the runs, or Aspen RDP over Aspen's queues (every committed result before issue #28).
 * The topology, the constant-rate flows and ACNS's routers are the same in all three.
 *
 * <pre>{@code
 * AcnsBaseline b = AcnsBaseline.byId("ns2");
 * Object q = b.queue(AcnsRun.Config.ACNS);   // {kind: acns, p_max: 63, age: normalised, inner: {kind: ns2-droptail}}
 * Map<String, Object> agent = b.agent();       // {window: 10000}
 * }</pre>
 *
 * <ul>
 * <li>{@link #NS2}, the primary reading: the paper ran ns-2.35 ("implemented in the network simulator
 *     ns-2.35"), so ns-2.35's defaults where the text is silent (packetSize_ 1000 plus the 40-byte
 *     header, windowInit_ 2 after a SYN, Limited Transmit, tcpTick_ 0.01 s, minrto_ 0.2 s, rtxcur_init_
 *     3 s, maxrto_ 60 s, ecn_ 0), and window_ 10,000 from the text's Tables 7 and 8 (3 Mb/s at RTTs of
 *     327-377 ms is about 120 packets in flight). Reno stands for the text's CUBIC (docs/ns2-baseline.md).</li>
 * <li>{@link #NS2_CUBIC}: the text's variant, CUBIC as ns-2.35 runs it (Agent/TCP/Linux with
 *     {@code select_ca cubic}, {@link org.aspen.rdp.ns2.Ns2LinuxCubic}: timestamps_ true, a TCPSink/Sack1
 *     receiver echoing timestamps, Agent/TCP/Linux's defaults), packetSize_ 1000 plus 40 and window_
 *     10,000 as {@link #NS2}; pre-registered in preregistration/acns-cubic.yaml.</li>
 * <li>{@link #NS2_235}: ns-2.35's defaults throughout (window_ 20).</li>
 * <li>{@link #RDP}: Aspen RDP (Reno and AcnsReno) over Aspen's drop-tail.</li>
 * </ul>
 */
public enum AcnsBaseline {
    NS2("ns2"),
    NS2_CUBIC("ns2-cubic"),
    NS2_235("ns2-2.35"),
    RDP("rdp");

    /** window_ for no receiver limit (the text's Tables 7-8; docs/ns2-baseline.md, ACNS). */
    public static final int NO_RECEIVER_LIMIT = 10_000;

    private final String id;

    AcnsBaseline(String id) {
        this.id = id;
    }

    /** The name on the command line and in the files: ns2, ns2-cubic, ns2-2.35, rdp. */
    public String id() {
        return id;
    }

    /** The baseline named {@code id}, or null. */
    public static AcnsBaseline byId(String id) {
        return Ids.byId(values(), AcnsBaseline::id, id);
    }

    public boolean ns2() {
        return this != RDP;
    }

    /** The RDP flows' transport: ns-2's Reno (or Linux CUBIC) carried by RDP, or (null) RDP's own sender. */
    public String transport() {
        return this == NS2_CUBIC ? "ns2-cubic" : ns2() ? "ns2-reno" : null;
    }

    /** The Agent/TCP variables this reading sets apart from ns-2.35's defaults, or null for RDP. */
    public Map<String, Object> agent() {
        if (this == RDP) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (this == NS2 || this == NS2_CUBIC) {
            m.put("window", NO_RECEIVER_LIMIT);   // the text: Tables 7-8 (ns-2.35's default 20 in ns2-2.35)
        }
        return m;
    }

    /**
     * RDP's receiver bound (the flow's {@code window}: segments buffered out of order, and so in flight),
     * or null for RDP's default (256) as every baseline before ns2-cubic runs. ns-2's TCPSink/Sack1 has
     * no bound, so under {@link #NS2_CUBIC} it is window_ (10,000): Linux TCP's start-up in ns-2.35 has
     * more than 256 packets in flight (docs/traces/acns-table9-rtt.md: 4,625 of #1's lost in 8 s).
     */
    public Integer receiverWindow() {
        return this == NS2_CUBIC ? NO_RECEIVER_LIMIT : null;
    }

    /**
     * Data bytes per segment: RDP's default (null, 1400 as before) or ns-2.35's packetSize_ 1000 plus the
     * 40-byte TCP/IP header on the wire (useHeaders_ true, ns-default.tcl:936, 991).
     */
    public Integer segment() {
        return this == RDP ? null : 1040 - RdpPackets.DATA_FRAME_OVERHEAD;
    }

    /**
     * The last miles' discipline: Aspen's for RDP; on ns-2, Queue/DropTail for the Reno runs and ACNS's
     * router over Queue/DropTail for the ACNS runs (the same limit, the experiment's buffer).
     */
    public Object queue(AcnsRun.Config c) {
        Object q = c.queue();
        if (this == RDP) {
            return q;
        }
        if (!c.acns()) {
            return "ns2-droptail";
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> acns = new LinkedHashMap<>((Map<String, Object>) q);
        acns.put("inner", Map.of("kind", "ns2-droptail"));
        return acns;
    }

    /** Where the reading comes from, for summary.json. */
    public String source() {
        return switch (this) {
            case NS2 -> "docs/ns2-baseline.md, ACNS: ns-2.35's Agent/TCP/Reno (for the text's CUBIC) with ns-2.35's "
                    + "defaults and window_ 10000 (Tables 7-8), packetSize_ 1000 + 40; ACNS's sender on it "
                    + "(Ns2AcnsReno); Queue/DropTail last miles, ACNS routers over Queue/DropTail";
            case NS2_CUBIC -> "docs/ns2-baseline.md, ACNS (CUBIC): ns-2.35's Agent/TCP/Linux with select_ca cubic, "
                    + "timestamps_ true, TCPSink/Sack1 with ts_echo_rfc1323_ true, Agent/TCP/Linux's defaults, window_ 10000, "
                    + "packetSize_ 1000 + 40 (preregistration/acns-cubic.yaml); Queue/DropTail last miles, ACNS routers over "
                    + "Queue/DropTail";
            case NS2_235 -> "docs/ns2-baseline.md, ACNS sensitivity: ns-2.35's defaults throughout (window_ 20)";
            case RDP -> "Aspen RDP over Aspen's queues";
        };
    }
}
