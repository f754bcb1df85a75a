package org.aspen.vnet.runtime;

import java.net.InetSocketAddress;
import java.util.Collection;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;

/**
 * A whole topology in one process, in either runtime: {@code SimNetwork} (virtual time, in-memory
 * links) or {@code UdpNetwork} (Netty event loops, real UDP sockets on loopback or any host).
 *
 * <pre>{@code
 * try (Network net = simulated ? new SimNetwork(seed) : new UdpNetwork(seed)) {
 *     net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
 *     net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
 *     net.connect("a-b", "a", "b", config);
 *     net.at(1_000_000_000L, "a", () -> ...);   // on a's loop, 1 s after start
 *     net.run(10_000_000_000L);
 * }
 * }</pre>
 *
 * Nodes are set up (addNode, connect, handlers) before {@link #run}; {@code run} starts them.
 * Code passed to {@link #at} or {@link #onLoop} runs on the node's own loop.
 */
public interface Network extends AutoCloseable {
    /**
     * Creates a node. {@code udp} is the socket address to bind in the real runtime (port 0 or
     * null: an ephemeral loopback port); the simulation ignores it.
     */
    Node addNode(String name, VAddr address, NodeConfig config, InetSocketAddress udp);

    /** Joins two nodes with a link called {@code linkName} at both ends, same settings each way. */
    void connect(String linkName, String a, String b, LinkConfig config);

    Node node(String name);

    Collection<Node> nodes();

    /** Runs {@code task} on {@code node}'s loop at {@code atNanos} after the start of {@link #run}. */
    void at(long atNanos, String node, Runnable task);

    /** Runs {@code task} on {@code node}'s loop as soon as possible (any thread may call this). */
    void onLoop(String node, Runnable task);

    /** Starts every node (first call only) and lets the network run for {@code durationNanos} more. */
    void run(long durationNanos) throws InterruptedException;

    /** Time since the start of the first {@link #run}, in this runtime's clock. */
    long now();

    /** True for virtual time. */
    boolean simulated();

    /** Stops every node and releases sockets and threads. */
    @Override
    void close();
}
