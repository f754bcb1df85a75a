package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.packet.RdpHeader;
import org.aspen.vnet.time.Cancellable;

/**
 * PURPLE (Pletka, Waldvogel and Mannal 2003): ECN marking whose probability is predicted from the
 * congestion the flows already see end to end, so that the aggregate rate meets the link's.
 *
 * <pre>{@code
 * link.setDiscipline(new Purple(QueueLimit.packets(100), PurpleParams.DEFAULTS));
 * }</pre>
 *
 * Per ECN-capable arrival: count it in the CE history (p_&lt;k, marks made before this router) and
 * the CWR history (p, the sender's window reductions, read from the RDP header in the payload); a CWR
 * may fire an RTT filter; then, unless the buffer is full (the only drop), mark CE with probability
 * p_k, and maybe arm an RTT filter for that flow. Packets that are not ECN-capable are never marked
 * and never dropped early. A background task on the node's scheduler runs every tick (1 ms): it
 * smooths the offered load O and the queue, expires filters, and once per estimated RTT applies
 * equation (3), p_k = p / gamma^2 - p_&lt;k - p_&gt;k, gamma = L / O; with the microscopic term it
 * re-applies (3) every tick with gamma = X' / O, X' = L / (alpha (1 + q/Q)). Interpretations are in
 * {@code docs/purple.md}.
 */
public final class Purple extends FifoDiscipline {

    private final PurpleParams params;
    private final EventRate ce;
    private final EventRate cwr;
    private final RttFilters filters;
    private Cancellable timer = Cancellable.NONE;
    private boolean armed;
    private long lastTick;
    private long lastUpdate;
    private long tickBits;
    private boolean arrivedSinceTick;
    // controlled and measured quantities
    private double pLocal;
    private double p;
    private double pBefore;
    private double pBeyond;
    private double gamma = Double.POSITIVE_INFINITY;
    private double offeredBps;
    private double queueShare;
    private double averagePackets;
    // this period's ECN-capable arrivals, the probability applied to them summed (p_k per arrival, 1 for
    // an overflow drop), and the realised marks and drops (the sensitivity reading)
    private long periodEcn;
    private double periodApplied;
    private long periodSignals;
    // this period's ECN-capable arrivals that came CE-marked and that carried CWR (the same-period reading)
    private long periodCe;
    private long periodCwr;
    // counters
    private long arrivals;
    private long ecnArrivals;
    private long ceSeen;
    private long cwrSeen;
    private long marks;
    private long overflow;
    private long updates;

    public Purple(QueueLimit limit, PurpleParams params) {
        super(limit);
        this.params = params;
        this.ce = new EventRate(params.history());
        this.cwr = new EventRate(params.history());
        this.filters = new RttFilters(params.rttFilters(), params.rttSamples(), params.rttTrim(), params.rttMaxNanos());
    }

    @Override
    public void attach(QueueContext ctx) {
        super.attach(ctx);
        lastTick = ctx.now();
        lastUpdate = lastTick;
    }

    @Override
    protected DropReason admit(Packet pkt) {
        long now = ctx.now();
        arrivals++;
        tickBits += 8L * pkt.length();
        arrivedSinceTick = true;
        if (!armed) {
            resume(now);
        }
        boolean ecn = pkt.ecn().capable();
        if (ecn) {
            ecnArrivals++;
            periodEcn++;
            boolean wasCe = pkt.ecn() == Ecn.CE;
            boolean hasCwr = (rdpFlags(pkt) & RdpHeader.CWR) != 0;
            ceSeen += wasCe ? 1 : 0;
            ce.packet(wasCe);
            cwr.packet(hasCwr);
            periodCe += wasCe ? 1 : 0;
            periodCwr += hasCwr ? 1 : 0;
            if (hasCwr) {
                cwrSeen++;
                filters.cwr(flowKey(pkt), now);
            }
        }
        if (limit.exceededBy(packets(), bytes(), pkt.length())) {
            overflow++;
            if (ecn) {      // a drop here is this router's congestion signal too (its CWR counts in p)
                periodSignals++;
                periodApplied += 1;
            }
            return DropReason.QUEUE_OVERFLOW;
        }
        if (ecn && pkt.ecn() != Ecn.CE) {
            periodApplied += pLocal;        // the probability p_k this arrival was marked with (Algorithm 1)
        }
        if (ecn && pkt.ecn() != Ecn.CE && pLocal > 0 && ctx.random().nextDouble() < pLocal) {   // Algorithm 1: rand() <= p_k
            pkt.setEcn(Ecn.CE);
            marks++;
            periodSignals++;
            ctx.marked(pkt);
            filters.marked(flowKey(pkt), now);
        }
        return null;
    }

