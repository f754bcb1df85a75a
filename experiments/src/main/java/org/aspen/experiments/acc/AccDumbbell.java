package org.aspen.experiments.acc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.acc.aa.AccConfig;
import org.aspen.experiments.sweep.ScenarioBuilder;

/**
 * The ACC paper's Figure 3 dumbbell as scenario topology: nodes, links and static routes, for the
 * ACC Figures 4-7 sweep ({@link AccFigure4Run}) and for ACC-ABCD's Table 1, which reuses it.
 *
 * <pre>{@code
 * ScenarioBuilder b = new ScenarioBuilder("acc-figure3", "200.000s");
 * AccDumbbell.figure4(AccDumbbell.Placement.UPSTREAM, 100, "1.5Mbps", 50, "droptail").addTo(b);   // then the workload
 * }</pre>
 *
 * Bulk senders s1..sN reach the first router of the chain, the receivers d1..dN hang off its last
 * one; four on/off cross sources x1, x2 -> y1, y2 join at r2 and leave at r3, so r2 -> r3 is the
 * bottleneck (rate, buffer and queue given) and the swept long link (10 Mb/s, the given delay) is
 * off the cross traffic's path. Every other link is 10 Mb/s, 10 ms, 100 packets. With {@code acc},
 * r2 (the congested router) runs the ACC monitor and r1, its upstream neighbour, the filters.
 *
 * <p>Addresses: routers 10.0.0.k along the chain, s_i 10.0.1.i, x_j 10.0.2.j, d_i 10.0.3.i; y_j is
 * 10.0.3.(N+j), in the receivers' /24, in the ACC sweep, and 10.0.4.j in ACC-ABCD's runs: each
 * experiment keeps the addresses its published results were made with.
 *
 * @param placement       where the long link lies on the bulk path
 * @param pairs           bulk senders and receivers
 * @param longLinkMs      one-way delay of the long link
 * @param bottleneck      rate of r2 -> r3, e.g. {@code "1.5Mbps"}
 * @param buffer          its buffer: packets (an Integer) or a size such as {@code "50000B"}
 * @param queue           its discipline (a name, a map with {@code kind}, or null for drop-tail)
 * @param acc             the ACC monitor's settings (monitor on r2, filter code on r1), or null for no ACC
 * @param crossSinksApart y_j at 10.0.4.j instead of in the receivers' /24
 */
