package org.aspen.vnet.qdisc;

/**
 * PURPLE's rate estimator: the share of counted packets that carried an event (a CE mark, a CWR
 * flag), over the last {@code capacity} events.
 *
 * <pre>{@code
 * EventRate ce = new EventRate(16);
 * ce.packet(true);           // one counted packet, which carried the event
 * ce.packet(false);
 * double pBefore = ce.rate();   // 1 / 2
 * }</pre>
 *
 * The history keeps the arrival point of each of the last {@code capacity} events, measured in
 * counted packets (the paper's "arrival point in time, as measured in number of packets"). Once it is
 * full, the rate is {@code capacity / (packets since the oldest kept event, that packet included)},
 * so it reacts within 16 events and decays as packets pass without one. Until it is full the window
 * starts at the first counted packet instead (a young history would otherwise read 1 after a single
 * event).
 */
public final class EventRate {
    private final long[] at;
    private int size;
    private int head;
    private long packets;

    public EventRate(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("history must hold at least one event, got " + capacity);
        }
        this.at = new long[capacity];
    }

    /** Counts one packet; {@code event} says whether it carried the event. */
    public void packet(boolean event) {
        packets++;
        if (event) {
            at[head] = packets;
            head = (head + 1) % at.length;
            size = Math.min(size + 1, at.length);
        }
    }

    /** Events per counted packet over the window described above; 0 before any event. */
    public double rate() {
        if (size == 0) {
            return 0;
        }
        if (size < at.length) {
            return size / (double) packets;
        }
        long oldest = at[head];     // head is the next slot to overwrite: the oldest when full
        return size / (double) (packets - oldest + 1);
    }

    public long packets() {
        return packets;
    }

    public int events() {
        return size;
    }
}
