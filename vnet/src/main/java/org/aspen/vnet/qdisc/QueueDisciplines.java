package org.aspen.vnet.qdisc;

import java.util.List;
import java.util.Map;
import org.aspen.vnet.config.Params;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;

/**
 * Builds a queue discipline from its kind and a map of parameters (scenario files, commands).
 *
 * <pre>{@code
 * QueueDiscipline d = QueueDisciplines.create("red", Map.of("min_th", 10, "max_th", 30, "ecn", true),
 *         QueueLimit.packets(100));
 * link.setDiscipline(d);   // at run time too: queued packets move over, link counters stay
 * }</pre>
 *
 * Kinds and parameters (defaults in brackets; see {@code docs/queues.md}):
 * <ul>
 * <li>{@code droptail}: threshold [none] (packets), threshold_bytes [none], ecn [false]</li>
 * <li>{@code red}: min_th [5], max_th [15], max_p [0.1], w_q [0.002 or auto], gentle [true],
 *     mode [packets|bytes], ecn [false], mean_packet_size [1000], bandwidth [the link's]</li>
 * <li>{@code ared}: as red with w_q [auto], plus interval [500ms], beta [0.9]</li>
 * <li>{@code aecn}: eta [0.5], virtual_buffer [100000 bytes] or virtual_buffer_packets [none] (times
 *     mean_packet_size [1000]), bandwidth [the link's], inner [{kind: droptail}]: the real queue, any
 *     other kind with its parameters, e.g. {@code {kind: red, ecn: true}}</li>
 * <li>{@code acns}: v_p [0.8], v_a [0.2], th_a1 [0.95], th_a2 [1.0], p_max [63; 0: the table's highest],
 *     age [normalised; or seconds], flow_timeout [5s], inner [{kind: droptail}] (docs/acns.md)</li>
 * <li>{@code purple}: alpha [1], micro [true], history [16], rtt_samples [32], rtt_trim [10%],
 *     rtt_filters [8], rtt_max [2s], rtt [100ms] (before the first sample), tick [1ms], w_load [1/32],
 *     w_q [1/32], p_floor [0.001], bandwidth [the link's], realised_p_k [false], clamp_beyond [false],
 *     same_period [false] (the last three: sensitivity readings, docs/purple.md), no_mark_uncongested
 *     [false] (true: p_k = 0 while gamma &gt; 1, issue 29's reading of "a router does not modify p")</li>
 * <li>{@code avq}: gamma [0.98], alpha [0.15], bandwidth [the link's], virtual_buffer (bytes) or
 *     virtual_buffer_packets (1000-byte packets) [the buffer limit]</li>
 * <li>{@code ns2-red}: ns-2.35's Queue/RED ({@link Ns2Red}), its Tcl variables without the underscore,
 *     defaults ns-default.tcl's: bytes [true], queue_in_bytes [true], thresh [0: auto], maxthresh [0: auto],
 *     mean_pktsize [500], q_weight [-1: auto], wait [true], linterm [10], setbit [false], gentle [true],
 *     use_mark_p [true], mark_p [0.1], adaptive [false], alpha [0.01], beta [0.9], interval [0.5s],
 *     targetdelay [5ms], top [0.5], bottom [0: auto] (interval and targetdelay are durations with their
 *     unit, as everywhere: ns-2's bare seconds are refused)</li>
 * <li>{@code ns2-droptail}: ns-2.35's Queue/DropTail ({@link Ns2DropTail}): queue_in_bytes [false],
 *     mean_pktsize [500], drop_front [false]</li>
 * </ul>
 * A bad kind, value or unknown parameter is an {@link IllegalArgumentException} with one line
 * naming it.
 */
public final class QueueDisciplines {
    public static final List<String> KINDS = List.of("droptail", "red", "ared", "aecn", "acns", "purple", "avq",
            "ns2-red", "ns2-droptail");

    private QueueDisciplines() {
    }

