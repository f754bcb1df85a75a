package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Who owns a segment's bytes: the sender's arrays come back only once acknowledged, and the receiver
 * hands in-order data over where it lies but copies what it must hold.
 */
class SegmentArraysTest {
    @Test
    void anArrayComesBackOnlyWhenItsSegmentIsCumulativelyAcknowledged() {
        SendBuffer b = new SendBuffer(16);
        List<byte[]> back = new ArrayList<>();
        b.releaseTo(back::add);
        b.start(100);
        byte[][] a = {new byte[10], new byte[20], new byte[30]};
        for (byte[] x : a) {
            assertTrue(b.offer(x));
        }
        assertEquals(100, b.sendNext(0));
        assertEquals(101, b.sendNext(0));
        assertEquals(102, b.sendNext(0));
        b.eack(102);                       // held out of order at the receiver: still ours to retransmit
        assertEquals(0, back.size());
        long[] bytes = {0};
        assertEquals(2, b.ackThrough(101, bytes));
        assertEquals(30, bytes[0]);
        assertEquals(2, back.size());
        assertSame(a[0], back.get(0));     // in sequence order
        assertSame(a[1], back.get(1));
        assertSame(a[2], b.data(102));     // the unacknowledged one stays in the buffer
        b.ackThrough(101, bytes);          // a duplicate ACK hands nothing back twice
        assertEquals(2, back.size());
        b.ackThrough(102, bytes);
        assertEquals(3, back.size());
        assertSame(a[2], back.get(2));
    }

    @Test
    void inOrderDataIsHandedOverWhereItLiesAndHeldDataIsACopy() {
        ReceiveBuffer r = new ReceiveBuffer(8, true);
        r.start(0);
        List<Object[]> got = new ArrayList<>();
        ReceiveBuffer.Sink out = (d, off, len) -> got.add(new Object[] {d, off, len});
        byte[] frame2 = {9, 9, 2, 2, 9};
        assertEquals(ReceiveBuffer.Result.ACCEPTED, r.accept(2, frame2, 2, 2, out));   // out of order: held
        assertEquals(0, got.size());
        frame2[2] = 7;                    // the caller's array may change once accept returns
        byte[] frame1 = {9, 1, 1, 1, 9};
        assertEquals(ReceiveBuffer.Result.ACCEPTED, r.accept(1, frame1, 1, 3, out));
        assertEquals(2, got.size());
        assertSame(frame1, got.get(0)[0]);   // delivered on arrival: no copy
        assertEquals(1, got.get(0)[1]);
        assertEquals(3, got.get(0)[2]);
        byte[] held = (byte[]) got.get(1)[0];
        int off = (int) got.get(1)[1];
        int len = (int) got.get(1)[2];
        assertArrayEquals(new byte[] {2, 2}, java.util.Arrays.copyOfRange(held, off, off + len));
        assertEquals(2, r.rcvCur());
    }

    @Test
    void aListenerThatTakesWholeArraysGetsAnExactCopyOfTheRange() {
        List<byte[]> got = new ArrayList<>();
        ConnectionListener l = new ConnectionListener() {
            @Override
            public void onData(RdpConnection c, byte[] data) {
                got.add(data);
            }
        };
        byte[] frame = {0, 1, 2, 3, 4, 5};
        l.onData(null, frame, 2, 3);
        assertEquals(1, got.size());
        assertArrayEquals(new byte[] {2, 3, 4}, got.get(0));
        frame[3] = 42;                    // the listener's array is its own
        assertArrayEquals(new byte[] {2, 3, 4}, got.get(0));
    }
}