    /** Restarts the background task after an idle spell, decaying the averages over the ticks it missed. */
    private void resume(long now) {
        long missed = (now - lastTick) / params.tickNanos();
        offeredBps *= Math.pow(1 - params.loadWeight(), missed);
        queueShare *= Math.pow(1 - params.queueWeight(), missed);
        averagePackets *= Math.pow(1 - params.queueWeight(), missed);
        lastTick = now;
        armed = true;
        timer = ctx.scheduler().schedule(params.tickNanos(), this::tick);
    }

    private void tick() {
        long now = ctx.now();
        armed = false;
        double sample = tickBits * 1e9 / (now - lastTick);
        tickBits = 0;
        lastTick = now;
        offeredBps += params.loadWeight() * (sample - offeredBps);                  // Algorithm 2: ewma(L) (offered load O)
        queueShare += params.queueWeight() * (occupancy() - queueShare);            // Algorithm 2: ewma(q-bar)
        averagePackets += params.queueWeight() * (packets() - averagePackets);
        filters.expire(now);                                                        // Algorithm 2: remove_expired_rtt_entries
        if (now - lastUpdate >= Math.max(params.tickNanos(), rttNanos())) {         // Algorithm 2: once per estimated RTT
            update(now);
        } else if (params.micro()) {
            gamma = allocatable() / offeredBps;                                     // gamma = X' / O, X' by (4)
            pLocal = step();                                                        // (3)
        }
        if (arrivedSinceTick || packets() > 0) {
            arrivedSinceTick = false;
            armed = true;
            timer = ctx.scheduler().schedule(params.tickNanos(), this::tick);
        }
    }

    /**
     * The once-per-RTT (macroscopic) step: refresh p, p_&lt;k, p_&gt;k and gamma, then apply (3). p_k and
     * p_&lt;k "recorded from the preceding RTT" are the probability applied over the period that ends
     * now (mean per ECN-capable arrival, an overflow drop counting 1) and the p_&lt;k in force during it.
     * With {@code samePeriod} (a sensitivity reading) p and p_&lt;k are the CWR and CE shares of that
     * same period's ECN-capable arrivals, and that p_&lt;k is also the one recorded.
     */
    public void update(long now) {
        double recordedLocal = periodEcn == 0 ? pLocal
                : (params.realisedLocal() ? periodSignals : periodApplied) / periodEcn;    // p_k of the preceding RTT
        double recordedBefore = pBefore;                                            // p_<k of the preceding RTT
        if (!params.samePeriod()) {
            p = cwr.rate();                                                         // Section 2.3: p from CWR, last 16 events
            pBefore = ce.rate();                                                    // Section 2.3: p_<k from CE, last 16 events
        } else if (periodEcn > 0) {         // sensitivity reading: all three over the period that ends now
            p = periodCwr / (double) periodEcn;                                     // Section 2.3: p, CWR share of the period
            pBefore = periodCe / (double) periodEcn;                                // Section 2.3: p_<k, CE share of the period
            recordedBefore = pBefore;                                               // "recorded from the preceding RTT"
        }
        pBeyond = params.clampBeyond() ? PurpleParams.beyondClamped(p, recordedLocal, recordedBefore)
                : PurpleParams.beyond(p, recordedLocal, recordedBefore);            // Section 2.3: p_>k = p - p_k - p_<k
        periodEcn = 0;
        periodApplied = 0;
        periodSignals = 0;
        periodCe = 0;
        periodCwr = 0;
        gamma = allocatable() / offeredBps;                                         // Algorithm 2: gamma = L / O (X' / O)
        pLocal = step();                                                            // (3)
        lastUpdate = now;
        updates++;
    }

    /**
     * Equation (3) with the current gamma, p, p_&lt;k and p_&gt;k; with {@code noMarkUncongested} 0 while
     * gamma &gt; 1 (Section 2.1: "On an uncongested link, a router does not modify p, as it has been set
     * because of a preceding congested link"; issue 29's reading).
     */
    private double step() {
        if (params.noMarkUncongested() && gamma > 1) {
            return 0;                                                               // Section 2.1: uncongested, p not modified
        }
        return PurpleParams.localProbability(effectiveP(), gamma, pBefore, pBeyond);   // (3)
    }

