package org.aspen.vnet.qdisc;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.packet.RdpHeader;

/**
 * ACNS at a router's output queue: classifies the RDP flows crossing this link and, on the segments
 * whose sender asks for it, writes a command (normal / freeze / fallback) into the VNet header, in
 * front of the link's real queue (drop-tail by default, or any other discipline).
 *
 * <pre>{@code
 * link.setDiscipline(new Acns(QueueLimit.packets(50), AcnsParams.DEFAULTS));
 * }</pre>
 *
 * On every arriving RDP data segment the flow (source, destination, source port, destination port)
 * is looked up or added with its add time (the paper's Table 3); its priority (the header's 6-bit
 * field) and last-seen time are updated. Only a segment that carries the request bits
 * ({@link Packet#ACNS_REQUEST}: the sender asks once per window, the paper's Table 1 messages 4/5) or a
 * command an earlier router wrote gets a command: {@code theta} from the queue's fill A(q) (packets
 * queued now over the limit, or bytes over the byte limit, whichever is fuller), the flow's priority
 * against p_max and its age ({@link AcnsParams#theta}, equations 1-4), the command by equation 5,
 * written only if stronger than what is there (routers strengthen, never weaken). "Normal" leaves the
 * request bits, which the receiver reads as normal. Other packets pass untouched. Flows not seen for
 * the flow timeout leave the table (checked at most every half timeout). See {@code docs/acns.md}.
 */
public class Acns extends MarkingLayer {
    private final QueueLimit limit;
    private final AcnsParams params;
    /** Insertion order is add-time order, so the first entry is the oldest flow (f_max). */
    private final LinkedHashMap<FlowKey, Flow> flows = new LinkedHashMap<>();
    private final int[] byPriority = new int[64];
    private QueueContext ctx;
    private long lastSweep;
    private long classified;
    private long expired;
    private final long[] commands = new long[4];
    private long strengthened;
    private long requests;

    /** One entry of the flow table (the paper's Table 3). */
    public static final class Flow {
        final long addTime;
        long lastTime;
        int priority;
        long packets;
        int lastCommand = 1;
        final long[] commands = new long[4];

        Flow(long now, int priority) {
            this.addTime = now;
            this.lastTime = now;
            this.priority = priority;
        }

        public long addTime() {
            return addTime;
        }

        public long lastTime() {
            return lastTime;
        }

        public int priority() {
            return priority;
        }

        public long packets() {
            return packets;
        }

        /** The command (1-3) computed for this flow's last request. */
        public int lastCommand() {
            return lastCommand;
        }

        /** Commands {@code omega} (1 normal, 2 freeze, 3 fallback) computed for this flow. */
        public long commands(int omega) {
            return commands[omega];
        }
    }

    /** The connection a packet belongs to, as the paper's hash key. */
    public record FlowKey(int source, int destination, int sourcePort, int destinationPort) {
        @Override
        public String toString() {
            return org.aspen.vnet.VAddr.of(source) + ":" + sourcePort + ">" + org.aspen.vnet.VAddr.of(destination) + ":"
                    + destinationPort;
        }
    }

    public Acns(QueueLimit limit, AcnsParams params) {
        this(new DropTail(limit), limit, params);
    }

    /** ACNS in front of {@code inner}, whose buffer is {@code limit} (A(q) is measured against it). */
    public Acns(QueueDiscipline inner, QueueLimit limit, AcnsParams params) {
        super(inner);
        this.limit = limit;
        this.params = params;
    }

    @Override
    public void attach(QueueContext ctx) {
        this.ctx = ctx;
        super.attach(ctx);
        lastSweep = ctx.now();
    }

    /** A(q): the fuller of packets and bytes against the limit, in [0, 1]. */
    public double occupancy() {
        double byPackets = limit.maxPackets() == Integer.MAX_VALUE ? 0 : packets() / (double) limit.maxPackets();
        double byBytes = limit.maxBytes() == Long.MAX_VALUE ? 0 : bytes() / (double) limit.maxBytes();
        return Math.min(1, Math.max(byPackets, byBytes));
    }

    @Override
    public boolean enqueue(Packet p) {
        classify(p);
        return inner().enqueue(p);
    }

