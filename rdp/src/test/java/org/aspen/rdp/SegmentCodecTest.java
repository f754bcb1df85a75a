package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class SegmentCodecTest {
    private static Segment everyPart() {
        Segment s = Segment.data(1234, 7000, 0xfffffff0, 42, new byte[] {9, 8, 7});
        s.flags |= Segment.SYN | Segment.EAK | Segment.NTF | Segment.CWR;
        s.syn = new SynOptions(64, 1000, true, false);
        s.state = new SenderState(12.5, 30.25, SenderState.PHASE_RECOVERY, 12_345);
        s.notification = new WindowNotification(40, 8, 8, 5);
        s.eacks = new int[] {44, 46};
        return s;
    }

    @Test
    void encodingInPlaceWritesTheSameBytesAsEncode() {
        // into the middle of a used buffer, as the transmitter writes into a packet's payload
        Segment s = everyPart();
        byte[] wire = SegmentCodec.encode(s, true);
        byte[] buf = new byte[wire.length + 30];
        Arrays.fill(buf, (byte) 0x5a);
        assertEquals(wire.length, SegmentCodec.encodedLength(s));
        assertEquals(wire.length, SegmentCodec.encodeInto(s, buf, 17, true));
        assertArrayEquals(wire, Arrays.copyOfRange(buf, 17, 17 + wire.length), "reserved bytes zeroed, checksum over the slice");
        assertEquals((byte) 0x5a, buf[16]);
        assertEquals((byte) 0x5a, buf[17 + wire.length]);
        Segment d = new Segment();
        assertNull(SegmentCodec.decode(buf, 17, wire.length, d));
        assertEquals(s.state, d.state);
        assertEquals(s.notification, d.notification);
    }

    @Test
    void encodingInPlaceRefusesABufferTooSmall() {
        Segment s = everyPart();
        byte[] buf = new byte[SegmentCodec.encodedLength(s) + 4];
        assertThrows(IndexOutOfBoundsException.class, () -> SegmentCodec.encodeInto(s, buf, 5, true));
        assertThrows(IndexOutOfBoundsException.class, () -> SegmentCodec.encodeInto(s, buf, -1, true));
    }

    @Test
    void everyPartRoundTrips() {
        Segment s = Segment.data(1234, 7000, 0xfffffff0, 42, new byte[] {9, 8, 7});
        s.flags |= Segment.SYN | Segment.EAK | Segment.CWR | Segment.ECE;
        s.syn = new SynOptions(64, 1000, true, false);
        s.state = new SenderState(12.5, 30.25, SenderState.PHASE_RECOVERY, 12_345);
        s.eacks = new int[] {44, 46};
        byte[] wire = SegmentCodec.encode(s, true);
        assertEquals(SegmentCodec.FIXED_LENGTH + SegmentCodec.SYN_LENGTH + SegmentCodec.STATE_LENGTH + 8 + 3, wire.length);
        Segment d = new Segment();
        assertNull(SegmentCodec.decode(wire, 0, wire.length, d));
        assertEquals(s.flags, d.flags);
        assertEquals(1234, d.sourcePort);
        assertEquals(7000, d.destinationPort);
        assertEquals(0xfffffff0, d.seq);
        assertEquals(42, d.ack);
        assertEquals(s.syn, d.syn);
        assertEquals(s.state, d.state);
        assertArrayEquals(s.eacks, d.eacks);
        assertArrayEquals(new byte[] {9, 8, 7}, d.dataCopy());
    }

    @Test
    void notificationRoundTrips() {
        Segment s = Segment.control(Segment.NTF, 1, 2, 77, 0);
        s.notification = new WindowNotification(77, 8, 8, 5);
        byte[] wire = SegmentCodec.encode(s, true);
        Segment d = new Segment();
        assertNull(SegmentCodec.decode(wire, 0, wire.length, d));
        assertEquals(s.notification, d.notification);
    }

    @Test
    void aWindowOnlyNotificationCarriesItsFlagInTheFirstReservedByte() {
        Segment plain = Segment.control(Segment.NTF, 1, 2, 77, 0);
        plain.notification = new WindowNotification(77, 6, 6, 0);
        Segment only = Segment.control(Segment.NTF, 1, 2, 77, 0);
        only.notification = new WindowNotification(77, 6, 6, 0, true);
        byte[] a = SegmentCodec.encode(plain, false);
        byte[] b = SegmentCodec.encode(only, false);
        int ntf = SegmentCodec.FIXED_LENGTH;   // a control segment: the NTF part right after the fixed header
        assertEquals(0, a[ntf + 14]);          // flag-less: the bytes of before (2 reserved zero bytes)
        assertEquals(0, a[ntf + 15]);
        assertEquals(WindowNotification.WINDOW_ONLY, b[ntf + 14]);
        assertEquals(0, b[ntf + 15]);
        for (int i = 0; i < a.length; i++) {
            if (i != ntf + 14) {
                assertEquals(a[i], b[i], "byte " + i);
            }
        }
        Segment d = new Segment();
        assertNull(SegmentCodec.decode(b, 0, b.length, d));
        assertEquals(only.notification, d.notification);
        assertTrue(d.notification.windowOnly());
        assertNull(SegmentCodec.decode(a, 0, a.length, d));
        assertFalse(d.notification.windowOnly());
        // unknown flag bits and the last reserved byte are ignored, as the other parts' reserved bytes are
        byte[] c = b.clone();
        c[ntf + 14] = (byte) 0xfe;
        c[ntf + 15] = 0x55;
        assertNull(SegmentCodec.decode(c, 0, c.length, d));
        assertEquals(plain.notification, d.notification);
        // window-only with a delete count contradicts itself: refused as a bad option, never an exception
        byte[] e = b.clone();
        e[ntf + 13] = 3;
        assertEquals(RdpDrop.BAD_OPTION, SegmentCodec.decode(e, 0, e.length, d));
        assertThrows(IllegalArgumentException.class, () -> new WindowNotification(77, 6, 6, 3, true));
    }

    @Test
    void malformedInputIsADropReasonNeverAnException() {
        byte[] wire = SegmentCodec.encode(Segment.data(1, 2, 3, 4, new byte[10]), true);
        Segment d = new Segment();
        assertEquals(RdpDrop.TRUNCATED, SegmentCodec.decode(wire, 0, 10, d));
        assertEquals(RdpDrop.BAD_LENGTH, SegmentCodec.decode(wire, 0, wire.length - 1, d));
        byte[] bad = wire.clone();
        bad[bad.length - 1] ^= 1;
        assertEquals(RdpDrop.BAD_CHECKSUM, SegmentCodec.decode(bad, 0, bad.length, d));
        bad = wire.clone();
        bad[SegmentCodec.VERSION_OFFSET] = 1;
        assertEquals(RdpDrop.BAD_VERSION, SegmentCodec.decode(bad, 0, bad.length, d));
        // without the checksum part a flipped data bit goes through: the check is what catches it
        byte[] plain = SegmentCodec.encode(Segment.data(1, 2, 3, 4, new byte[10]), false);
        plain[plain.length - 1] ^= 1;
        assertNull(SegmentCodec.decode(plain, 0, plain.length, d));
        // random garbage never throws
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int i = 0; i < 10_000; i++) {
            byte[] g = new byte[r.nextInt(80)];
            r.nextBytes(g);
            if (g.length > 0) {
                g[0] = 2;
            }
            SegmentCodec.decode(g, 0, g.length, d);
        }
    }

    /** A data segment's frame is its data plus 20 + 24 + 16 bytes, what RdpPackets.DATA_FRAME_OVERHEAD says (940 data: 1000 on the wire). */
    @Test
    void dataFrameOverheadIsTheVnetHeaderTheFixedHeaderAndTheSenderState() {
        Segment s = Segment.data(1, 2, 100, 50, new byte[940]);
        s.state = new SenderState(10.0, 64.0, SenderState.PHASE_SLOW_START, 20_000);
        assertEquals(60, RdpPackets.DATA_FRAME_OVERHEAD);
        assertEquals(1000, org.aspen.vnet.packet.Packet.HEADER_LENGTH + SegmentCodec.encodedLength(s));
    }
}
