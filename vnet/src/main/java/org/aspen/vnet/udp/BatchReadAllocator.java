package org.aspen.vnet.udp;

import io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * Receive buffers for epoll's datagram reads: a fixed buffer of {@code slots x slotSize} bytes per
 * read, and no further read once a read left slots empty.
 *
 * <pre>{@code
 * bootstrap.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, slotSize)
 *          .option(ChannelOption.RCVBUF_ALLOCATOR, new BatchReadAllocator(slotSize, 32, 128));
 * }</pre>
 *
 * Netty's epoll datagram read loop otherwise goes on until a read returns nothing, which costs one
 * extra recvmmsg per wakeup (the one that returns EAGAIN) and delays the flush of what was just
 * forwarded. A read that did not fill every slot found the socket queue empty, and a datagram that
 * arrives later raises a new readiness event, so stopping there loses nothing.
 *
 * <p>With one slot (one datagram per read: recvmsg, which receive offload needs, since only Netty's
 * recvmsg reports the segment size of an aggregate) a read that returned a datagram says nothing about
 * the queue, so it counts as a full one: one wakeup reads on until the socket is empty or the per-wakeup
 * limit is reached, instead of one datagram per wakeup. Reading resumes after the limit as before
 * ({@code UdpNetworkTest} sends a burst through a small limit with and without offload).
 */
final class BatchReadAllocator extends DefaultMaxMessagesRecvByteBufAllocator {
    private final int bufferSize;
    private final boolean oneDatagram;

    BatchReadAllocator(int slotSize, int slots, int maxMessagesPerRead) {
        super(maxMessagesPerRead);
        this.bufferSize = slotSize * slots;
        this.oneDatagram = slots == 1;
    }

    @Override
    public Handle newHandle() {
        return new MaxMessageHandle() {
            private final UncheckedBooleanSupplier filledEverySlot = () -> attemptedBytesRead() == lastBytesRead();

            @Override
            public int guess() {
                return bufferSize;
            }

            /** One datagram per read: a read that returned one counts as having filled the buffer (read on). */
            @Override
            public int attemptedBytesRead() {
                return oneDatagram && lastBytesRead() > 0 ? lastBytesRead() : super.attemptedBytesRead();
            }

            @Override
            public boolean continueReading(UncheckedBooleanSupplier ignored) {
                return super.continueReading(filledEverySlot);
            }
        };
    }
}