    public static QueueDiscipline create(String kind, Map<String, Object> params, QueueLimit limit) {
        String k = kind == null ? "" : kind.trim().toLowerCase(java.util.Locale.ROOT);
        Params p = new Params(k, params);
        QueueDiscipline d = switch (k) {
            case "droptail" -> dropTail(p, limit);
            case "red" -> new Red(limit, red(p, 0.002));
            case "ared" -> {
                RedParams rp = red(p, Double.NaN);
                long interval = p.nanos("interval", 500_000_000L);
                double beta = p.number("beta", 0.9);
                yield construct(p, () -> new AdaptiveRed(limit, rp, interval, beta));
            }
            case "aecn" -> antiEcn(p, limit);
            case "acns" -> acns(p, limit);
            case "purple" -> purple(p, limit);
            case "avq" -> {
                double gamma = p.probability("gamma", 0.98);
                double alpha = p.probability("alpha", 0.15);
                long bw = p.bitsPerSecond("bandwidth", 0);
                long vb = p.has("virtual_buffer_packets") ? (long) p.integer("virtual_buffer_packets", 1) * Avq.MEAN_PACKET
                        : p.bytes("virtual_buffer", 0);
                yield construct(p, () -> new Avq(limit, gamma, alpha, bw, vb));
            }
            case "ns2-red" -> new Ns2Red(limit, ns2Red(p));
            case "ns2-droptail" -> {
                boolean qib = p.bool("queue_in_bytes", false);       // ns-default.tcl:104
                int mean = p.integer("mean_pktsize", 500);           // ns-default.tcl:105
                boolean front = p.bool("drop_front", false);         // ns-default.tcl:102
                yield construct(p, () -> new Ns2DropTail(limit, qib, mean, front));
            }
            default -> throw new IllegalArgumentException("unknown queue discipline '" + kind + "' (known: "
                    + String.join(", ", KINDS) + ")");
        };
        p.finish();
        return d;
    }

    private static QueueDiscipline dropTail(Params p, QueueLimit limit) {
        int threshold = p.integer("threshold", Integer.MAX_VALUE);
        long thresholdBytes = p.bytes("threshold_bytes", Long.MAX_VALUE);
        boolean ecn = p.bool("ecn", false);
        if (threshold == Integer.MAX_VALUE && thresholdBytes == Long.MAX_VALUE && !ecn) {
            return new DropTail(limit);
        }
        return construct(p, () -> new ThresholdDropTail(limit, threshold, thresholdBytes, ecn));
    }

    private static QueueDiscipline antiEcn(Params p, QueueLimit limit) {
        double eta = p.probability("eta", 0.5);
        int mean = p.integer("mean_packet_size", 1000);
        long vb = p.bytes("virtual_buffer", 100_000);
        if (p.has("virtual_buffer_packets")) {
            if (p.has("virtual_buffer")) {
                throw p.error("give virtual_buffer or virtual_buffer_packets, not both");
            }
            vb = (long) p.integer("virtual_buffer_packets", 100) * mean;
        }
        long bytes = vb;
        long bw = p.bitsPerSecond("bandwidth", 0);
        QueueDiscipline inner = inner(p, limit, "aecn");
        return construct(p, () -> new AntiEcn(inner, eta, bytes, bw));
    }

    private static QueueDiscipline acns(Params p, QueueLimit limit) {
        AcnsParams d = AcnsParams.DEFAULTS;
        double vp = p.number("v_p", d.vp());
        double va = p.number("v_a", p.has("v_p") ? 1 - vp : d.va());
        double th1 = p.number("th_a1", d.thA1());
        double th2 = p.number("th_a2", d.thA2());
        int pMax = p.integer("p_max", d.priorityMax());
        long timeout = p.nanos("flow_timeout", d.flowTimeoutNanos());
        String age = p.choice("age", d.age().id(), "normalised", "seconds");
        QueueDiscipline inner = inner(p, limit, "acns");
        AcnsParams ap = construct(p, () -> new AcnsParams(vp, va, th1, th2, pMax, AcnsParams.Age.byId(age), timeout));
        return new Acns(inner, limit, ap);
    }

    /** The {@code inner} discipline of a marking layer (drop-tail when not given), never the layer itself. */
    private static QueueDiscipline inner(Params p, QueueLimit limit, String self) {
        Map<String, Object> innerSpec = new java.util.LinkedHashMap<>(p.map("inner"));
        Object innerKind = innerSpec.remove("kind");
        if (self.equalsIgnoreCase(String.valueOf(innerKind).trim())) {
            throw p.error("inner: cannot be " + self + " again");
        }
        try {
            return create(innerKind == null ? "droptail" : String.valueOf(innerKind), innerSpec, limit);
        } catch (IllegalArgumentException e) {
            throw p.error("inner: " + e.getMessage());
        }
    }

