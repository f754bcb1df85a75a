package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;

/**
 * ns-2.35's Queue/RED, rule for rule as {@code queue/red.cc} and {@code queue/red.h} define it, with
 * Adaptive RED ({@code adaptive_ 1}); each line below cites the line it copies.
 *
 * <pre>{@code
 * link.setDiscipline(new Ns2Red(QueueLimit.packets(50), Ns2RedParams.DEFAULTS.withPackets(5, 15, 0.002)));
 * }</pre>
 *
 * How it differs from Aspen's own {@link Red} (see docs/queues.md, "ns-2.35's queues"): nothing is
 * dropped or marked while at most one packet (one byte in byte mode) waits; {@code wait_} spaces the
 * drops; the average decays over an idle period by {@code int(ptc * idle) + 1} steps, counted from
 * the moment the link found the queue empty; {@code count} goes on counting below thresh and is only
 * reset by a drop, a mark or the first arrival above thresh; with {@code use_mark_p_} (ns-2's default)
 * there is no forced drop above maxthresh, and ECN marks only while the probability is below
 * {@code mark_p_}; Adaptive RED adapts on arrivals, not on a timer. The buffer limit is ns-2's
 * {@code limit_}: an arrival is dropped when the queue already holds limit packets (limit times
 * mean_pktsize bytes in byte mode), the packet on the wire not counted (see {@link #qlim}).
 * Randomness: one draw from the link's seeded source per call of ns-2's {@code drop_early}.
 */
public final class Ns2Red extends FifoDiscipline {
    /**
     * Idle periods up to this many mean-sized packet times decay the average by repeated
     * multiplication as ns-2 does (red.cc:391-393), bit for bit; longer ones finish with one
     * {@link Math#pow} (ns-2 would loop millions of times; the values agree to the last few bits).
     */
    static final int EXACT_IDLE_STEPS = 1 << 20;

    private final Ns2RedParams params;

    // resolved settings (edp_ in red.h:70-115)
    private double ptc;
    private double qW;
    private double thMinPkts;
    private double thMaxPkts;
    private double thMin;
    private double thMax;
    private double bottom;

    // state (edv_ in red.h:120-140, and REDQueue's idle_, idletime_)
    private double vAve;
    private double vProb1;
    private double vProb;
    private double vA;
    private double vB;
    private double vC;
    private double vD;
    private int count;
    private int countBytes;
    private int old;
    private double curMaxP;
    private double lastset;
    private boolean idle = true;
    private long idletime;

    private long arrivals;
    private long early;
    private long forced;
    private long overflow;
    private long marks;
    private long maxPUpdates;

    public Ns2Red(QueueLimit limit, Ns2RedParams params) {
        super(limit);
        this.params = params;
    }

    /**
     * ns-2's {@code link} command then {@code reset} (red.cc:817-833, 268-333): the bandwidth-derived
     * settings, then a clean state. Automatic settings need a link with a rate.
     */
    @Override
    public void attach(QueueContext ctx) {
        long bw = ctx.bandwidthBps();
        boolean automatic = params.qWeight() <= 0 || params.thresh() == 0 || params.bottom() == 0 && params.adaptive();
        if (bw == 0 && automatic) {
            throw new IllegalArgumentException("ns2-red: q_weight <= 0, thresh 0 or (adaptive) bottom 0 are computed from "
                    + "the link's bandwidth, and this link has none (unlimited)");
        }
        super.attach(ctx);
        ptc = bw / (8.0 * params.meanPktsize());                        // red.cc:826-827, 280
        double delay = ctx.delayNanos() / 1e9;                          // red.cc:828
        qW = params.qWeight();
        thMinPkts = params.thresh();
        thMaxPkts = params.maxthresh();
        bottom = params.bottom();
        if (bw > 0) {
            initializeParams(delay, bw);                                // red.cc:281, 832
        }
        if (thMaxPkts == 0) {                                           // red.cc:283-284
            thMaxPkts = 3.0 * thMinPkts;
        }
        if (params.queueInBytes()) {                                    // red.cc:289-297
            thMin = thMinPkts * params.meanPktsize();
            thMax = thMaxPkts * params.meanPktsize();
        } else {
            thMin = thMinPkts;
            thMax = thMaxPkts;
        }
        vAve = 0.0;                                                     // red.cc:299-303
        count = 0;
        countBytes = 0;
        old = 0;
        double thDiff = thMax - thMin;                                  // red.cc:304-312
        if (thDiff == 0) {
            thDiff = 1.0;
        }
        vA = 1.0 / thDiff;                                              // red.cc:313
        curMaxP = 1.0 / params.linterm();                               // red.cc:314
        vB = -thMin / thDiff;                                           // red.cc:315
        lastset = 0.0;                                                  // red.cc:316
        if (params.gentle()) {                                          // red.cc:317-320
            vC = (1.0 - curMaxP) / thMax;
            vD = 2.0 * curMaxP - 1.0;
        }
        idle = true;                                                    // red.cc:322-326
        idletime = ctx.now();
    }

