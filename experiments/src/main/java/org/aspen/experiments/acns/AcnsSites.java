package org.aspen.experiments.acns;

import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.vnet.time.Seeds;

/**
 * The ACNS paper's set-up (its Figure 8 and Tables 5-6) as scenario topology and workload: two
 * sites joined through an ISP, three prioritised RDP flows and three constant-rate flows.
 *
 * <pre>{@code
 * ScenarioBuilder b = new ScenarioBuilder("acns-paper-acns", "118.000s");
 * AcnsSites.addTo(b, Map.of("kind", "acns"), true, "3Mbps", 100, 1);   // ACNS queues and senders, seed 1
 * }</pre>
 *
 * Our reading of Figure 8 (only described in words: two sites joined through an ISP whose core is
 * over-provisioned, the "last-mile" links being the bottlenecks): hosts n0, n1, n2 at site A behind
 * router ra, n3, n4, n5 at site B behind rb; ra - i1 and i2 - rb are the last-mile links (the given
 * rate, 10 ms, the given buffer in packets; ACNS queues or drop-tail), i1 - i2 the ISP core
 * (100 Mb/s, 20 ms), host links 10 Mb/s, 2 ms. Every flow goes from site A to site B, so ra -> i1
 * is where the queue builds. RDP flows (Table 5): n0 -> n5 priority 0 from 0.1 s, n0 -> n4 priority
 * 26 from 15.1 s, n1 -> n3 priority 46 from 30.1 s, no ECN (ACNS reuses the ECN bits in the
 * paper), ACNS at both ends or not; constant-rate raw flows of 1000-byte packets (Table 6, our
 * stand-in for UDP): n0 -> n3 0.5 Mb/s from 0.1 s, n1 -> n4 0.6 Mb/s from 20.1 s, n2 -> n5 0.5 Mb/s
 * from 40.1 s; everything runs to the end. Each start time is moved by a seeded offset drawn
 * uniformly from [-50 ms, +50 ms) ({@link #JITTER_NANOS}, the same for both systems under one seed),
 * so that seeds sample the dynamics of one set-up: the paper's single ns-2 run has no random input.
 */
public final class AcnsSites {
    private AcnsSites() {
    }

    /** Width of the start-time jitter: one base RTT (88 ms) rounded up, centred on the paper's times. */
    public static final long JITTER_NANOS = 100_000_000L;

    /** The paper's start time {@code seconds} of flow {@code name} moved by seed {@code seed}'s offset. */
    static String start(double seconds, String name, long seed) {
        double offset = (Seeds.stream(seed, "acns-start", name).nextDouble() - 0.5) * JITTER_NANOS;
        return String.format(Locale.ROOT, "%.6fs", seconds + offset / 1e9);
    }

    /**
     * Adds the sites, the ISP, their routes and the six flows; {@code queue} is the last miles'
     * discipline (ACNS or drop-tail), {@code acns} whether the RDP flows run ACNS.
     */
    public static void addTo(ScenarioBuilder b, Object queue, boolean acns, String lastMile, int buffer, long seed) {
        addTo(b, queue, acns, lastMile, buffer, seed, AcnsBaseline.RDP);
    }

    /** As above, the RDP flows on {@code base}'s transport (ns-2's Reno with its variables and packet size, or RDP's). */
    public static void addTo(ScenarioBuilder b, Object queue, boolean acns, String lastMile, int buffer, long seed,
                             AcnsBaseline base) {
        addTo(b, queue, acns, lastMile, buffer, seed, base, AcnsReno.Reading.PAPER);
    }

    /** As above, the ACNS senders following {@code reading} (the flows' {@code sender.acnsReading}, absent for the text's). */
    public static void addTo(ScenarioBuilder b, Object queue, boolean acns, String lastMile, int buffer, long seed,
                             AcnsBaseline base, AcnsReno.Reading reading) {
        addTo(b, queue, acns, lastMile, buffer, seed, base, reading, Ns2AcnsCubic.CubicReading.PRIMARY);
    }

