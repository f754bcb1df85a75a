package org.aspen.ee.api;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The packet programming interface (PPI): everything an AA may do on its node. Handed to
 * {@link ActiveApplication#start}; valid until the AA stops. Call it only from the AA's handlers
 * (they all run on the node's loop): calls from a thread the AA started, or after it stopped,
 * throw {@link IllegalStateException}.
 *
 * <pre>{@code
 * public void start(AaContext ctx, Map<String, String> params) {
 *     ctx.onCongestion(e -> ctx.log().info("drop at {} with {} queued", e.link().name(), e.link().queuePackets()));
 *     ctx.schedule(1_000_000_000L, () -> ctx.log().info("one second later: {}", ctx.nanos()));
 * }
 * }</pre>
 */
public interface AaContext {
    // ---- identity and topology ----

    String nodeName();

    Address nodeAddress();

    /** The AA's own name and version, as its manifest declares them. */
    String aaName();

    String aaVersion();

    /** Addresses of the neighbours on links that are up, in link order. */
    List<Address> neighbours();

    /** The next hop toward {@code destination} from the routing table, or null when unreachable. */
    Address nextHop(Address destination);

    /** Snapshots of every link's queue and counters. */
    List<LinkStatus> links();

    // ---- time and randomness (the node clock: virtual time in the simulation) ----

    /** Node time in nanoseconds. */
    long nanos();

    /**
     * Node time as a duration since the node's clock started: virtual time in the simulation (the
     * same every run of a seed), the node's monotonic clock in the real runtime. There is no
     * calendar date: the host's wall clock is not the AA's (it would make runs differ), and the
     * allow-list refuses {@code System.currentTimeMillis}, {@code System.nanoTime} and
     * {@code java.time}'s {@code now()}.
     */
    default Duration now() {
        return Duration.ofNanos(nanos());
    }

    /** Runs {@code task} after {@code delayNanos} on the node's loop, under the AA's isolation. */
    Timer schedule(long delayNanos, Runnable task);

    /**
     * This AA's own random source, split from the node's seeded one: in the simulation it is seeded
     * from the run's seed, so the same seed draws the same numbers. The allow-list refuses
     * {@code new Random()}, {@code Math.random()}, {@code ThreadLocalRandom} and other unseeded sources.
     */
    RandomGenerator random();

    // ---- raw channel ----

    /** A builder for any packet; source defaults to this node. */
    PacketBuilder newPacket();

    /**
     * Sends a packet as this node would originate it (routed by destination). The packet may carry a
     * forged source and transport header. Returns false when the node dropped it (no route, full queue).
     */
    boolean send(AaPacket packet);

    // ---- diversion ----

    /** Opens a diversion channel; packets arriving from now on that match go to {@code handler}. */
    DiversionChannel divert(Match match, DiversionChannel.Handler handler);

    // ---- congestion ----

    /** Called for every packet one of this node's links is about to drop, before it is dropped. */
    Registration onCongestion(Consumer<CongestionEvent> listener);

    /**
     * Makes the node split each packet it sends over link {@code link} whose frame is longer than
     * {@code maxFrameBytes} into fragments no longer than that, reassembled at their destination node
     * (network-layer fragmentation, docs/wire-format.md "Fragments"); 0 turns it off. False when the
     * node has no such link; a size below the smallest fragment (36 bytes) is refused with
     * {@link IllegalArgumentException}.
     */
    boolean setFragmentSize(String link, int maxFrameBytes);

    // ---- AA-to-AA messages ----

    /** Sends {@code body} to the AA called {@code aaName} on this node. False when none runs. */
    boolean sendMessage(String aaName, byte[] body);

    /**
     * Sends {@code body} to the AA called {@code aaName} on node {@code node} (over VNet protocol
     * {@link Protocols#AA_MESSAGE}; unreliable, like any datagram). False when it could not be sent.
     */
    boolean sendMessage(Address node, String aaName, byte[] body);

    // ---- code ----

    /**
     * The spec of the newest code called {@code aaName} in this node's code cache, or null: what to
     * put in a packet that should start that AA on another node (which fetches the code from here).
     */
    AaPacket.Spec findCode(String aaName);

    // ---- observability ----

    /** The AA's counter called {@code name}, created at zero on first use. */
    AaCounter counter(String name);

    // ---- logging ----

    AaLog log();
}
