package org.aspen.flakeway;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.time.SimScheduler;

/**
 * An engine on a bare simulated scheduler whose sink records what left and when; the context of
 * each packet is its sequence number, so order and per-packet delay can be checked.
 */
final class Harness implements FlakewayEngine.Sink<Packet, Integer> {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr C = VAddr.parse("10.0.0.3");
    static final long MS = 1_000_000L;

    record Out(int seq, long at, Packet packet, BitFlips flips) {
    }

    final SimScheduler sim = new SimScheduler();
    final FlakewayEngine<Packet, Integer> engine;
    final List<Out> out = new ArrayList<>();
    final List<Long> offeredAt = new ArrayList<>();
    long drops;
    long overflowDrops;

    Harness(long seed, String rule) {
        engine = new FlakewayEngine<>(FlakewayEngine.Timing.of(sim::nanos, (t, d) -> sim.schedule(d, t)), seed, NodePackets.INSTANCE, this);
        engine.set(RuleSpecs.parse(rule));
    }

    static Packet packet(int frameBytes) {
        return Packet.builder().source(A).destination(C).protocol(Protocol.RAW)
                .payload(new byte[frameBytes - Packet.HEADER_LENGTH]).build();
    }

    /** Offers {@code n} frames of {@code size} bytes, one every {@code gapNanos} from now. */
    Harness offer(int n, long gapNanos, int size) {
        long start = sim.nanos();
        for (int i = 0; i < n; i++) {
            int seq = offeredAt.size();
            long at = start + i * gapNanos;
            offeredAt.add(at);
            sim.scheduleAt(at, () -> engine.offer(packet(size), seq));
        }
        return drain();
    }

    /** Runs until nothing is pending (not runAll: that leaves the clock at Long.MAX_VALUE). */
    Harness drain() {
        while (sim.pending() > 0) {
            sim.runUntil(sim.nanos() + 1_000 * MS);
        }
        return this;
    }

    RuleCounters counters() {
        return engine.counters(engine.rules().get(0).name());
    }

    /** Delay each emitted packet saw, in nanoseconds. */
    long[] delays() {
        return out.stream().mapToLong(o -> o.at - offeredAt.get(o.seq)).toArray();
    }

    boolean inOrder() {
        for (int i = 1; i < out.size(); i++) {
            if (out.get(i).seq < out.get(i - 1).seq) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void emit(Packet p, Integer seq, boolean copy, BitFlips flips) {
        out.add(new Out(seq, sim.nanos(), p, flips));
    }

    @Override
    public void dropped(Packet p, Integer seq, boolean copy, boolean overflow) {
        drops++;
        overflowDrops += overflow ? 1 : 0;
    }
}