    /** As above, ACNS on ns-2's Linux CUBIC reading equation 9 as {@code cubic} ({@link Ns2AcnsCubic.CubicReading}). */
    public static void addTo(ScenarioBuilder b, Object queue, boolean acns, String lastMile, int buffer, long seed,
                             AcnsBaseline base, AcnsReno.Reading reading, Ns2AcnsCubic.CubicReading cubic) {
        addTo(b, queue, acns, lastMile, buffer, seed, base, reading, cubic, base.agent());
    }

    /** As above, the TCP flows' {@code ns2} map {@code agent} instead of the baseline's ({@link AcnsRun.Setup#agent()}). */
    public static void addTo(ScenarioBuilder b, Object queue, boolean acns, String lastMile, int buffer, long seed,
                             AcnsBaseline base, AcnsReno.Reading reading, Ns2AcnsCubic.CubicReading cubic,
                             Map<String, Object> agent) {
        String[][] nodes = {{"ra", "10.0.0.1"}, {"i1", "10.0.0.2"}, {"i2", "10.0.0.3"}, {"rb", "10.0.0.4"},
                {"n0", "10.0.1.1"}, {"n1", "10.0.1.2"}, {"n2", "10.0.1.3"}, {"n3", "10.0.2.1"}, {"n4", "10.0.2.2"},
                {"n5", "10.0.2.3"}};
        for (String[] n : nodes) {
            b.node(n[0], n[1]);
        }
        for (String[] l : new String[][] {{"n0", "ra"}, {"n1", "ra"}, {"n2", "ra"}, {"rb", "n3"}, {"rb", "n4"}, {"rb", "n5"}}) {
            b.link(l[0], l[1], "10Mbps", "2ms");
        }
        b.link("ra", "i1", lastMile, "10ms", buffer, queue);
        b.link("i1", "i2", "100Mbps", "20ms");
        b.link("i2", "rb", lastMile, "10ms", buffer, queue);
        String[][] routes = {{"n0", "10.0.0.0/8", "ra"}, {"n1", "10.0.0.0/8", "ra"}, {"n2", "10.0.0.0/8", "ra"},
                {"n3", "10.0.0.0/8", "rb"}, {"n4", "10.0.0.0/8", "rb"}, {"n5", "10.0.0.0/8", "rb"},
                {"ra", "n0", "n0"}, {"ra", "n1", "n1"}, {"ra", "n2", "n2"}, {"ra", "10.0.0.0/8", "i1"},
                {"i1", "ra", "ra"}, {"i1", "10.0.1.0/24", "ra"}, {"i1", "10.0.0.0/8", "i2"},
                {"i2", "rb", "rb"}, {"i2", "10.0.2.0/24", "rb"}, {"i2", "10.0.0.0/8", "i1"},
                {"rb", "n3", "n3"}, {"rb", "n4", "n4"}, {"rb", "n5", "n5"}, {"rb", "10.0.0.0/8", "i2"}};
        for (String[] r : routes) {
            b.route(r[0], r[1], r[2]);
        }
        for (String[] f : new String[][] {{"tcp1", "n0", "n5", "0.1", "0"}, {"tcp2", "n0", "n4", "15.1", "26"},
                {"tcp3", "n1", "n3", "30.1", "46"}}) {
            b.flow(ScenarioBuilder.flow(f[0], f[1], f[2]).start(start(Double.parseDouble(f[3]), f[0], seed)).ecn(false)
                    .acns(acns, Integer.parseInt(f[4])).segment(base.segment()).transport(base.transport(), agent)
                    .window(base.receiverWindow()).sender(acns ? ScenarioBuilder.sender(null, null, reading, cubic) : null).build());
        }
        for (String[] u : new String[][] {{"udp1", "n0", "n3", "500kbps", "0.1"}, {"udp2", "n1", "n4", "600kbps", "20.1"},
                {"udp3", "n2", "n5", "500kbps", "40.1"}}) {
            b.cross(new Scenario.CrossSpec(u[0], u[1], u[2], u[3], "100000s", "0s", 1000,
                    start(Double.parseDouble(u[4]), u[0], seed), null, "fixed"));
        }
    }
}