    /** red.cc:172-224. */
    private void initializeParams(double delay, long bw) {
        if (qW == 0.0) {                                                // red.cc:187-188
            qW = 1.0 - Math.exp(-1.0 / ptc);
        } else if (qW == -1.0) {                                        // red.cc:189-194
            double rtt = 3.0 * (delay + 1.0 / ptc);
            if (rtt < 0.1) {
                rtt = 0.1;
            }
            qW = 1.0 - Math.exp(-1.0 / (10 * rtt * ptc));
        } else if (qW == -2.0) {                                        // red.cc:195-196
            qW = 1.0 - Math.exp(-10.0 / ptc);
        }
        if (thMinPkts == 0) {                                           // red.cc:201-208
            thMinPkts = 5.0;
            double targetqueue = params.targetdelay() * ptc;
            if (thMinPkts < targetqueue / 2.0) {
                thMinPkts = targetqueue / 2.0;
            }
        }
        if (thMaxPkts == 0) {                                           // red.cc:209-210
            thMaxPkts = 3.0 * thMinPkts;
        }
        if (bottom == 0) {                                              // red.cc:213-223
            bottom = 0.01;
            double bottom1 = 80000.0 / bw;
            if (bottom1 < bottom) {
                bottom = bottom1;
            }
        }
    }

    /**
     * ns-2's {@code limit_} in the queue's unit (red.cc:687): packets, or limit * mean_pktsize bytes
     * with queue_in_bytes_. Aspen's limit maps onto it so: a packet limit is {@code limit_}; a byte
     * limit is the byte bound itself in byte mode, and bytes / mean_pktsize packets in packet mode;
     * with both, the tighter one.
     */
    long qlim() {
        return ns2Limit(limit, params.queueInBytes(), params.meanPktsize());
    }

    static long ns2Limit(QueueLimit limit, boolean inBytes, int meanPktsize) {
        boolean hasPackets = limit.maxPackets() != Integer.MAX_VALUE;
        boolean hasBytes = limit.maxBytes() != Long.MAX_VALUE;
        if (inBytes) {
            long fromPackets = hasPackets ? (long) limit.maxPackets() * meanPktsize : Long.MAX_VALUE;
            return Math.min(fromPackets, limit.maxBytes());
        }
        long fromBytes = hasBytes ? limit.maxBytes() / meanPktsize : Long.MAX_VALUE;
        return Math.min(hasPackets ? limit.maxPackets() : Long.MAX_VALUE, fromBytes);
    }

    private long qlen() {
        return params.queueInBytes() ? bytes() : packets();
    }

    private double nowSeconds() {
        return ctx.now() / 1e9;
    }

