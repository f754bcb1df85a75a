package org.aspen.vnet.link;

/**
 * A buffer limit in packets, in bytes, or both (whichever is reached first).
 *
 * <pre>{@code
 * QueueLimit.packets(100); QueueLimit.bytes(64 * 1024);
 * }</pre>
 */
public record QueueLimit(int maxPackets, long maxBytes) {
    public static final QueueLimit UNLIMITED = new QueueLimit(Integer.MAX_VALUE, Long.MAX_VALUE);

    public QueueLimit {
        if (maxPackets < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("queue limit must be at least 1 packet and 1 byte");
        }
    }

    public static QueueLimit packets(int n) {
        return new QueueLimit(n, Long.MAX_VALUE);
    }

    public static QueueLimit bytes(long n) {
        return new QueueLimit(Integer.MAX_VALUE, n);
    }

    /** True when a packet of {@code size} bytes does not fit behind {@code packets}/{@code bytes}. */
    public boolean exceededBy(int packets, long bytes, int size) {
        return packets + 1 > maxPackets || bytes + size > maxBytes;
    }

    @Override
    public String toString() {
        if (maxBytes == Long.MAX_VALUE) {
            return maxPackets == Integer.MAX_VALUE ? "unlimited" : maxPackets + " packets";
        }
        return maxPackets == Integer.MAX_VALUE ? maxBytes + " bytes" : maxPackets + " packets / " + maxBytes + " bytes";
    }
}
