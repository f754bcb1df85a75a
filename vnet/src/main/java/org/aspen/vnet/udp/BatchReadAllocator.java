package org.aspen.vnet.udp;

import io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * Receive buffers for epoll's recvmmsg: a fixed buffer of {@code slots x slotSize} bytes per read,
 * and no further read once a read left slots empty.
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
 */
final class BatchReadAllocator extends DefaultMaxMessagesRecvByteBufAllocator {
    private final int bufferSize;

    BatchReadAllocator(int slotSize, int slots, int maxMessagesPerRead) {
        super(maxMessagesPerRead);
        this.bufferSize = slotSize * slots;
    }

    @Override
    public Handle newHandle() {
        return new MaxMessageHandle() {
            private final UncheckedBooleanSupplier filledEverySlot = () -> attemptedBytesRead() == lastBytesRead();

            @Override
            public int guess() {
                return bufferSize;
            }

            @Override
            public boolean continueReading(UncheckedBooleanSupplier ignored) {
                return super.continueReading(filledEverySlot);
            }
        };
    }
}