    /** REDQueue::enque, red.cc:627-767. */
    @Override
    public boolean enqueue(Packet pkt) {
        arrivals++;
        int m = 0;
        if (idle) {                                                     // red.cc:638-652
            idle = false;
            m = (int) (ptc * ((ctx.now() - idletime) / 1e9));
        }
        vAve = estimator(qlen(), m + 1, vAve, qW);                      // red.cc:658
        int size = pkt.length();
        ++count;                                                        // red.cc:673-674
        countBytes += size;

        double qavg = vAve;                                             // red.cc:684-687
        DropReason droptype = null;
        boolean mark = false;
        long qlen = qlen();
        long qlim = qlim();
        if (qavg >= thMin && qlen > 1) {                                // red.cc:691
            if (!params.useMarkP()                                      // red.cc:692-695
                    && ((!params.gentle() && qavg >= thMax) || (params.gentle() && qavg >= 2 * thMax))) {
                droptype = DropReason.QUEUE_FORCED;
            } else if (old == 0) {                                      // red.cc:696-705
                count = 1;
                countBytes = size;
                old = 1;
            } else {                                                    // red.cc:706-707
                int e = dropEarly(pkt);
                if (e == DROP) {
                    droptype = DropReason.QUEUE_EARLY;
                }
                mark = e == MARK;
            }
        } else {                                                        // red.cc:709-713
            vProb = 0.0;
            old = 0;
        }
        if (qlen >= qlim) {                                             // red.cc:714-717
            droptype = DropReason.QUEUE_OVERFLOW;
        }
        if (droptype == null) {
            if (mark) {                                                 // red.cc:563
                pkt.setEcn(Ecn.CE);
                marks++;
                ctx.marked(pkt);
            }
            append(pkt);                                                // red.cc:750
            return true;
        }
        if (droptype != DropReason.QUEUE_EARLY) {                       // red.cc:753-763: a forced drop
            count = 0;                                                  // (drop_tail_: the arrival, red.cc:601)
            countBytes = 0;
        }
        switch (droptype) {
            case QUEUE_EARLY -> early++;
            case QUEUE_FORCED -> forced++;
            default -> overflow++;
        }
        ctx.drop(pkt, droptype);
        return false;
    }

    private static final int NONE = 0;
    private static final int DROP = 1;
    private static final int MARK = 2;

    /** REDQueue::drop_early, red.cc:515-571 (cautious_ 0). */
    private int dropEarly(Packet pkt) {
        vProb1 = calculatePNew(vAve, thMax, params.gentle(), vA, vB, vC, vD, curMaxP);     // red.cc:519-520
        vProb = modifyP(vProb1, count, countBytes, params.bytes(), params.meanPktsize(),  // red.cc:521-522
                params.waitBetween(), pkt.length());
        double u = ctx.random().nextDouble();                           // red.cc:540
        if (u <= vProb) {                                               // red.cc:556-569
            count = 0;
            countBytes = 0;
            if (params.setbit() && pkt.ecn().capable() && (!params.useMarkP() || vProb1 < params.markP())) {
                return MARK;
            }
            return DROP;
        }
        return NONE;
    }

    /** red.cc:436-459. */
    static double calculatePNew(double vAve, double thMax, boolean gentle, double vA, double vB, double vC, double vD,
                                double maxP) {
        double p;
        if (gentle && vAve >= thMax) {
            p = vC * vAve + vD;
        } else if (!gentle && vAve >= thMax) {
            p = 1.0;
        } else {
            p = vA * vAve + vB;
            p *= maxP;
        }
        if (p > 1.0) {
            p = 1.0;
        }
        return p;
    }

    /** red.cc:478-505: uniform instead of geometric inter-drop gaps. */
    static double modifyP(double p, int count, int countBytes, boolean bytes, int meanPktsize, boolean wait, int size) {
        double count1 = count;
        if (bytes) {
            count1 = countBytes / meanPktsize;                          // integer division, as in C
        }
        if (wait) {
            if (count1 * p < 1.0) {
                p = 0.0;
            } else if (count1 * p < 2.0) {
                p /= (2.0 - count1 * p);
            } else {
                p = 1.0;
            }
        } else {
            if (count1 * p < 1.0) {
                p /= (1.0 - count1 * p);
            } else {
                p = 1.0;
            }
        }
        if (bytes && p < 1.0) {
            p = (p * size) / meanPktsize;
        }
        if (p > 1.0) {
            p = 1.0;
        }
        return p;
    }

    /** red.cc:386-405. */
    private double estimator(long nqueued, int m, double ave, double qW) {
        double newAve = ave;
        int loops = m - 1;                                              // red.cc:391-393
        int exact = Math.min(loops, EXACT_IDLE_STEPS);
        for (int i = 0; i < exact && newAve != 0; i++) {
            newAve *= 1.0 - qW;
        }
        if (loops > exact && newAve != 0) {
            newAve *= Math.pow(1.0 - qW, loops - exact);
        }
        newAve *= 1.0 - qW;                                             // red.cc:394-395
        newAve += qW * nqueued;
        double now = nowSeconds();                                      // red.cc:397-403 (feng_adaptive_ 0)
        if (params.adaptive() && now > lastset + params.interval()) {
            updateMaxP(newAve, now);
        }
        return newAve;
    }

