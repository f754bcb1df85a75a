package org.aspen.vnet.sim;

import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.time.Seeds;
import org.aspen.vnet.time.SimScheduler;

/**
 * The simulated runtime: every node of a topology on one {@link SimScheduler} in virtual time,
 * joined by in-memory wires with bandwidth (the sending link's shaper), propagation delay and a
 * buffer. Same seed, same set-up calls: the same events in the same order, byte for byte.
 *
 * <pre>{@code
 * SimNetwork net = new SimNetwork(42);
 * net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
 * net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
 * net.connect("a-b", "a", "b", new LinkConfig(10_000_000, 5_000_000, QueueLimit.packets(50), 1));
 * net.run(5_000_000_000L);
 * }</pre>
 */
public final class SimNetwork implements Network {
    private final long seed;
    private final SimScheduler scheduler = new SimScheduler();
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private boolean started;

    public SimNetwork(long seed) {
        this.seed = seed;
    }

    public SimScheduler scheduler() {
        return scheduler;
    }

    public long seed() {
        return seed;
    }

    @Override
    public Node addNode(String name, VAddr address, NodeConfig config, InetSocketAddress udp) {
        if (nodes.containsKey(name)) {
            throw new IllegalArgumentException("duplicate node name: " + name);
        }
        Node n = new Node(name, address, scheduler, Seeds.stream(seed, "node", name), config);
        nodes.put(name, n);
        if (started) {
            n.start();
        }
        return n;
    }

    @Override
    public void connect(String linkName, String a, String b, LinkConfig config) {
        Node na = require(a);
        Node nb = require(b);
        Wire ab = new Wire(nb.name());
        Wire ba = new Wire(na.name());
        Link la = na.addLink(linkName, config, ab);
        Link lb = nb.addLink(linkName, config, ba);
        ab.far = lb;
        ba.far = la;
        la.setPeer(nb.address());
        lb.setPeer(na.address());
    }

    private Node require(String name) {
        Node n = nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException("no node named " + name);
        }
        return n;
    }

    @Override
    public Node node(String name) {
        return nodes.get(name);
    }

    @Override
    public Collection<Node> nodes() {
        return Collections.unmodifiableCollection(nodes.values());
    }

    @Override
    public void at(long atNanos, String node, Runnable task) {
        require(node);
        scheduler.scheduleAt(atNanos, task);
    }

    @Override
    public void onLoop(String node, Runnable task) {
        require(node);
        scheduler.execute(task);
    }

    @Override
    public void run(long durationNanos) {
        if (!started) {
            started = true;
            for (Node n : nodes.values()) {
                n.start();
            }
        }
        scheduler.runUntil(scheduler.nanos() + durationNanos);
    }

    @Override
    public long now() {
        return scheduler.nanos();
    }

    @Override
    public boolean simulated() {
        return true;
    }

    @Override
    public void close() {
        for (Node n : nodes.values()) {
            n.stop();
        }
    }

    /**
     * One direction of an in-memory link: delivers frames to the far end after the delay. Frames in
     * flight wait in a FIFO with their arrival times and only the head has an event in the
     * scheduler, which keeps the event heap small when many packets are on the wire. Each frame
     * takes its sequence number when sent, so deliveries run in exactly the order one event per
     * frame would give. A frame that would overtake the tail (the delay was lowered meanwhile) gets
     * its own event instead.
     */
    private final class Wire implements LinkTransport {
        private final String farName;
        private final Runnable deliverHead = this::deliverHead;
        private byte[][] frames = new byte[16][];
        private long[] arrivals = new long[16];
        private long[] sequences = new long[16];
        private int head;
        private int size;
        private long lastArrival = Long.MIN_VALUE;
        Link far;

        Wire(String farName) {
            this.farName = farName;
        }

        @Override
        public void transmit(byte[] frame, long delayNanos) {
            long arrival = scheduler.nanos() + Math.max(0, delayNanos);
            if (arrival < lastArrival) {
                Link target = far;
                scheduler.scheduleAt(arrival, () -> target.receiveFrame(frame, 0, frame.length, true));
                return;
            }
            lastArrival = arrival;
            if (size == frames.length) {
                grow();
            }
            int tail = (head + size) & (frames.length - 1);
            frames[tail] = frame;
            arrivals[tail] = arrival;
            sequences[tail] = scheduler.reserveSequence();
            if (size++ == 0) {
                scheduler.scheduleReserved(arrival, sequences[tail], deliverHead);
            }
        }

        private void deliverHead() {
            byte[] frame = frames[head];
            frames[head] = null;
            head = (head + 1) & (frames.length - 1);
            if (--size > 0) {
                scheduler.scheduleReserved(arrivals[head], sequences[head], deliverHead);
            }
            far.receiveFrame(frame, 0, frame.length, true);
        }

        private void grow() {
            int n = frames.length;
            byte[][] f = new byte[n * 2][];
            long[] a = new long[n * 2];
            long[] q = new long[n * 2];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (n - 1);
                f[i] = frames[from];
                a[i] = arrivals[from];
                q[i] = sequences[from];
            }
            frames = f;
            arrivals = a;
            sequences = q;
            head = 0;
        }

        @Override
        public String describePeer() {
            return "sim:" + farName;
        }
    }
}
