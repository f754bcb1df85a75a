package org.aspen.experiments.aecn;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.Recovery;
import java.util.function.Supplier;
import org.aspen.experiments.sweep.Ids;
import org.aspen.rdp.AntiEcnReno;
import org.aspen.rdp.CongestionControl;
import org.aspen.rdp.ns2.Ns2AntiEcnReno;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;

/**
 * The transport of the AntiECN experiment's senders: the paper's own baseline, ns-2's Agent/TCP/Reno
 * with ECN (and AntiECN's increase built on it), in the readings docs/ns2-baseline.md fixed before the
 * runs, or Aspen RDP (every committed result before issue #28). The link, AVQ and AECN layer are the
 * same in all three.
 *
 * <pre>{@code
 * Supplier<CongestionControl> cc = AecnBaseline.NS2.sender(true);   // Ns2AntiEcnReno, Delta = W
 * }</pre>
 *
 * <ul>
 * <li>{@link #NS2}, the primary reading: the text's values ("TCP", "ECN enabled", a receiver window
 *     set "to a very large value", 1000-byte segments) and ns-2's defaults of 2002 for the rest:
 *     window_ 100000, windowInit_ 2 after a SYN, Limited Transmit, tcpTick_ 0.01 s, minrto_ 1 s,
 *     rtxcur_init_ 6 s, maxrto_ 64 s, packetSize_ 1000 plus the 40-byte header (1040 on the wire).</li>
 * <li>{@link #NS2_235}: ns-2.35's defaults (minrto_ 0.2 s, rtxcur_init_ 3 s, maxrto_ 60 s), the text's
 *     window kept.</li>
 * <li>{@link #RDP}: Aspen RDP, initial window 2, initial ssthresh 65535, 1000-byte frames.</li>
 * <li>{@link #RDP_IMPATIENT}: the same with {@link Recovery#IMPATIENT} (RFC 6582's timer: only a recovery's
 *     first partial ACK restarts the RTO), a sensitivity run for the RDP column's stall
 *     (docs/traces/aecn-contradictions.md).</li>
 * </ul>
 */
public enum AecnBaseline {
    NS2("ns2"),
    NS2_235("ns2-2.35"),
    RDP("rdp"),
    RDP_IMPATIENT("rdp-impatient");

    /** ns-2's window_ for the text's "very large" receiver window (packets). */
    public static final int VERY_LARGE_WINDOW = 100_000;

    private final String id;

    AecnBaseline(String id) {
        this.id = id;
    }

    /** The name on the command line and in the files. */
    public String id() {
        return id;
    }

    public static AecnBaseline byId(String id) {
        return Ids.byId(values(), AecnBaseline::id, id);
    }

    public boolean ns2() {
        return !rdp();
    }

    /** Aspen RDP's own sender ({@link #RDP} or {@link #RDP_IMPATIENT}). */
    public boolean rdp() {
        return this == RDP || this == RDP_IMPATIENT;
    }

    /** RDP's loss recovery for this baseline (an ns-2 agent recovers itself: CLASSIC, unused). */
    public Recovery recovery() {
        return this == RDP_IMPATIENT ? Recovery.IMPATIENT : Recovery.CLASSIC;
    }

    /** The Agent/TCP variables this reading sets apart from ns-2.35's defaults (docs/ns2-baseline.md), or null. */
    public Map<String, Object> agent() {
        if (rdp()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("window", VERY_LARGE_WINDOW);                 // the text: "a very large value"
        if (this == NS2) {
            m.put("minrto", 1.0);                           // 1 s when added in 2001, 0.2 s from 2004-10-14
            m.put("rtxcur_init", 6.0);                      // 6 s before 2006-01-23
            m.put("maxrto", 64);                            // 64 s before 2007-03-28
        }
        return m;
    }

    /** Data bytes per segment: 1000 on the wire for RDP (as before), 1040 for ns-2 (packetSize_ 1000 + 40). */
    public int segment() {
        return rdp() ? AecnRun.SEGMENT : 1040 - RdpPackets.DATA_FRAME_OVERHEAD;
    }

    /** The senders' strategy: ns-2's Reno, or AntiECN's increase on it (Delta = W), or RDP's. */
    public Supplier<CongestionControl> sender(boolean aecn) {
        if (rdp()) {
            return aecn ? () -> new AntiEcnReno(AntiEcnReno.Delta.WINDOW) : org.aspen.rdp.Reno::new;
        }
        Map<String, Number> vars = new LinkedHashMap<>();
        agent().forEach((k, v) -> vars.put(k, (Number) v));
        Ns2Params p = Ns2Params.defaults().with(vars);
        return aecn ? () -> new Ns2AntiEcnReno(p, AntiEcnReno.Delta.WINDOW) : () -> new Ns2Reno(p);
    }
}
