package org.aspen.vnet.link;

import java.util.random.RandomGenerator;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Scheduler;

/**
 * What a {@link QueueDiscipline} may use from the link it serves: the node's clock and seeded
 * random source, the link's rate, and the one way to drop or mark a packet (so every drop is
 * counted and announced to congestion listeners first).
 */
public interface QueueContext {
    long now();

    RandomGenerator random();

    /** Link rate in bits per second; 0 means unlimited. */
    long bandwidthBps();

    /**
     * The link's propagation delay in ns (0: none or unknown). ns-2's RED derives its automatic
     * {@code q_weight_ -1} from it ({@code queue/red.cc:828}).
     */
    default long delayNanos() {
        return 0;
    }

    /** Drops {@code p}: announces it to the link's drop listeners, then counts it under {@code reason}. */
    void drop(Packet p, DropReason reason);

    /**
     * The node's scheduler, for disciplines that act on a timer (Adaptive RED). Contexts without
     * one (unit-test stubs) may leave the default, which refuses.
     */
    default Scheduler scheduler() {
        throw new UnsupportedOperationException("this queue context has no scheduler");
    }

    /** Counts an ECN (or other) mark the discipline applied to {@code p}. */
    void marked(Packet p);
}
