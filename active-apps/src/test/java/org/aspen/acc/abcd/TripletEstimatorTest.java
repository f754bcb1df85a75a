package org.aspen.acc.abcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The three-packet estimate on scripted arrivals over a link of known capacity and load. */
class TripletEstimatorTest {
    static final long MS = 1_000_000L;
    static final long CAPACITY = 2_000_000;

    /** Serialisation time of {@code bytes} at the bottleneck's rate. */
    static long tx(int bytes) {
        return bytes * 8_000_000_000L / CAPACITY;
    }

    @Test
    void theFormulaIsBytesAfterTheFirstOverTheTripletsSpan() {
        // 500 + 1500 bytes over 8 ms = 2 Mb/s; the first packet's size does not count
        assertEquals(2_000_000, TripletEstimator.tripletRate(500, 1500, 0, 8 * MS), 1e-6);
        assertEquals(1_000_000, TripletEstimator.tripletRate(1000, 1000, 10 * MS, 26 * MS), 1e-6);
    }

    @Test
    void constantLoadGivesCapacityMinusLoad() {
        // 1000-byte packets at 1.2 Mb/s (one every 6.667 ms) on a 2 Mb/s link: 0.8 Mb/s available
        TripletEstimator e = new TripletEstimator(CAPACITY, 500 * MS);
        long gap = 1000 * 8_000_000_000L / 1_200_000;
        for (int i = 0; i < 300; i++) {
            e.packet(i * gap, 1000);
        }
        assertEquals(100, e.triplets());
        assertEquals(1_200_000, e.arrivalBps(), 1);
        assertEquals(800_000, e.availableBps(), 1);
    }

    @Test
    void mixedSizesAtTheSameByteRateGiveTheSameEstimate() {
        // alternating 200- and 1000-byte packets, each spaced by its own share of a 1.5 Mb/s load
        TripletEstimator e = new TripletEstimator(CAPACITY, 500 * MS);
        long t = 0;
        int[] sizes = {200, 1000, 1000, 200, 1000, 200};
        for (int i = 0; i < 600; i++) {
            int s = sizes[i % sizes.length];
            t += s * 8_000_000_000L / 1_500_000;   // packet i arrives once its bytes have arrived at 1.5 Mb/s
            e.packet(t, s);
        }
        assertEquals(500_000, e.availableBps(), 500_000 * 0.06);
    }

    @Test
    void backToBackPacketsRevealTheCapacityAndASaturatedLinkHasNoneAvailable() {
        TripletEstimator e = new TripletEstimator(0, 500 * MS);
        assertTrue(Double.isNaN(e.availableBps()));
        long t = 0;
        for (int i = 0; i < 90; i++) {
            t += tx(1000);
            e.packet(t, 1000);
        }
        assertEquals(CAPACITY, e.capacityBps(), 1e-6);
        assertEquals(0, e.availableBps(), 1);
    }

    @Test
    void followsAStepInTheLoadWithinAFewAveragingWindows() {
        TripletEstimator e = new TripletEstimator(CAPACITY, 200 * MS);
        SplittableRandom r = new SplittableRandom(3);
        long t = 0;
        // 0.4 Mb/s of 1000-byte packets with jittered spacing (mean kept), then 1.8 Mb/s
        while (t < 4_000 * MS) {
            t += (long) (tx(1000) * 5 * (0.5 + r.nextDouble()));
            e.packet(t, 1000);
        }
        assertEquals(1_600_000, e.availableBps(), 1_600_000 * 0.15);
        while (t < 8_000 * MS) {
            t += (long) (1000 * 8_000_000_000L / 1_800_000 * (0.9 + 0.2 * r.nextDouble()));
            e.packet(t, 1000);
        }
        assertEquals(200_000, e.availableBps(), 60_000);
        assertFalse(e.availableBps() > 500_000, "below ABCD's 0.5 Mb/s threshold");
    }

    @Test
    void idleTimeCountsAsAvailable() {
        TripletEstimator e = new TripletEstimator(CAPACITY, 200 * MS);
        long t = 0;
        for (int i = 0; i < 60; i++) {
            t += tx(1000);
            e.packet(t, 1000);
        }
        assertEquals(0, e.availableBps(), 1);
        // a burst of three every second: mostly idle
        for (int k = 0; k < 5; k++) {
            t += 1000 * MS;
            for (int i = 0; i < 3; i++) {
                t += tx(1000);
                e.packet(t, 1000);
            }
        }
        assertTrue(e.availableBps() < 100_000, "triplets inside bursts see a busy link: " + e.availableBps());
        // triplets straddling idle periods see it
        for (int k = 0; k < 10; k++) {
            t += 300 * MS;
            e.packet(t, 1000);
        }
        assertTrue(e.availableBps() > 1_900_000, "idle link: " + e.availableBps());
        assertThrows(IllegalArgumentException.class, () -> new TripletEstimator(-1, 1));
    }

    @Test
    void withNoWindowEachTripletStandsAlone() {
        // W = 0: the estimate is the last triplet's, nothing of the earlier ones is kept.
        // Triplet 1: 1000 + 1000 bytes over 16 ms = 1 Mb/s; triplet 2: 1000 + 1000 bytes over 8 ms = 2 Mb/s.
        TripletEstimator e = new TripletEstimator(CAPACITY, 0);
        e.packet(0, 1000);
        e.packet(8 * MS, 1000);
        assertTrue(e.packet(16 * MS, 1000));
        assertEquals(1_000_000, e.arrivalBps(), 1e-6);
        assertEquals(1_000_000, e.availableBps(), 1e-6);
        e.packet(20 * MS, 1000);
        e.packet(24 * MS, 1000);
        assertTrue(e.packet(28 * MS, 1000));
        assertEquals(2_000_000, e.arrivalBps(), 1e-6);
        assertEquals(0, e.availableBps(), 1e-6);
        // the same arrivals with W = 1 ms keep e^(-8) of the first triplet's rate
        TripletEstimator w = new TripletEstimator(CAPACITY, MS);
        for (long[] p : new long[][] {{0}, {8}, {16}, {20}, {24}, {28}}) {
            w.packet(p[0] * MS, 1000);
        }
        assertEquals(2_000_000 - Math.exp(-8) * 1_000_000, w.arrivalBps(), 1e-3);
        assertThrows(IllegalArgumentException.class, () -> new TripletEstimator(CAPACITY, -1));
    }
}