    private static QueueDiscipline purple(Params p, QueueLimit limit) {
        PurpleParams d = PurpleParams.DEFAULTS;
        double alpha = p.number("alpha", d.alpha());
        boolean micro = p.bool("micro", d.micro());
        int history = p.integer("history", d.history());
        int samples = p.integer("rtt_samples", d.rttSamples());
        double trim = p.probability("rtt_trim", d.rttTrim());
        int filters = p.integer("rtt_filters", d.rttFilters());
        long rttMax = p.nanos("rtt_max", d.rttMaxNanos());
        long rtt = p.nanos("rtt", d.initialRttNanos());
        long tick = p.nanos("tick", d.tickNanos());
        double wLoad = p.number("w_load", d.loadWeight());
        double wq = p.number("w_q", d.queueWeight());
        double floor = p.probability("p_floor", d.pFloor());
        long bw = p.bitsPerSecond("bandwidth", 0);
        boolean realised = p.bool("realised_p_k", d.realisedLocal());
        boolean clamp = p.bool("clamp_beyond", d.clampBeyond());
        boolean samePeriod = p.bool("same_period", d.samePeriod());
        boolean noMark = p.bool("no_mark_uncongested", d.noMarkUncongested());
        PurpleParams pp = construct(p, () -> new PurpleParams(alpha, micro, history, samples, trim, filters, rttMax, rtt,
                tick, wLoad, wq, floor, bw, realised, clamp, samePeriod, noMark));
        return new Purple(limit, pp);
    }

    private static RedParams red(Params p, double defaultWq) {
        RedParams d = RedParams.DEFAULTS;
        double minTh = p.number("min_th", d.minTh());
        double maxTh = p.number("max_th", d.maxTh());
        double maxP = p.probability("max_p", d.maxP());
        Object wqRaw = p.raw("w_q");
        double wq = wqRaw == null ? defaultWq
                : "auto".equalsIgnoreCase(String.valueOf(wqRaw).trim()) ? Double.NaN : p.number("w_q", defaultWq);
        boolean gentle = p.bool("gentle", d.gentle());
        boolean bytes = p.choice("mode", "packets", "packets", "bytes").equals("bytes");
        boolean ecn = p.bool("ecn", d.ecn());
        int mean = p.integer("mean_packet_size", d.meanPacketSize());
        long bw = p.bitsPerSecond("bandwidth", 0);
        return construct(p, () -> new RedParams(minTh, maxTh, maxP, wq, gentle, bytes, ecn, mean, bw));
    }

    /** Queue/RED's variables, defaults from ns-default.tcl:122-166 ({@link Ns2RedParams#DEFAULTS}). */
    private static Ns2RedParams ns2Red(Params p) {
        Ns2RedParams d = Ns2RedParams.DEFAULTS;
        boolean bytes = p.bool("bytes", d.bytes());
        boolean qib = p.bool("queue_in_bytes", d.queueInBytes());
        double thresh = p.number("thresh", d.thresh());
        double maxthresh = p.number("maxthresh", d.maxthresh());
        int mean = p.integer("mean_pktsize", d.meanPktsize());
        double qw = p.number("q_weight", d.qWeight());
        boolean wait = p.bool("wait", d.waitBetween());
        double linterm = p.number("linterm", d.linterm());
        boolean setbit = p.bool("setbit", d.setbit());
        boolean gentle = p.bool("gentle", d.gentle());
        boolean useMarkP = p.bool("use_mark_p", d.useMarkP());
        double markP = p.number("mark_p", d.markP());
        boolean adaptive = p.bool("adaptive", d.adaptive());
        double alpha = p.number("alpha", d.alpha());
        double beta = p.number("beta", d.beta());
        double interval = seconds(p, "interval", d.interval());
        double target = seconds(p, "targetdelay", d.targetdelay());
        double top = p.number("top", d.top());
        double bottom = p.number("bottom", d.bottom());
        return construct(p, () -> new Ns2RedParams(bytes, qib, thresh, maxthresh, mean, qw, wait, linterm, setbit, gentle,
                useMarkP, markP, adaptive, alpha, beta, interval, target, top, bottom));
    }

    /** A time in seconds (ns-2's unit), written as a duration with its unit ({@code 0.5s}, {@code 5ms}). */
    private static double seconds(Params p, String key, double dflt) {
        return p.has(key) ? p.nanos(key, 0) / 1e9 : dflt;
    }

    private static <T> T construct(Params p, java.util.function.Supplier<T> s) {
        try {
            return s.get();
        } catch (IllegalArgumentException e) {
            throw p.error(e.getMessage());
        }
    }
}
