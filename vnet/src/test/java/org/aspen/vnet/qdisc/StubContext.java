package org.aspen.vnet.qdisc;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Scheduler;
import org.aspen.vnet.time.SimScheduler;

/** A queue context without a link: virtual time, a fixed seed, and drop/mark tallies. */
final class StubContext implements QueueContext {
    final SimScheduler sim = new SimScheduler();
    final SplittableRandom random;
    final long bandwidth;
    final Map<DropReason, Long> drops = new EnumMap<>(DropReason.class);
    long marks;

    StubContext(long seed, long bandwidth) {
        this.random = new SplittableRandom(seed);
        this.bandwidth = bandwidth;
    }

    long drops(DropReason r) {
        return drops.getOrDefault(r, 0L);
    }

    static Packet packet(int frameBytes, Ecn ecn) {
        return Packet.builder().source(VAddr.parse("10.0.0.1")).destination(VAddr.parse("10.0.0.2")).ecn(ecn)
                .payload(new byte[frameBytes - Packet.HEADER_LENGTH]).build();
    }

    @Override
    public long now() {
        return sim.nanos();
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public long bandwidthBps() {
        return bandwidth;
    }

    @Override
    public Scheduler scheduler() {
        return sim;
    }

    @Override
    public void drop(Packet p, DropReason reason) {
        drops.merge(reason, 1L, Long::sum);
    }

    @Override
    public void marked(Packet p) {
        marks++;
    }
}
