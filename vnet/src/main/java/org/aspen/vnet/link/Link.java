package org.aspen.vnet.link;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;

/**
 * One end of a VNet link: an output queue (discipline + rate shaper + propagation delay) in front
 * of a {@link LinkTransport}, and the receive side that validates frames from the peer.
 *
 * <pre>{@code
 * Link l = node.addLink("a-b", config, transport);
 * l.setCongestionDetection(true);
 * l.addDropListener((link, p, why) -> monitor.onCongestion(p));
 * }</pre>
 *
 * All methods run on the owning node's loop.
 */
public final class Link {
    /** Receives validated packets from this link. */
    public interface Receiver {
        void receive(Packet p, Link from);

        void dropped(Packet p, Link at, DropReason reason);

        void malformed(Link at, DropReason reason);
    }

    private final String name;
    private final int index;
    private final Scheduler scheduler;
    private final RandomGenerator random;
    private final Receiver receiver;
    private final LinkTransport transport;
    private final int maxFrame;
    private final List<DropListener> dropListeners = new ArrayList<>();
    private final LinkCounters counters;
    private final QueueContext queueContext = new Ctx();
    private LinkConfig config;
    private QueueDiscipline discipline;
    private VAddr peer = VAddr.UNSPECIFIED;
    /**
     * Link-local control traffic (routing hellos, adverts and their acks) waits here, served before the
     * discipline's queue: as in routers, the routing protocol must not be starved by the congestion it
     * routes around (a full RED or drop-tail queue would otherwise drop hellos and cut adjacencies).
     */
    private final java.util.ArrayDeque<Packet> controlQueue = new java.util.ArrayDeque<>();
    /** Bound on {@link #controlQueue}; control traffic is a few packets per hello interval. */
    public static final int CONTROL_QUEUE_LIMIT = 64;
    private boolean up = true;
    private boolean cut;
    private boolean transmitting;
    private Cancellable txTimer = Cancellable.NONE;
    private boolean congestionDetection;
    private FrameTap frameTap;
    private final List<LinkObserver> observers = new ArrayList<>();
    /** Fragments of a split packet not yet transmitted; they go out before anything else is dequeued. */
    private final java.util.ArrayDeque<Packet> fragmentQueue = new java.util.ArrayDeque<>();
    private int fragmentSize;
    private long fragmentId;
    private long packetsFragmented;
    private long fragmentsMade;

    public Link(String name, int index, Scheduler scheduler, RandomGenerator random, Receiver receiver,
                LinkTransport transport, LinkConfig config, int maxFrame) {
        this.name = name;
        this.index = index;
        this.scheduler = scheduler;
        this.random = random;
        this.receiver = receiver;
        this.transport = transport;
        this.config = config;
        this.maxFrame = maxFrame;
        this.counters = new LinkCounters(scheduler.nanos());
        setDiscipline(new DropTail(config.limit()));
    }

    public String name() {
        return name;
    }

    /** Position of this link in its node's link list (stable for the node's life). */
    public int index() {
        return index;
    }

    public LinkConfig config() {
        return config;
    }

    public void setConfig(LinkConfig c) {
        this.config = c;
        if (discipline instanceof FifoDiscipline f) {
            f.setLimit(c.limit());
        }
    }

    public LinkTransport transport() {
        return transport;
    }

    public LinkCounters counters() {
        return counters;
    }

    public QueueDiscipline discipline() {
        return discipline;
    }

    /**
     * Replaces the queue discipline at run time; packets waiting in the old one move to the new
     * one in order ({@link QueueDiscipline#adopt}: only a smaller buffer drops them, as overflow).
     * The link's counters carry on; the old discipline is detached.
     */
    public void setDiscipline(QueueDiscipline d) {
        QueueDiscipline old = this.discipline;
        if (old == d) {
            return;
        }
        d.attach(queueContext);   // first: a discipline that refuses this link leaves the old one in place
        this.discipline = d;
        if (old != null) {
            old.detach();
            Packet p;
            while ((p = old.dequeue()) != null) {
                d.adopt(p);
            }
            counters.queueChanged(scheduler.nanos(), d.packets());
        }
    }

