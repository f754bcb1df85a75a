package org.aspen.experiments.purple;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.sweep.ScenarioBuilder;

/**
 * The PURPLE paper's topologies (its Figures 1 and 6) as scenario topology and workload: a chain
 * of routers and bundles of greedy ECN RDP flows across it, each bundle on its own sender and
 * receiver hosts.
 *
 * <pre>{@code
 * ScenarioBuilder b = new ScenarioBuilder("purple-short-red-40", "30.000s");
 * PurpleBundles.addTo(b, PurpleRun.Part.SHORT, PurpleRun.Aqm.RED, 40, setup);
 * }</pre>
 *
 * Single bottleneck: the flows go from ten sender hosts to ten receivers through r1 -> r2 (rate L,
 * 5 ms); every access link runs at 10 L with a 20 000-packet buffer, so only the bottleneck queues.
 * Host h's base RTT is (0.8 + 0.4 h / 9) x R, R = 660 x 1500 B x 8 / L (the first part's buffer,
 * 660 packets, is the bandwidth-delay product, as in the paper). Multi-bottleneck (our reading of
 * Figure 6): r1 -> r2 -> r3, both links at L with the same queue; bundle 1 crosses r1 -> r2 only
 * (RTTs around 0.75 R), bundle 2 both links (around R), bundle 3 r2 -> r3 only (around 1.5 R),
 * five host pairs each, RTTs spread over +-20 %. Flows start over the first second, round robin
 * over their bundle's hosts.
 */
public final class PurpleBundles {
    private PurpleBundles() {
    }

    /** One bundle: its name prefix and network number, its hosts, the routers it enters and leaves at, its nominal RTT. */
    private record Bundle(String prefix, int net, int hosts, int in, int out, double rttMs, int flows) {
    }

    /** Adds routers, hosts, links, routes and flows for {@code flows} flows (bundle 2's in the multi-bottleneck part). */
    public static void addTo(ScenarioBuilder b, PurpleRun.Part part, PurpleRun.Aqm aqm, int flows, PurpleRun.Setup s) {
        String[] routers = part == PurpleRun.Part.MULTI ? new String[] {"r1", "r2", "r3"} : new String[] {"r1", "r2"};
        List<Bundle> bundles = part == PurpleRun.Part.MULTI
                ? List.of(new Bundle("b1", 1, PurpleRun.BUNDLE_HOSTS, 0, 1, 0.75 * s.rttMs(), s.bundleSize()),
                        new Bundle("b2", 2, PurpleRun.BUNDLE_HOSTS, 0, 2, 1.0 * s.rttMs(), flows),
                        new Bundle("b3", 3, PurpleRun.BUNDLE_HOSTS, 1, 2, 1.5 * s.rttMs(), s.bundleSize()))
                : List.of(new Bundle("", 1, PurpleRun.HOSTS, 0, 1, s.rttMs(), flows));
        for (int i = 0; i < routers.length; i++) {
            b.node(routers[i], "10.0.0." + (i + 1));
        }
        for (Bundle x : bundles) {
            for (int h = 0; h < x.hosts(); h++) {
                b.node(x.prefix() + "s" + h, String.format(Locale.ROOT, "10.%d.1.%d", x.net(), h + 1));
                b.node(x.prefix() + "d" + h, String.format(Locale.ROOT, "10.%d.2.%d", x.net(), h + 1));
            }
        }
        int buffer = part == PurpleRun.Part.BDP ? PurpleRun.BDP_PACKETS : PurpleRun.SHORT_BUFFER;
        for (int i = 1; i < routers.length; i++) {
            b.link(routers[i - 1], routers[i], s.bottleneckBps() + "bps",
                    String.format(Locale.ROOT, "%.0fms", PurpleRun.BOTTLENECK_DELAY_MS), buffer, s.queue(aqm, part));
        }
        String access = (10 * s.bottleneckBps()) + "bps";
        Map<String, Integer> attached = new LinkedHashMap<>();
        for (Bundle x : bundles) {
            hosts(b, x, routers, access, attached);
        }
        // along the chain, every router reaches every host through the neighbour on that host's side
        for (int i = 0; i < routers.length; i++) {
            for (Map.Entry<String, Integer> e : attached.entrySet()) {
                if (e.getValue() != i) {
                    b.route(routers[i], e.getKey(), routers[e.getValue() > i ? i + 1 : i - 1]);
                }
            }
        }
        for (Bundle x : bundles) {
            for (int i = 0; i < x.flows(); i++) {
                int h = i % x.hosts();
                String p = x.prefix();
                b.flow(ScenarioBuilder.flow(p + "f" + i, p + "s" + h, p + "d" + h).start((10 + i * 1000 / x.flows()) + "ms")
                        .segment(s.baseline().segment()).ecn(true).transport(s.baseline().transport(), s.baseline().agent())
                        .build());
            }
        }
    }

    /**
     * The bundle's access links, their delays set so that host h's base RTT is
     * (0.8 + 0.4 h / (hosts - 1)) x the bundle's RTT, and the hosts' routes.
     */
    private static void hosts(ScenarioBuilder b, Bundle x, String[] routers, String access, Map<String, Integer> attached) {
        String entry = routers[x.in()];
        String exit = routers[x.out()];
        int hops = x.out() - x.in();
        for (int h = 0; h < x.hosts(); h++) {
            String sn = x.prefix() + "s" + h;
            String dn = x.prefix() + "d" + h;
            double target = x.rttMs() * (0.8 + 0.4 * h / (x.hosts() - 1));
            String delay = String.format(Locale.ROOT, "%.3fms", Math.max(0, (target / 2 - hops * PurpleRun.BOTTLENECK_DELAY_MS) / 2));
            b.link(sn, entry, access, delay, PurpleRun.ACCESS_BUFFER, null);
            b.link(exit, dn, access, delay, PurpleRun.ACCESS_BUFFER, null);
            b.route(sn, "10.0.0.0/8", entry).route(dn, "10.0.0.0/8", exit);
            b.route(entry, sn, sn).route(exit, dn, dn);
            attached.put(sn, x.in());
            attached.put(dn, x.out());
        }
    }
}
