package org.aspen.vnet.udp;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.link.QueueState;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.FramePool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's input queue in the real runtime: ASP's congestion detection on the socket (the ACC paper,
 * seed 000, "Congestion detection": the extended socket "queues packets internally by pulling them
 * from the operating system as fast as possible. A queue is kept in the socket, that ASP can access";
 * it "only supports drop-tail queueing"; "the congestion detection is a simple threshold"). The
 * socket's reads only {@link #offer} arriving frames; the node's processing {@link #drain}s them in
 * batches, first in first out. A frame offered while {@code limit} frames wait is dropped: counted
 * ({@link DropReason#INPUT_QUEUE} at the node, {@link UdpCounters#inputQueueDrops}), reported to the
 * drop listeners of the link it arrived on ({@link Link#droppedOnArrival}: ACC's monitor hears it as
 * it hears a link queue's drop), and its frame goes back to the pool. Runs on the node's loop only.
 *
 * <pre>{@code
 * InputQueue q = new InputQueue(25, node, pool, counters);
 * q.offer(frame, link);      // false: the queue was full and the frame was dropped
 * q.drain(64);               // processes up to 64 waiting frames, oldest first
 * }</pre>
 */
final class InputQueue {
    private static final Logger log = LoggerFactory.getLogger(InputQueue.class);

    private final int limit;
    private final Node node;
    private final FramePool pool;
    private final UdpCounters counters;
    private final QueueLimit queueLimit;
    /** A ring of {@code limit} slots: frames and the links they arrived on. */
    private final byte[][] frames;
    private final Link[] links;
    private int head;
    private int size;
    private long bytes;

    InputQueue(int limit, Node node, FramePool pool, UdpCounters counters) {
        if (limit < 1) {
            throw new IllegalArgumentException("an input queue holds at least 1 packet, not " + limit);
        }
        this.limit = limit;
        this.node = node;
        this.pool = pool;
        this.counters = counters;
        this.queueLimit = QueueLimit.packets(limit);
        this.frames = new byte[limit][];
        this.links = new Link[limit];
        counters.inputQueueLimit = limit;
    }

    int limit() {
        return limit;
    }

    /** Frames waiting to be processed. */
    int size() {
        return size;
    }

    /**
     * Queues {@code frame} (from the node's pool), which arrived on {@code from}; false when the queue
     * was full: the frame was dropped, reported and given back to the pool.
     */
    boolean offer(byte[] frame, Link from) {
        if (size == limit) {
            drop(frame, from);
            return false;
        }
        int tail = (head + size) % limit;
        frames[tail] = frame;
        links[tail] = from;
        size++;
        bytes += frame.length;
        if (size > counters.inputQueuePeak) {
            counters.inputQueuePeak = size;
        }
        return true;
    }

    private void drop(byte[] frame, Link from) {
        counters.inputQueueDrops++;
        node.counters().countDrop(DropReason.INPUT_QUEUE);
        try {
            from.droppedOnArrival(frame, new QueueState("input-droptail", size, bytes, queueLimit, Double.NaN));
        } catch (RuntimeException e) {
            // a listener's bug costs nothing more than the packet already lost
            node.counters().countDrop(DropReason.HANDLER_ERROR);
            log.warn("{}: congestion listener failed: {}", node.name(), e.toString(), e);
        }
        pool.give(frame);   // the listeners copied what they keep
    }

    /**
     * Hands up to {@code max} waiting frames to their links, oldest first; returns how many. A frame
     * the node consumed without keeping goes back to the pool.
     */
    int drain(int max) {
        int n = Math.min(max, size);
        for (int i = 0; i < n; i++) {
            byte[] frame = frames[head];
            Link link = links[head];
            frames[head] = null;
            links[head] = null;
            head = (head + 1) % limit;
            size--;
            bytes -= frame.length;
            NodeSocket.deliver(node, link, frame, pool);
        }
        return n;
    }

    /** Drops every waiting frame as {@link DropReason#NODE_STOPPED} (the node stopped), frames back to the pool. */
    void clear() {
        while (size > 0) {
            pool.give(frames[head]);
            frames[head] = null;
            links[head] = null;
            head = (head + 1) % limit;
            size--;
            node.counters().countDrop(DropReason.NODE_STOPPED);
        }
        bytes = 0;
    }
}
