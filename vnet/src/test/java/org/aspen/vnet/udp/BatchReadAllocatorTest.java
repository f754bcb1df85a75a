package org.aspen.vnet.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.UncheckedBooleanSupplier;
import org.junit.jupiter.api.Test;

/** The read loop's rule (docs/real-runtime.md, "Batching" and "Receive offload"), checked on the handle alone. */
class BatchReadAllocatorTest {
    private static RecvByteBufAllocator.ExtendedHandle handle(int slotSize, int slots, int maxMessages) {
        RecvByteBufAllocator.ExtendedHandle h =
                (RecvByteBufAllocator.ExtendedHandle) new BatchReadAllocator(slotSize, slots, maxMessages).newHandle();
        h.reset(new EmbeddedChannel().config());
        return h;
    }

    /** One read as Netty's epoll datagram loop reports it: what it offered, what came back, how many datagrams. */
    private static boolean read(RecvByteBufAllocator.ExtendedHandle h, int offered, int got, int datagrams) {
        h.attemptedBytesRead(offered);
        h.lastBytesRead(got);
        h.incMessagesRead(datagrams);
        return h.continueReading(UncheckedBooleanSupplier.TRUE_SUPPLIER);
    }

    @Test
    void recvmmsgReadsOnOnlyWhileEverySlotWasFilled() {
        RecvByteBufAllocator.ExtendedHandle h = handle(1000, 8, 128);
        assertEquals(8000, h.guess());
        assertTrue(read(h, 8000, 8000, 8), "all slots filled: the queue may hold more");
        assertFalse(read(h, 8000, 3000, 3), "slots left empty: the queue was drained");
    }

    @Test
    void oneDatagramReadsCountAsFullUntilTheSocketIsEmptyOrTheLimit() {
        RecvByteBufAllocator.ExtendedHandle h = handle(65_536, 1, 4);
        assertEquals(65_536, h.guess());
        assertTrue(read(h, 65_536, 1_400, 1), "a datagram (or an aggregate) came: read on");
        assertTrue(read(h, 65_536, 64_000, 2));
        assertFalse(read(h, 65_536, 700, 1), "the per-wakeup limit of 4 datagrams");
        h.reset(new EmbeddedChannel().config());
        assertFalse(read(h, 65_536, -1, 0), "nothing read: the socket is empty");
    }
}
