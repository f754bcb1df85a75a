package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.report.TimeSeries;
import org.aspen.rdp.RdpConnection;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.runtime.Network;

/**
 * Time series of a lab run, sampled on the run's own clock every {@code interval}: each flow's and
 * transfer's cwnd (packets) and goodput (bits acknowledged per second over the last interval), and
 * each link end's queue length (packets). They are what {@code aspen plot} draws.
 *
 * <pre>{@code
 * LabSeries series = LabSeries.schedule(net, transfers, duration);
 * net.run(duration);
 * TimeSeries ts = series.report();
 * }</pre>
 *
 * Every sample is taken on the loop of the node that owns the state read (the sender's node for a
 * flow, the link's node for a queue), so the real runtime reads nothing across threads while it
 * runs; each array slot is written by exactly one node's loop. Sampling reads state only, so it
 * changes neither the simulated run nor its trace hash.
 */
public final class LabSeries {
    /** At most this many samples per series, so reports stay small for long runs. */
    static final int MAX_SAMPLES = 500;
    static final long MIN_INTERVAL = 10_000_000L;

    private final long interval;
    private final int samples;
    private final Map<String, double[]> cwnd = new LinkedHashMap<>();
    private final Map<String, double[]> goodput = new LinkedHashMap<>();
    private final Map<String, double[]> queue = new LinkedHashMap<>();

    private LabSeries(long interval, int samples) {
        this.interval = interval;
        this.samples = samples;
    }

    /** The interval used for a run of {@code duration}: duration / 500, at least 10 ms. */
    static long intervalFor(long duration) {
        return Math.max(MIN_INTERVAL, duration / MAX_SAMPLES);
    }

    static LabSeries schedule(Network net, List<TransferRun> transfers, long duration) {
        long interval = intervalFor(duration);
        int n = (int) (duration / interval);
        LabSeries s = new LabSeries(interval, n);
        for (TransferRun t : transfers) {
            double[] c = s.array(s.cwnd, t.name);
            double[] g = s.array(s.goodput, t.name);
            long[] lastAcked = {0};
            for (int i = 0; i < n; i++) {
                int k = i;
                net.at((i + 1) * interval, t.spec.from(), () -> {
                    RdpConnection conn = t.connection();
                    if (conn == null || t.sender() != null) {
                        return; // not started yet, or finished: no line rather than a stale value
                    }
                    c[k] = conn.congestionState().cwnd();
                    long acked = conn.stats().bytesAcked();
                    g[k] = (acked - lastAcked[0]) * 8e9 / interval;
                    lastAcked[0] = acked;
                });
            }
        }
        for (Node node : net.nodes()) {
            for (Link l : node.links()) {
                double[] q = s.array(s.queue, l.name() + "@" + node.name());
                for (int i = 0; i < n; i++) {
                    int k = i;
                    net.at((i + 1) * interval, node.name(), () -> q[k] = l.discipline().packets());
                }
            }
        }
        return s;
    }

    private double[] array(Map<String, double[]> into, String key) {
        double[] a = new double[samples];
        Arrays.fill(a, Double.NaN);
        into.put(key, a);
        return a;
    }

    /**
     * The report's form ({@link TimeSeries}: {@code {intervalSeconds, t: [...], flows: {name: {cwndPackets,
     * goodputBps}}, links: {"a-b@a": {queuePackets}}}}); a value not sampled (a flow not started yet or finished) is null.
     */
    TimeSeries report() {
        List<Double> t = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            t.add((i + 1) * interval / 1e9);
        }
        Map<String, TimeSeries.Flow> flows = new LinkedHashMap<>();
        cwnd.forEach((name, c) -> flows.put(name, new TimeSeries.Flow(list(c), list(goodput.get(name)))));
        Map<String, TimeSeries.Queue> links = new LinkedHashMap<>();
        queue.forEach((name, q) -> links.put(name, new TimeSeries.Queue(list(q))));
        return new TimeSeries(interval / 1e9, t, flows, links);
    }

    private static List<Double> list(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double v : a) {
            out.add(Double.isNaN(v) ? null : Math.round(v * 1000) / 1000.0);
        }
        return out;
    }
}
