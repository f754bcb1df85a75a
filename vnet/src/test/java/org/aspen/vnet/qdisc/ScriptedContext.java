package org.aspen.vnet.qdisc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * A queue context whose clock is set by hand and whose random source returns scripted values
 * (then a default), counting the draws; drops and marks are recorded in order. No scheduler: a
 * discipline that needs a timer fails.
 */
final class ScriptedContext implements QueueContext {
    long now;
    final long bandwidth;
    long delay;
    final ArrayDeque<Double> script = new ArrayDeque<>();
    double otherwise = 0.99;
    int draws;
    final List<DropReason> drops = new ArrayList<>();
    final List<Packet> dropped = new ArrayList<>();
    long marks;

    ScriptedContext(long bandwidth) {
        this.bandwidth = bandwidth;
    }

    ScriptedContext draws(double... values) {
        for (double v : values) {
            script.addLast(v);
        }
        return this;
    }

    long drops(DropReason r) {
        return drops.stream().filter(d -> d == r).count();
    }

    private final RandomGenerator random = new RandomGenerator() {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("only nextDouble is scripted");
        }

        @Override
        public double nextDouble() {
            draws++;
            Double v = script.pollFirst();
            return v == null ? otherwise : v;
        }
    };

    @Override
    public long now() {
        return now;
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
    public long delayNanos() {
        return delay;
    }

    @Override
    public void drop(Packet p, DropReason reason) {
        drops.add(reason);
        dropped.add(p);
    }

    @Override
    public void marked(Packet p) {
        marks++;
    }
}