    /** The neighbour's VNet address once known (from configuration or its hellos). */
    public VAddr peer() {
        return peer;
    }

    public void setPeer(VAddr peer) {
        this.peer = peer;
    }

    public boolean isUp() {
        return up;
    }

    /**
     * Administratively cuts (false) or restores (true) this end of the link. While down, the queue is
     * emptied, and packets sent or received here are dropped as {@code link-down}.
     */
    public void setUp(boolean up) {
        if (this.up == up) {
            return;
        }
        this.up = up;
        if (!up) {
            Packet p;
            while ((p = controlQueue.pollFirst()) != null || (p = fragmentQueue.pollFirst()) != null) {
                queueContext.drop(p, DropReason.LINK_DOWN);
            }
            while ((p = discipline.dequeue()) != null) {
                queueContext.drop(p, DropReason.LINK_DOWN);
            }
            counters.queueChanged(scheduler.nanos(), 0);
        }
    }

    /** True while the wire under this end is cut (see {@link #setCut}). */
    public boolean isCut() {
        return cut;
    }

    /**
     * Cuts (true) or mends (false) the wire under this end without telling anyone: the link stays
     * up and keeps transmitting, but every frame arriving here is lost and counted as
     * {@code link-cut}. This is how a failure looks on an overlay over UDP, where there is no
     * carrier to lose: only the routing protocol's hellos reveal it.
     */
    public void setCut(boolean cut) {
        this.cut = cut;
    }

    /**
     * Turns congestion detection on or off for this link (off by default, as in ASP): while off,
     * queue drops are only counted; while on, drop listeners hear each one first.
     */
    public void setCongestionDetection(boolean on) {
        this.congestionDetection = on;
    }

    public boolean congestionDetection() {
        return congestionDetection;
    }

    /** The queue's state now, as congestion listeners see it. */
    public QueueState queueState() {
        QueueLimit lim = discipline instanceof FifoDiscipline f ? f.limit() : config.limit();
        return new QueueState(discipline.kind(), discipline.packets(), discipline.bytes(), lim, discipline.averageQueue());
    }

    /**
     * Splits each packet dequeued for this link whose frame is longer than {@code maxFrameBytes} into
     * fragments of at most that size ({@link org.aspen.vnet.frag.Fragments}; ACC-ABCD's step 3); 0 turns
     * it off. Packets that cannot be split (control, AA spec, authenticated, broadcast) go whole.
     */
    public void setFragmentSize(int maxFrameBytes) {
        if (maxFrameBytes != 0 && maxFrameBytes < org.aspen.vnet.frag.Fragments.MIN_FRAGMENT_SIZE) {
            throw new IllegalArgumentException("fragment size must be 0 (off) or at least "
                    + org.aspen.vnet.frag.Fragments.MIN_FRAGMENT_SIZE + " bytes: " + maxFrameBytes);
        }
        if (maxFrameBytes != 0 && fragmentId == 0) {
            fragmentId = random.nextLong(1L << 32);   // ids differ between routers that fragment toward one node
        }
        this.fragmentSize = maxFrameBytes;
    }

    /** The fragment size in force (0: off). */
    public int fragmentSize() {
        return fragmentSize;
    }

    /** Packets this link split, and the fragments it made of them. */
    public long packetsFragmented() {
        return packetsFragmented;
    }

    public long fragmentsMade() {
        return fragmentsMade;
    }

    /** Installs (or with null removes) the hook that sees each sealed frame before transmission. */
    public void setFrameTap(FrameTap tap) {
        this.frameTap = tap;
    }

    public FrameTap frameTap() {
        return frameTap;
    }

    /** Attaches a read-only observer of transmitted and received frames (packet capture). */
    public void addObserver(LinkObserver o) {
        observers.add(o);
    }

    public void removeObserver(LinkObserver o) {
        observers.remove(o);
    }

    public void addDropListener(DropListener l) {
        dropListeners.add(l);
    }

    public void removeDropListener(DropListener l) {
        dropListeners.remove(l);
    }

