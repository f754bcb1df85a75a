package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;

/**
 * Random Early Detection (Floyd and Jacobson 1993) with the gentle variant, byte mode and ECN.
 *
 * <pre>{@code
 * link.setDiscipline(new Red(QueueLimit.packets(50), RedParams.DEFAULTS));
 * }</pre>
 *
 * On each arrival: the average {@code avg} moves towards the current queue by {@code w_q}, or, if
 * the queue was empty, decays by {@code (1 - w_q)^m} where {@code m} is the number of mean-sized
 * packets the link could have sent while idle. Below min_th the packet is queued; between min_th
 * and max_th it is dropped (or CE-marked when both this queue and the packet are ECN-capable) with
 * {@code p_a = p_b / (1 - count * p_b)}, {@code p_b = max_p (avg - min_th) / (max_th - min_th)},
 * which spreads drops evenly ({@code count} = packets queued since the last drop); above max_th
 * (2 max_th when gentle, where p_b rises from max_p to 1) it is dropped as {@code forced}; a full
 * buffer drops as {@code overflow}. Randomness comes only from the link's seeded source.
 */
public class Red extends FifoDiscipline {
    private static final double DEFAULT_WQ = 0.002;

    protected final RedParams params;
    protected double maxP;
    protected double wq;
    protected double avg;
    private boolean idle = true;
    private long idleSince;
    private long count;
    private long arrivals;
    private long early;
    private long forced;
    private long overflow;
    private long marks;

    public Red(QueueLimit limit, RedParams params) {
        super(limit);
        this.params = params;
        this.maxP = params.maxP();
        this.wq = Double.isNaN(params.wq()) ? DEFAULT_WQ : params.wq();
    }

    @Override
    public void attach(QueueContext ctx) {
        super.attach(ctx);
        idleSince = ctx.now();
        if (Double.isNaN(params.wq())) {
            double perSecond = bandwidth() / (8.0 * params.meanPacketSize());
            wq = perSecond > 0 ? 1 - Math.exp(-1 / perSecond) : DEFAULT_WQ;
        }
    }

    private long bandwidth() {
        return params.bandwidthBps() > 0 ? params.bandwidthBps() : ctx.bandwidthBps();
    }

    /** The instantaneous queue in the unit thresholds use: packets, or mean-sized packets in byte mode. */
    private double currentQueue() {
        return params.byteMode() ? bytes() / (double) params.meanPacketSize() : packets();
    }

    private void updateAverage() {
        long now = ctx.now();
        if (idle && packets() == 0) {   // (packets adopted from a replaced discipline end idleness)
            idle = false;
            long bw = bandwidth();
            if (bw == 0) {
                avg = 0;    // an unlimited link drains instantly: any idle period empties the average
            } else {
                double slot = params.meanPacketSize() * 8e9 / bw;
                avg *= Math.pow(1 - wq, (now - idleSince) / slot);
            }
        } else {
            idle = false;
            avg = (1 - wq) * avg + wq * currentQueue();
        }
    }

    @Override
    protected DropReason admit(Packet p) {
        arrivals++;
        updateAverage();
        if (limit.exceededBy(packets(), bytes(), p.length())) {
            overflow++;
            return DropReason.QUEUE_OVERFLOW;
        }
        double minTh = params.minTh();
        double maxTh = params.maxTh();
        if (avg < minTh) {
            count = 0;
            return null;
        }
        if (avg >= (params.gentle() ? 2 * maxTh : maxTh)) {
            count = 0;
            forced++;
            return DropReason.QUEUE_FORCED;
        }
        double pb = avg < maxTh
                ? maxP * (avg - minTh) / (maxTh - minTh)
                : maxP + (1 - maxP) * (avg - maxTh) / maxTh;
        if (params.byteMode()) {
            pb = Math.min(1, pb * p.length() / params.meanPacketSize());
        }
        double pa = count * pb >= 1 ? 1 : pb / (1 - count * pb);
        if (ctx.random().nextDouble() >= pa) {
            count++;
            return null;
        }
        count = 0;
        if (params.ecn() && p.ecn().capable()) {
            p.setEcn(Ecn.CE);
            marks++;
            ctx.marked(p);
            return null;
        }
        early++;
        return DropReason.QUEUE_EARLY;
    }

    @Override
    protected void departed(Packet p) {
        if (packets() == 0) {
            idle = true;
            idleSince = ctx.now();
        }
    }

    @Override
    public double averageQueue() {
        return avg;
    }

    /** The drop probability at max_th now (changes under Adaptive RED). */
    public double maxP() {
        return maxP;
    }

    public RedParams params() {
        return params;
    }

    @Override
    public String kind() {
        return "red";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("mode", params.byteMode() ? "bytes" : "packets");
        m.put("min_th", params.minTh());
        m.put("max_th", params.maxTh());
        m.put("max_p", maxP);
        m.put("w_q", wq);
        m.put("gentle", params.gentle());
        m.put("ecn", params.ecn());
        m.put("mean_packet_size", params.meanPacketSize());
        m.put("average", Math.round(avg * 1000) / 1000.0);
        m.put("packets", packets());
        m.put("bytes", bytes());
        m.put("arrivals", arrivals);
        m.put("early", early);
        m.put("forced", forced);
        m.put("overflow", overflow);
        m.put("marked", marks);
        return m;
    }
}