    /**
     * p, or the floor while the link is overloaded and no reduction (CWR) has been seen yet (else p_k would
     * stay 0). Once a CWR has been seen p is the measured one, however small (docs/purple.md,
     * interpretation 10; before the fix of docs/traces/purple-contradictions.md the floor also replaced
     * every measured p below it).
     */
    private double effectiveP() {
        return gamma < 1 && cwrSeen == 0 ? Math.max(p, params.pFloor()) : p;
    }

    /** X': L / alpha, and with the microscopic term also / (1 + q/Q). */
    private double allocatable() {
        double l = params.bandwidthBps() > 0 ? params.bandwidthBps() : ctx.bandwidthBps();
        if (l == 0) {
            return Double.POSITIVE_INFINITY;    // an unlimited link is never congested
        }
        return PurpleParams.allocatableRate(l, params.alpha(), params.micro() ? queueShare : 0);
    }

    /** The queue as a share of the buffer (packets or bytes, whichever is fuller). */
    private double occupancy() {
        double byPackets = limit.maxPackets() == Integer.MAX_VALUE ? 0 : packets() / (double) limit.maxPackets();
        double byBytes = limit.maxBytes() == Long.MAX_VALUE ? 0 : bytes() / (double) limit.maxBytes();
        return Math.max(byPackets, byBytes);
    }

    /** The estimated RTT: the filters' trimmed mean, or the initial value before any sample. */
    public long rttNanos() {
        double e = filters.estimate();
        return Double.isNaN(e) ? params.initialRttNanos() : (long) e;
    }

    /** The RDP flags byte of {@code pkt}, or 0 when it does not carry an RDP segment header. */
    public static int rdpFlags(Packet pkt) {
        if (pkt.protocol() != Protocol.RDP || pkt.payloadLength() < RdpHeader.PORTS_END) {
            return 0;
        }
        return RdpHeader.version(pkt) == RdpHeader.VERSION ? RdpHeader.flags(pkt) : 0;
    }

    /** Addresses, protocol and, for RDP, ports: what an exact-match filter compares. */
    static RttFilters.FlowKey flowKey(Packet pkt) {
        int sp = 0;
        int dp = 0;
        if (pkt.protocol() == Protocol.RDP && pkt.payloadLength() >= RdpHeader.PORTS_END) {
            sp = RdpHeader.sourcePort(pkt);
            dp = RdpHeader.destinationPort(pkt);
        }
        return new RttFilters.FlowKey(pkt.sourceBits(), pkt.destinationBits(), pkt.protocol(), sp, dp);
    }

    /** Sets p_k until the next update (tests and tools that need a known marking probability). */
    void forceLocalProbability(double pk) {
        pLocal = pk;
    }

    /** The local mark probability p_k applied now. */
    public double localProbability() {
        return pLocal;
    }

    /** The measured end-to-end event probability p (CWR share). */
    public double totalProbability() {
        return p;
    }

    public double beforeProbability() {
        return pBefore;
    }

    public double beyondProbability() {
        return pBeyond;
    }

    public double gamma() {
        return gamma;
    }

    public double offeredBps() {
        return offeredBps;
    }

    public PurpleParams params() {
        return params;
    }

    @Override
    public double averageQueue() {
        return averagePackets;
    }

    @Override
    public void detach() {
        timer.cancel();
        armed = false;
    }

    @Override
    public String kind() {
        return "purple";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("alpha", params.alpha());
        m.put("micro", params.micro());
        m.put("realised_p_k", params.realisedLocal());
        m.put("clamp_beyond", params.clampBeyond());
        m.put("same_period", params.samePeriod());
        if (params.noMarkUncongested()) {
            m.put("no_mark_uncongested", true);
        }
        m.put("p_k", pLocal);
        m.put("p", p);
        m.put("p_before", pBefore);
        m.put("p_beyond", pBeyond);
        m.put("gamma", gamma);
        m.put("offered_bps", Math.round(offeredBps));
        m.put("average", Math.round(averagePackets * 1000) / 1000.0);
        m.put("rtt_ms", rttNanos() / 1e6);
        m.put("rtt_samples", filters.samples());
        m.put("rtt_filters_armed", filters.armed());
        m.put("rtt_filters_fired", filters.fired());
        m.put("rtt_filters_expired", filters.expired());
        m.put("packets", packets());
        m.put("bytes", bytes());
        m.put("arrivals", arrivals);
        m.put("ecn_arrivals", ecnArrivals);
        m.put("ce_seen", ceSeen);
        m.put("cwr_seen", cwrSeen);
        m.put("marked", marks);
        m.put("overflow", overflow);
        m.put("updates", updates);
        return m;
    }
}