    /**
     * Classifies an RDP data packet and, when it asks for one, writes its command; returns the command
     * (1-3), 0 if not classified or not asked.
     */
    int classify(Packet p) {
        if (p.protocol() != Protocol.RDP || p.payloadLength() < RdpHeader.DATA_LENGTH_END) {
            return 0;
        }
        if (RdpHeader.dataLength(p) == 0) {
            return 0;   // ACNS does not apply to control segments (SYN, ACK, NUL, RST)
        }
        long now = ctx.now();
        sweep(now);
        FlowKey key = new FlowKey(p.sourceBits(), p.destinationBits(), RdpHeader.sourcePort(p), RdpHeader.destinationPort(p));
        int priority = p.priority();
        Flow f = flows.get(key);
        if (f == null) {
            f = new Flow(now, priority);
            flows.put(key, f);
            byPriority[priority]++;
        } else if (f.priority != priority) {
            byPriority[f.priority]--;
            byPriority[priority]++;
            f.priority = priority;
        }
        f.lastTime = now;
        f.packets++;
        classified++;
        int present = p.acnsOmega();
        if (present == 0) {
            return 0;   // Table 1 messages 2/3: the sender asked for no command on this segment
        }
        requests++;
        int omega = params.command(params.theta(occupancy(), priority, priorityMax(), age(f, now)));   // (3)-(5)
        f.lastCommand = omega;
        f.commands[omega]++;
        commands[omega]++;
        if (omega > present) {
            p.setAcnsCommand(omega - 1);   // Table 1 messages 6/7: freeze 1, fallback 2
            strengthened++;
        }
        return omega;
    }

    /** age(f) of equation 4: equation 1's normalised age, or seconds, as the parameters say. */
    private double age(Flow f, long now) {
        if (params.age() == AcnsParams.Age.SECONDS) {
            return (now - f.addTime) / 1e9;
        }
        long oldest = now - flows.values().iterator().next().addTime;   // (2) f_max = max(F): the first entry
        return oldest <= 0 ? 0 : (now - f.addTime) / (double) oldest;    // (1) T(f_i) = f_i / f_max
    }

    /** p_max: the configured value, or (0) the highest priority in the table. */
    private int priorityMax() {
        if (params.priorityMax() > 0) {
            return params.priorityMax();
        }
        for (int i = byPriority.length - 1; i > 0; i--) {
            if (byPriority[i] > 0) {
                return i;
            }
        }
        return 0;
    }

    private void sweep(long now) {
        long timeout = params.flowTimeoutNanos();
        if (now - lastSweep < timeout / 2) {
            return;
        }
        lastSweep = now;
        for (Iterator<Flow> it = flows.values().iterator(); it.hasNext(); ) {
            Flow f = it.next();
            if (now - f.lastTime > timeout) {
                byPriority[f.priority]--;
                it.remove();
                expired++;
            }
        }
    }

    /** The flow table (read-only use, please), oldest first. */
    public Map<FlowKey, Flow> flows() {
        return java.util.Collections.unmodifiableMap(flows);
    }

    public AcnsParams params() {
        return params;
    }

    /** Requests answered with command {@code omega} (1 normal, 2 freeze, 3 fallback). */
    public long commands(int omega) {
        return commands[omega];
    }

    @Override
    public boolean aecnCapable() {
        return inner().aecnCapable();
    }

    @Override
    public String kind() {
        return "acns";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind());
        m.put("v_p", params.vp());
        m.put("v_a", params.va());
        m.put("th_a1", params.thA1());
        m.put("th_a2", params.thA2());
        m.put("p_max", params.priorityMax() == 0 ? "flows" : params.priorityMax());
        m.put("age", params.age().id());
        m.put("flow_timeout_ms", params.flowTimeoutNanos() / 1_000_000);
        m.put("flows", flows.size());
        m.put("classified", classified);
        m.put("requests", requests);
        m.put("normal", commands[1]);
        m.put("freeze", commands[2]);
        m.put("fallback", commands[3]);
        m.put("strengthened", strengthened);
        m.put("expired", expired);
        m.put("inner", inner().describe());
        return m;
    }
}
