package org.aspen.experiments.acc;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.aspen.rdp.RdpPackets;
import org.aspen.experiments.sweep.Ids;

/**
 * The transport and queues the ACC experiment's endpoints and routers run: the paper's own baseline,
 * ns-2's TCP Reno over ns-2's queues, in the readings docs/ns2-baseline.md fixed before the runs, or
 * Aspen's RDP over Aspen's queues (every committed result before issue #28).
 *
 * <pre>{@code
 * AccBaseline b = AccBaseline.byId("ns2");
 * Object queue = b.queue(Config.RED);            // {kind: ns2-red, thresh: 5, ...}
 * Map<String, Object> agent = b.ns2();            // Agent/TCP overrides of ns-2.35's defaults
 * }</pre>
 *
 * <ul>
 * <li>{@link #NS2}, the primary reading: Agent/TCP/Reno + TCPSink with the text's values ("TCP Reno",
 *     "1000 byte packets", RED shared by RED, RED+ECN and ACC) and ns-2's defaults of the paper's time
 *     (1998) for the rest: window_ 20, windowInit_ 1, no syn_, no Limited Transmit, tcpTick_ 0.1 s, no
 *     minrto_, rtxcur_init_ 6 s, maxrto_ 64 s, 1000 bytes on the wire (useHeaders_ false); Queue/RED
 *     thresh_ 5, maxthresh_ 15, q_weight_ 0.002, linterm_ 10, gentle_ false, packet mode.</li>
 * <li>{@link #NS2_235}: ns-2.35's defaults throughout (sensitivity (a)): windowInit_ 2 after a SYN,
 *     Limited Transmit, tcpTick_ 0.01 s, minrto_ 0.2 s, 1040-byte packets, automatic gentle RED in
 *     byte mode.</li>
 * <li>{@link #NS2_WIDE}: {@link #NS2} with window_ 10,000 (sensitivity (b): the text gives no window).</li>
 * <li>{@link #RDP}: Aspen RDP over Aspen's red/droptail (sensitivity (c)).</li>
 * </ul>
 */
public enum AccBaseline {
    NS2("ns2", "ns-2 Reno, 1998 defaults"),
    NS2_235("ns2-2.35", "ns-2 Reno, ns-2.35 defaults"),
    NS2_WIDE("ns2-wide", "ns-2 Reno, 1998 defaults, window_ 10000"),
    RDP("rdp", "Aspen RDP");


    /** The name in tables and plots. */
    public final String label;

    AccBaseline(String id, String label) {
        this.label = label;
    }

    /** The name on the command line and in the files: ns2, ns2-2.35, ns2-wide, rdp. */
    @JsonValue
    public String id() {
        return switch (this) {
            case NS2 -> "ns2";
            case NS2_235 -> "ns2-2.35";
            case NS2_WIDE -> "ns2-wide";
            case RDP -> "rdp";
        };
    }

    public static AccBaseline byId(String id) {
        return Ids.byId(values(), AccBaseline::id, id);
    }

    public boolean ns2() {
        return this != RDP;
    }

    /** The flows' transport: ns-2's Reno carried by RDP, or RDP's own sender. */
    public String transport() {
        return ns2() ? "ns2-reno" : null;
    }

    /** The Agent/TCP variables this reading sets apart from ns-2.35's defaults (docs/ns2-baseline.md), or null. */
    public Map<String, Object> agent() {
        if (this == RDP) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (this == NS2_235) {
            return m;
        }
        m.put("window", this == NS2_WIDE ? 10_000 : 20);    // window_: ns-2's default of every era (text silent)
        m.put("windowInit", 1);                             // before 2001-05 (CHANGES.html:1738-1741)
        m.put("syn", 0);                                    // syn_ false before 2001-05-17
        m.put("singledup", 0);                              // Limited Transmit off before 2001-11-28
        m.put("tcpTick", 0.1);                              // 0.1 s before 2002-03-08
        m.put("minrto", 0);                                 // minrto_ added in 2001
        m.put("rtxcur_init", 6.0);                          // 6 s before 2006-01-23
        m.put("maxrto", 64);                                // 64 s before 2007-03-28
        return m;
    }

    /**
     * Aspen's data bytes per segment for the reading's packets on the wire: 1000 bytes (the text, with
     * useHeaders_ false) or 1040 (ns-2.35: packetSize_ 1000 plus the 40-byte TCP/IP header).
     */
    public int segment() {
        return this == NS2_235 ? 1040 - RdpPackets.DATA_FRAME_OVERHEAD : AccFigure4Run.SEGMENT;
    }

    /** The bottleneck's discipline for {@code c}: identical parameters in the RED, RED+ECN and ACC runs. */
    public Object queue(AccFigure4Run.Config c) {
        if (this == RDP) {
            return c.queue();
        }
        if (c == AccFigure4Run.Config.DROPTAIL) {
            return "ns2-droptail";
        }
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("kind", "ns2-red");
        if (this != NS2_235) {
            q.put("thresh", 5);
            q.put("maxthresh", 15);
            q.put("q_weight", 0.002);
            q.put("linterm", 10);
            q.put("gentle", false);         // before 2001-04-23
            q.put("bytes", false);          // packet mode before 2004-10-11
            q.put("queue_in_bytes", false);
        }
        q.put("setbit", c == AccFigure4Run.Config.RED_ECN);
        return q;
    }

    /** The RED settings as the summary names them, with ECN as {@code false|true}. */
    public String redDescription() {
        if (this == RDP) {
            return AccFigure4Run.redDescription();
        }
        StringBuilder b = new StringBuilder("{");
        @SuppressWarnings("unchecked")
        Map<String, Object> q = (Map<String, Object>) queue(AccFigure4Run.Config.RED);
        q.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append(k).append(": ")
                .append(k.equals("setbit") ? "false|true" : v));
        return b.append('}').toString();
    }

    /** Where the reading comes from, for summary.json. */
    public String source() {
        return switch (this) {
            case NS2 -> "docs/ns2-baseline.md, ACC: the text (TCP Reno, 1000-byte packets, one RED for all) and "
                    + "ns-2's defaults of 1998 (window_ 20, windowInit_ 1, no syn_, no Limited Transmit, tcpTick_ 0.1, "
                    + "no minrto_, rtxcur_init_ 6, maxrto_ 64; RED 5/15, q_weight_ 0.002, linterm_ 10, not gentle)";
            case NS2_235 -> "docs/ns2-baseline.md, ACC sensitivity (a): ns-2.35's defaults throughout";
            case NS2_WIDE -> "docs/ns2-baseline.md, ACC sensitivity (b): the primary reading with window_ 10000";
            case RDP -> "Aspen RDP over Aspen's queues (sensitivity (c))";
        };
    }

    @Override
    public String toString() {
        return id().toLowerCase(Locale.ROOT);
    }
}