    /** Queues {@code p} for transmission; false when it was dropped (counted). */
    public boolean send(Packet p) {
        if (!up) {
            queueContext.drop(p, DropReason.LINK_DOWN);
            return false;
        }
        if (!discipline.enqueue(p)) {
            return false;
        }
        counters.enqueued++;
        if (!transmitting) {
            transmitNext();
        } else {
            counters.queueChanged(scheduler.nanos(), discipline.packets());
        }
        return true;
    }

    /**
     * Queues link-local control traffic ahead of the discipline (strict priority, bounded by
     * {@link #CONTROL_QUEUE_LIMIT}); false when it was dropped (counted).
     */
    public boolean sendControl(Packet p) {
        if (!up) {
            queueContext.drop(p, DropReason.LINK_DOWN);
            return false;
        }
        if (controlQueue.size() >= CONTROL_QUEUE_LIMIT) {
            queueContext.drop(p, DropReason.QUEUE_OVERFLOW);
            return false;
        }
        controlQueue.addLast(p);
        counters.enqueued++;
        if (!transmitting) {
            transmitNext();
        }
        return true;
    }

    private void transmitNext() {
        Packet p = fragmentQueue.pollFirst();
        if (p == null) {
            p = controlQueue.pollFirst();
        }
        if (p == null) {
            p = discipline.dequeue();
            if (p != null && fragmentSize > 0 && p.length() > fragmentSize) {
                p = fragment(p);
            }
        }
        long now = scheduler.nanos();
        counters.queueChanged(now, discipline.packets());
        if (p == null) {
            counters.busy(now, false);
            transmitting = false;
            return;
        }
        counters.busy(now, true);
        byte[] frame = p.frame();
        if (frameTap != null) {
            frameTap.beforeTransmit(this, frame);
        }
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).transmitted(this, frame);
        }
        counters.sentPackets++;
        counters.sentBytes += frame.length;
        // a pooled frame no tap or observer saw (they may keep it) is the transport's to reuse once sent
        boolean reusable = p.pooled() && frameTap == null && observers.isEmpty();
        long tx = config.txNanos(frame.length);
        if (tx == 0) {
            send(frame, reusable);
            // unlimited rate: drain everything now; a packet never waits behind another
            transmitting = true;
            transmitNext();
            return;
        }
        transmitting = true;
        // the last bit leaves after tx; it reaches the peer after the propagation delay
        txTimer = scheduler.schedule(tx, () -> {
            send(frame, reusable);
            transmitNext();
        });
    }

    private void send(byte[] frame, boolean reusable) {
        if (reusable) {
            transport.transmitReusable(frame, config.delayNanos());
        } else {
            transport.transmit(frame, config.delayNanos());
        }
    }

    private Packet fragment(Packet p) {
        Packet[] pieces = org.aspen.vnet.frag.Fragments.split(p, fragmentSize, fragmentId);
        if (pieces.length > 1) {
            fragmentId = (fragmentId + 1) & 0xffffffffL;
            packetsFragmented++;
            fragmentsMade += pieces.length;
            for (int i = 1; i < pieces.length; i++) {
                fragmentQueue.addLast(pieces[i]);
            }
        }
        return pieces[0];
    }

    /** Called by the transport with a frame from the peer. The bytes are copied if kept. */
    public void receiveFrame(byte[] buf, int off, int len, boolean owned) {
        receive(buf, off, len, owned, false);
    }

    /**
     * As {@link #receiveFrame} for a whole frame taken from the node's {@link org.aspen.vnet.packet.FramePool}
     * (the UDP runtime's receive path). Returns true when the caller may give {@code frame} back to the
     * pool now: the node's local consumer read the packet and keeps nothing of it, and no observer of
     * this link, interceptor or trace sink was given it.
     */
    public boolean receivePooledFrame(byte[] frame) {
        Packet p = receive(frame, 0, frame.length, true, true);
        return p != null && p.reusableAfterDelivery();
    }

    /** Validates and delivers one frame; returns the packet delivered, or null when it was dropped here. */
    private Packet receive(byte[] buf, int off, int len, boolean owned, boolean fromPool) {
        if (!up || cut) {
            DropReason lost = up ? DropReason.LINK_CUT : DropReason.LINK_DOWN;
            counters.drops[lost.ordinal()]++;
            observeReceived(buf, off, len, lost);
            return null;
        }
        DropReason bad = PacketCodec.validate(buf, off, len, maxFrame);
        observeReceived(buf, off, len, bad);
        if (bad != null) {
            counters.drops[bad.ordinal()]++;
            receiver.malformed(this, bad);
            return null;
        }
        byte[] frame = owned && off == 0 && len == buf.length ? buf : java.util.Arrays.copyOfRange(buf, off, off + len);
        counters.receivedPackets++;
        counters.receivedBytes += len;
        // an observer saw the frame and may keep it: then it is never reused
        Packet p = Packet.wrapValidated(frame, fromPool && frame == buf && observers.isEmpty());
        receiver.receive(p, this);
        return p;
    }

    /**
     * Tells this link's drop listeners about a frame that arrived on it but that the node's input queue
     * dropped before processing ({@link DropReason#INPUT_QUEUE}: the real runtime's input queue, ASP's
     * congestion detection on the socket), as a queue drop is told: only while congestion detection is
     * on, with {@code queue} the input queue's state. A frame that does not validate is not a packet and
     * is told to no one. The frame is the caller's again when this returns (listeners copy what they
     * keep); the drop itself is counted by the caller, at the node.
     */
    public void droppedOnArrival(byte[] frame, QueueState queue) {
        if (!congestionDetection || dropListeners.isEmpty()
                || PacketCodec.validate(frame, 0, frame.length, maxFrame) != null) {
            return;
        }
        Packet p = Packet.wrapValidated(frame);
        for (int i = 0; i < dropListeners.size(); i++) {
            try {
                dropListeners.get(i).aboutToDrop(this, p, DropReason.INPUT_QUEUE, queue);
            } catch (RuntimeException e) {
                counters.drops[DropReason.HANDLER_ERROR.ordinal()]++;
            }
        }
    }

    private void observeReceived(byte[] buf, int off, int len, DropReason rejected) {
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).received(this, buf, off, len, rejected);
        }
    }

    /** Stops the transmitter and drops what is queued (node shutdown). */
    public void close() {
        txTimer.cancel();
        discipline.detach();
        counters.busy(scheduler.nanos(), false);
        counters.drops[DropReason.NODE_STOPPED.ordinal()] += controlQueue.size() + fragmentQueue.size();
        controlQueue.clear();
        fragmentQueue.clear();
        Packet p;
        while ((p = discipline.dequeue()) != null) {
            counters.drops[DropReason.NODE_STOPPED.ordinal()]++;
        }
        transmitting = false;
    }

    @Override
    public String toString() {
        return name + "(" + transport.describePeer() + ")";
    }

    private final class Ctx implements QueueContext {
        @Override
        public long now() {
            return scheduler.nanos();
        }

        @Override
        public RandomGenerator random() {
            return random;
        }

        @Override
        public long bandwidthBps() {
            return config.bandwidthBps();
        }

        @Override
        public long delayNanos() {
            return config.delayNanos();
        }

        @Override
        public Scheduler scheduler() {
            return scheduler;
        }

        @Override
        public void drop(Packet p, DropReason reason) {
            if (congestionDetection && isCongestion(reason) && !dropListeners.isEmpty()) {
                QueueState state = queueState();
                for (int i = 0; i < dropListeners.size(); i++) {
                    try {
                        dropListeners.get(i).aboutToDrop(Link.this, p, reason, state);
                    } catch (RuntimeException e) {
                        counters.drops[DropReason.HANDLER_ERROR.ordinal()]++;
                    }
                }
            }
            counters.drops[reason.ordinal()]++;
            receiver.dropped(p, Link.this, reason);
        }

        @Override
        public void marked(Packet p) {
            counters.marked++;
        }
    }

    private static boolean isCongestion(DropReason r) {
        return r == DropReason.QUEUE_OVERFLOW || r == DropReason.QUEUE_EARLY || r == DropReason.QUEUE_FORCED;
    }
}
