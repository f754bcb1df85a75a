package org.aspen.experiments.abcd;

import java.util.ArrayList;
import java.util.List;
import org.aspen.acc.AbcdSetup;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.lab.build.LabBuilder;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.sim.SimNetwork;

/**
 * The ACC-ABCD paper's check of its estimator (section 5.1: "by sending a CBR traffic and measuring
 * the available bandwidth at an intermediate router. Each simulation was of 200 seconds. The
 * available bandwidth differed from the set value by no more than 6.0%"), in the reading the
 * pre-registration fixes ({@code preregistration/abcd.yaml}): Table 1's dumbbell at 100 ms with one
 * CBR source and nothing else, x1 -> r2 -> r3 -> y1, 1000-byte packets at {@code rateBps} over the
 * 2 Mb/s bottleneck r2 -> r3; the ABCD monitor on r3 measures that link (no advice reaches anyone:
 * there are no senders, and step 3 is off); its {@code availableKbps} is read once a second from 10
 * s to the end, against the set value 2 Mb/s - rate.
 *
 * <pre>{@code
 * AbcdCbrCheck c = AbcdCbrCheck.run(1_500_000, AbcdConfig.DEFAULT, AbcdBaseline.NS2, 200);
 * c.setKbps();           // 500: what the CBR leaves of 2 Mb/s
 * c.maxErrorPercent();   // the largest |estimate - 500| over the readings, in % of 500
 * }</pre>
 *
 * Deterministic: the source has no random input, so a seed changes nothing.
 *
 * @param rateKbps        the CBR's rate
 * @param setKbps         the available bandwidth it leaves: the bottleneck's 2000 kb/s less the rate
 * @param samples         how many once-a-second readings were taken
 * @param meanKbps        their mean
 * @param minKbps         the smallest reading
 * @param maxKbps         the largest reading
 * @param maxErrorPercent the largest |reading - setKbps| in % of {@code setKbps}
 */
public record AbcdCbrCheck(long rateKbps, long setKbps, int samples, double meanKbps, long minKbps, long maxKbps,
                           double maxErrorPercent) {
    /** The bottleneck's rate, b/s ({@link AbcdRun#BOTTLENECK}). */
    public static final long CAPACITY_BPS = 2_000_000;
    /** The CBR's packets, bytes on the wire ("All endpoints use 1000 byte packets"). */
    public static final int PACKET = 1000;
    /** The first reading, seconds: five 2 s windows after the start. */
    public static final int FIRST_READING_S = 10;
    /** Each check's length, seconds, whatever the sweep's ("Each simulation was of 200 seconds"). */
    public static final double SECONDS = 200;
    /** The rates the pre-registration names, b/s. */
    public static final List<Long> RATES_BPS = List.of(500_000L, 1_000_000L, 1_500_000L);

    /** One run of {@code seconds} with a CBR of {@code rateBps} (below the bottleneck's 2 Mb/s), the monitor set up as {@code abcd}. */
    public static AbcdCbrCheck run(long rateBps, AbcdConfig abcd, AbcdBaseline baseline, double seconds) {
        if (rateBps <= 0 || rateBps >= CAPACITY_BPS || seconds <= FIRST_READING_S) {
            throw new IllegalArgumentException("a CBR check needs a rate in (0, 2 Mb/s) and more than " + FIRST_READING_S + " s");
        }
        long end = Math.round(seconds * 1e9);
        SimNetwork net = new SimNetwork(1);
        LabBuilder.build(AbcdRun.topology(100, new AbcdRun.Setup(seconds, AbcdRun.BUFFER, abcd, baseline)), net);
        ExecutionEnvironment r3 = new ExecutionEnvironment(net.node("r3"), EeConfig.DEFAULT, new TrustPolicy());
        net.at(0, "r3", () -> AbcdSetup.install(r3, abcd.withInLink("r2-r3").withResize(false)));
        Node x1 = net.node("x1");
        VAddr to = net.node("y1").address();
        byte[] payload = new byte[PACKET - Packet.HEADER_LENGTH];
        long gap = PACKET * 8 * 1_000_000_000L / rateBps;   // ns between packets (integer ns: 5,333,333 at 1.5 Mb/s)
        for (long t = 0; t < end; t += gap) {
            net.at(t, "x1", () -> x1.send(Packet.builder().source(x1.address()).destination(to).protocol(Protocol.RAW)
                    .payload(payload).build()));
        }
        List<Long> readings = new ArrayList<>();
        for (long s = FIRST_READING_S; s * 1_000_000_000L <= end; s++) {
            net.at(s * 1_000_000_000L, "r3", () -> readings.add(AbcdSetup.counter(r3, "availableKbps")));
        }
        net.run(end + 1);
        net.close();
        return of(rateBps / 1000, readings);
    }

    /** The check's figures from its readings (kb/s), against the set value 2000 kb/s - {@code rateKbps}. */
    static AbcdCbrCheck of(long rateKbps, List<Long> readings) {
        long set = CAPACITY_BPS / 1000 - rateKbps;
        double sum = 0;
        double worst = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long r : readings) {
            sum += r;
            worst = Math.max(worst, Math.abs(r - set) * 100.0 / set);
            min = Math.min(min, r);
            max = Math.max(max, r);
        }
        int n = readings.size();
        return new AbcdCbrCheck(rateKbps, set, n, n == 0 ? Double.NaN : sum / n, n == 0 ? 0 : min, n == 0 ? 0 : max,
                n == 0 ? Double.NaN : worst);
    }
}