    /** Adaptive RED's AIMD on max_p, red.cc:364-380. */
    private void updateMaxP(double newAve, double now) {
        double part = 0.4 * (thMax - thMin);
        if (newAve < thMin + part && curMaxP > bottom) {
            curMaxP = curMaxP * params.beta();
            lastset = now;
            maxPUpdates++;
        } else if (newAve > thMax - part && params.top() > curMaxP) {
            double alpha = params.alpha();
            if (alpha > 0.25 * curMaxP) {
                alpha = 0.25 * curMaxP;
            }
            curMaxP = curMaxP + alpha;
            lastset = now;
            maxPUpdates++;
        }
    }

    /** REDQueue::deque, red.cc:410-430: the queue turns idle when the link finds it empty. */
    @Override
    public Packet dequeue() {
        Packet p = super.dequeue();
        if (p != null) {
            idle = false;
        } else {
            idle = true;
            idletime = ctx.now();
        }
        return p;
    }

    /** A packet moved over from a replaced discipline: only {@code limit_} applies (red.cc:714). */
    @Override
    public boolean adopt(Packet p) {
        if (qlen() >= qlim()) {
            overflow++;
            ctx.drop(p, DropReason.QUEUE_OVERFLOW);
            return false;
        }
        append(p);
        return true;
    }

    @Override
    protected DropReason admit(Packet p) {
        throw new UnsupportedOperationException("Ns2Red decides in enqueue");
    }

    /** The average in packets (in byte mode: ns-2's byte average / mean_pktsize). */
    @Override
    public double averageQueue() {
        return params.queueInBytes() ? vAve / params.meanPktsize() : vAve;
    }

    /** ns-2's {@code ave_}: the average in the queue's unit (bytes with queue_in_bytes_). */
    public double ave() {
        return vAve;
    }

    /** ns-2's {@code cur_max_p_}. */
    public double curMaxP() {
        return curMaxP;
    }

    /** ns-2's {@code prob1_}: the last probability before the count correction. */
    public double prob1() {
        return vProb1;
    }

    /** ns-2's {@code v_prob}: the last probability used for a draw (0 below thresh). */
    public double prob() {
        return vProb;
    }

    /** ns-2's {@code count} since the last drop or mark. */
    public int count() {
        return count;
    }

    /** ns-2's {@code count_bytes}. */
    public int countBytes() {
        return countBytes;
    }

    /** The weight in use (ns-2's automatic one once attached). */
    public double qWeight() {
        return qW;
    }

    /** thresh and maxthresh in the queue's unit, as resolved at attach. */
    public double thMin() {
        return thMin;
    }

    public double thMax() {
        return thMax;
    }

    /** Adaptive RED's lower bound for max_p, as resolved at attach. */
    public double bottom() {
        return bottom;
    }

    public Ns2RedParams params() {
        return params;
    }

    @Override
    public String kind() {
        return "ns2-red";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("queue_in_bytes", params.queueInBytes());
        m.put("bytes", params.bytes());
        m.put("thresh", thMinPkts);
        m.put("maxthresh", thMaxPkts);
        m.put("q_weight", qW);
        m.put("cur_max_p", curMaxP);
        m.put("gentle", params.gentle());
        m.put("wait", params.waitBetween());
        m.put("setbit", params.setbit());
        m.put("use_mark_p", params.useMarkP());
        m.put("mark_p", params.markP());
        m.put("mean_pktsize", params.meanPktsize());
        m.put("adaptive", params.adaptive());
        m.put("ave", vAve);
        m.put("count", count);
        m.put("packets", packets());
        m.put("bytes_queued", bytes());
        m.put("arrivals", arrivals);
        m.put("early", early);
        m.put("forced", forced);
        m.put("overflow", overflow);
        m.put("marked", marks);
        if (params.adaptive()) {
            m.put("bottom", bottom);
            m.put("top", params.top());
            m.put("max_p_updates", maxPUpdates);
        }
        return m;
    }
}
