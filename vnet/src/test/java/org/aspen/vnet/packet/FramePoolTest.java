package org.aspen.vnet.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The node's frame pool: exact lengths, last in first out, bounded, and small frames never kept. */
class FramePoolTest {
    @Test
    void aGivenFrameComesBackForItsExactLengthOnly() {
        FramePool pool = new FramePool();
        byte[] a = pool.take(4000);
        assertEquals(4000, a.length);
        a[0] = 7;
        pool.give(a);
        assertEquals(1, pool.kept());
        assertNotSame(a, pool.take(4001), "another length gets a new frame");
        byte[] again = pool.take(4000);
        assertSame(a, again);
        assertEquals(7, again[0], "a reused frame is not cleared: its user writes every byte");
        assertEquals(0, pool.kept());
        assertEquals(3, pool.taken());
        assertEquals(1, pool.reused());
    }

    @Test
    void lastGivenFirstTakenAndAtMostPerSizeOfOneLength() {
        FramePool pool = new FramePool();
        byte[] x = new byte[2000];
        byte[] y = new byte[2000];
        pool.give(x);
        pool.give(y);
        assertSame(y, pool.take(2000));
        assertSame(x, pool.take(2000));
        for (int i = 0; i < FramePool.PER_SIZE + 10; i++) {
            pool.give(new byte[2000]);
        }
        assertEquals(FramePool.PER_SIZE, pool.kept());
        assertEquals(2 + FramePool.PER_SIZE, pool.given());
    }

    @Test
    void atMostMaxBytesAreKeptInAll() {
        FramePool pool = new FramePool();
        int big = 65_000;
        int fit = FramePool.MAX_BYTES / big;   // 64 frames of 65,000 bytes fit in 4 MiB, the 65th does not
        for (int i = 0; i < fit + 5; i++) {
            pool.give(new byte[big]);
        }
        assertEquals(fit, pool.kept());
        assertEquals((long) fit * big, pool.keptBytes());
        pool.take(big);
        assertEquals((long) (fit - 1) * big, pool.keptBytes(), "a frame taken out no longer counts");
    }

    @Test
    void smallFramesAreNeverKeptAndOnlySizesLengthsAtOnce() {
        FramePool pool = new FramePool();
        pool.give(new byte[FramePool.MIN_LENGTH - 1]);
        assertEquals(0, pool.kept());
        for (int i = 0; i < FramePool.SIZES + 1; i++) {
            pool.give(new byte[FramePool.MIN_LENGTH + i]);
        }
        assertEquals(FramePool.SIZES, pool.kept(), "a fifth length finds no free slot");
        assertNotSame(null, pool.take(FramePool.MIN_LENGTH));   // empties the first length's slot
        pool.give(new byte[FramePool.MIN_LENGTH + FramePool.SIZES]);
        assertEquals(FramePool.SIZES, pool.kept(), "the empty slot takes the new length");
        assertEquals(FramePool.MIN_LENGTH + FramePool.SIZES, pool.take(FramePool.MIN_LENGTH + FramePool.SIZES).length);
        assertEquals(2, pool.reused());
    }

    @Test
    void aPacketBuiltFromThePoolIsPooledUntilPinnedAndReusableOnceConsumed() {
        FramePool pool = new FramePool();
        byte[] old = new byte[Packet.HEADER_LENGTH + 2000];
        java.util.Arrays.fill(old, (byte) 0x5a);
        pool.give(old);
        Packet p = Packet.builder().source(org.aspen.vnet.VAddr.parse("10.0.0.1"))
                .destination(org.aspen.vnet.VAddr.parse("10.0.0.2")).protocol(Protocol.RAW).buildInPlace(2000, pool);
        assertSame(old, p.array());
        java.util.Arrays.fill(p.array(), p.payloadOffset(), p.array().length, (byte) 1);
        p.seal();
        assertEquals(null, PacketCodec.validate(p.array(), 0, p.length(), Packet.MAX_FRAME),
                "every header byte was written over the old contents");
        assertEquals(true, p.pooled());
        assertEquals(false, p.reusableAfterDelivery(), "not consumed yet");
        p.consumed();
        assertEquals(true, p.reusableAfterDelivery());
        p.pin();
        assertEquals(false, p.pooled());
        assertEquals(false, p.reusableAfterDelivery());
        Packet plain = Packet.builder().source(org.aspen.vnet.VAddr.parse("10.0.0.1"))
                .destination(org.aspen.vnet.VAddr.parse("10.0.0.2")).protocol(Protocol.RAW).buildInPlace(2000);
        assertEquals(false, plain.pooled(), "no pool: a new array, never given back");
        assertEquals(false, p.copy().pooled(), "a copy has an array of its own");
    }
}