public record AccDumbbell(Placement placement, int pairs, int longLinkMs, String bottleneck, Object buffer, Object queue,
                          AccConfig acc, boolean crossSinksApart) {
    private static final String ACCESS_RATE = "10Mbps";
    private static final String ACCESS_DELAY = "10ms";

    /**
     * Where the swept long link sits on the bulk flows' path. The paper names it "the link from the
     * R1 router to the R2 router" and says only that it is uncongested and off the cross traffic's
     * path; three readings fit that. In all of them the monitor runs on r2 (the router feeding the
     * bottleneck r2 -> r3, where the cross traffic joins) and the filters on r1, its upstream
     * neighbour on the bulk path. {@link #PAPER} is the one chosen from the two papers' words
     * (docs/results-acc.md, "Figure 3: one reading"), used by the ACC and ACC-ABCD experiments alike.
     */
    public enum Placement {
        /** s -> r1 =long=> r2 -> r3 -> d: the long link joins the filter router and the congested one. */
        BETWEEN(0, "r1", "r2", "r3"),
        /** s -> r0 =long=> r1 -> r2 -> r3 -> d: the long link is ahead of the filter router, 10 ms from the congestion. */
        UPSTREAM(0, "r0", "r1", "r2", "r3"),
        /** s -> r1 -> r2 -> r3 =long=> r4 -> d: the long link is past the bottleneck, on the way to the receivers. */
        DOWNSTREAM(2, "r1", "r2", "r3", "r4");

        /** The bulk path's routers, sender side first. */
        public final List<String> chain;
        /** The long link joins {@code chain[swept]} and {@code chain[swept + 1]}. */
        public final int swept;

        Placement(int swept, String... chain) {
            this.swept = swept;
            this.chain = List.of(chain);
        }

        /**
         * The reading of both papers' text: the swept link is "the link from the R1 router to the R2
         * router" (ACC), "link 1-2 ... traversed by all the TCP flows" in a "dumbbell topology, with
         * senders and receivers on either side of a single bottleneck link" (ACC-ABCD): routers
         * numbered from the senders' side, R1 the senders' router, R2 the next, and no router between
         * R2 and the bottleneck that neither paper names.
         */
        public static final Placement PAPER = BETWEEN;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Base round-trip propagation time of a bulk flow, both ways: two 10 ms access links, the
         * long link, and 10 ms for each other link between the routers (the bottleneck among them).
         */
        public double rttMs(int longLinkMs) {
            int routerLinks = chain.size() - 1;
            return 2.0 * (2 * 10 + longLinkMs + 10 * (routerLinks - 1));
        }
    }

    /** The ACC Figures 4-7 dumbbell: two bulk pairs, y1 and y2 in the receivers' /24, ACC off. */
    public static AccDumbbell figure4(Placement placement, int longLinkMs, String bottleneck, int buffer, Object queue) {
        return figure4(placement, 2, longLinkMs, bottleneck, buffer, queue);
    }

    /** The same with {@code pairs} bulk pairs (the ACC-ABCD sensitivity of acc-figure4 runs 10). */
    public static AccDumbbell figure4(Placement placement, int pairs, int longLinkMs, String bottleneck, int buffer, Object queue) {
        return new AccDumbbell(placement, pairs, longLinkMs, bottleneck, buffer, queue, null, false);
    }

    /** The same dumbbell with ACC on these settings (null: off). */
    public AccDumbbell withAcc(AccConfig on) {
        return new AccDumbbell(placement, pairs, longLinkMs, bottleneck, buffer, queue, on, crossSinksApart);
    }

    /**
     * The monitor node's {@code acc} field: {@code monitor} for the defaults, else a mapping of the
     * settings that differ from them, as a scenario file writes it (docs/scenarios.md).
     */
    static Object monitorField(AccConfig c) {
        AccConfig d = AccConfig.DEFAULT;
        if (c.equals(d)) {
            return "monitor";
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("monitor", true);
        if (c.minRttMicros() != d.minRttMicros()) {
            m.put("minRtt", c.minRttMicros() / 1000 + "ms");
        }
        if (c.maxDelete() != d.maxDelete()) {
            m.put("maxDelete", c.maxDelete());
        }
        if (c.filterMaxLifetimeMs() != d.filterMaxLifetimeMs()) {
            m.put("filterLifetime", c.filterMaxLifetimeMs() + "ms");
        }
        if (c.localFilter() != d.localFilter()) {
            m.put("localFilter", c.localFilter());
        }
        if (c.deletion() != d.deletion()) {
            m.put("deletion", c.deletion().id);
        }
        if (c.oncePerSrtt() != d.oncePerSrtt()) {
            m.put("oncePerSrtt", c.oncePerSrtt());
        }
        if (c.skipRecovery() != d.skipRecovery()) {
            m.put("skipRecovery", c.skipRecovery());
        }
        if (c.notification() != d.notification()) {
            m.put("notify", c.notification().id);
        }
        return m;
    }

    /** The nodes, in the order: routers along the chain, senders, cross sources, receivers, cross sinks. */
    public Map<String, String> addresses() {
        List<String> chain = placement.chain;
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i < chain.size(); i++) {
            a.put(chain.get(i), "10.0.0." + (i + 1));
        }
        for (int i = 1; i <= pairs; i++) {
            a.put("s" + i, "10.0.1." + i);
        }
        for (int j = 1; j <= 2; j++) {
            a.put("x" + j, "10.0.2." + j);
        }
        for (int i = 1; i <= pairs; i++) {
            a.put("d" + i, "10.0.3." + i);
        }
        for (int j = 1; j <= 2; j++) {
            a.put("y" + j, crossSinksApart ? "10.0.4." + j : "10.0.3." + (pairs + j));
        }
        return a;
    }

    /** Adds the nodes, links and routes to {@code b}. */
    public ScenarioBuilder addTo(ScenarioBuilder b) {
        List<String> chain = placement.chain;
        String first = chain.get(0);
        String last = chain.get(chain.size() - 1);
        addresses().forEach((name, address) -> b.node(name, address,
                acc != null && name.equals("r2") ? monitorField(acc) : acc != null && name.equals("r1") ? "filter" : null,
                List.of()));
        for (String s : senders()) {
            b.link(s, first, ACCESS_RATE, ACCESS_DELAY);
        }
        for (String x : List.of("x1", "x2")) {
            b.link(x, "r2", ACCESS_RATE, ACCESS_DELAY);
        }
        for (String d : receivers()) {
            b.link(last, d, ACCESS_RATE, ACCESS_DELAY);
        }
        for (String y : List.of("y1", "y2")) {
            b.link("r3", y, ACCESS_RATE, ACCESS_DELAY);
        }
        for (int i = 0; i + 1 < chain.size(); i++) {
            String from = chain.get(i);
            String to = chain.get(i + 1);
            if (from.equals("r2")) {
                b.link(from, to, bottleneck, ACCESS_DELAY, buffer, queue);
            } else if (i == placement.swept) {
                b.link(from, to, ACCESS_RATE, longLinkMs + "ms");
            } else {
                b.link(from, to, ACCESS_RATE, ACCESS_DELAY);
            }
        }
        routes(b);
        return b;
    }

    private List<String> senders() {
        List<String> s = new ArrayList<>();
        for (int i = 1; i <= pairs; i++) {
            s.add("s" + i);
        }
        return s;
    }

    private List<String> receivers() {
        List<String> d = new ArrayList<>();
        for (int i = 1; i <= pairs; i++) {
            d.add("d" + i);
        }
        return d;
    }

    /**
     * Hosts default to their router. Routers reach their own hosts directly; toward the senders and
     * the routers on their side a router goes back along the chain (the last router's default route
     * already points back), routers past r2 send the cross sources' replies back too, and everything
     * else goes forward.
     */
    private void routes(ScenarioBuilder b) {
        List<String> chain = placement.chain;
        String first = chain.get(0);
        String last = chain.get(chain.size() - 1);
        String all = "10.0.0.0/8";
        senders().forEach(s -> b.route(s, all, first));
        List.of("x1", "x2").forEach(x -> b.route(x, all, "r2"));
        receivers().forEach(d -> b.route(d, all, last));
        List.of("y1", "y2").forEach(y -> b.route(y, all, "r3"));
        for (int i = 0; i < chain.size(); i++) {
            String r = chain.get(i);
            boolean isLast = i + 1 == chain.size();
            if (i == 0) {
                senders().forEach(s -> b.route(r, s, s));
            }
            if (i > 0 && !isLast) {
                for (int j = 0; j < i; j++) {
                    b.route(r, chain.get(j), chain.get(i - 1));
                }
                b.route(r, "10.0.1.0/24", chain.get(i - 1));
            }
            if (r.equals("r2")) {
                List.of("x1", "x2").forEach(x -> b.route(r, x, x));
            }
            if (isLast) {
                receivers().forEach(d -> b.route(r, d, d));
            }
            if (r.equals("r3")) {
                List.of("y1", "y2").forEach(y -> b.route(r, y, y));
            }
            if (i > chain.indexOf("r2") && !isLast) {
                b.route(r, "10.0.2.0/24", chain.get(i - 1));
            }
            b.route(r, all, isLast ? chain.get(i - 1) : chain.get(i + 1));
        }
    }
}
