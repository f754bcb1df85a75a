package org.aspen.vnet.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlMessage.Adjacency;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

class ControlCodecTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");

    static ControlMessage roundTrip(ControlMessage m) {
        byte[] b = ControlCodec.encode(m);
        byte[] shifted = new byte[b.length + 5];
        System.arraycopy(b, 0, shifted, 5, b.length);
        ControlMessage back = ControlCodec.decode(shifted, 5, b.length);
        assertEquals(m, back);
        return back;
    }

    @Test
    void everyMessageRoundTrips() {
        roundTrip(new ControlMessage.Hello(List.of()));
        roundTrip(new ControlMessage.Hello(List.of(B, C)));
        roundTrip(new ControlMessage.Lsa(A, -5, 0xffff_ffffL, List.of(new Adjacency(B, 1), new Adjacency(C, 70_000))));
        roundTrip(new ControlMessage.Lsa(A, 1, 0, List.of()));
        roundTrip(new ControlMessage.LsaAck(C, Integer.MIN_VALUE));
        roundTrip(new ControlMessage.Echo(false, 65_535, 42, Long.MIN_VALUE + 3, 0));
        roundTrip(new ControlMessage.Echo(true, 0, -1, 123_456_789L, 1000));
        Packet offending = Packet.builder().source(A).destination(C).protocol(Protocol.RAW).ttl(0)
                .payload(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}).build();
        byte[] err = ControlCodec.encodeError(ControlCodec.TTL_EXCEEDED, 0, offending);
        ControlMessage.Error e = (ControlMessage.Error) ControlCodec.decode(err, 0, err.length);
        assertEquals(ControlCodec.TTL_EXCEEDED, e.type());
        assertEquals(A, e.quotedSource());
        assertEquals(C, e.quotedDestination());
        assertEquals(Protocol.RAW, e.quotedProtocol());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, e.quotedPayload());
        assertArrayEquals(Arrays.copyOf(offending.frame(), Packet.HEADER_LENGTH), e.quotedHeader());
        roundTrip(e);
        Packet shortOne = Packet.builder().source(B).destination(C).payload(new byte[] {7}).build();
        byte[] err2 = ControlCodec.encodeError(ControlCodec.DEST_UNREACHABLE, ControlCodec.CODE_NO_ROUTE, shortOne);
        assertEquals(ControlCodec.ERROR_QUOTE_OFFSET + Packet.HEADER_LENGTH + 1, err2.length);
        assertEquals(-1, ((ControlMessage.Error) roundTrip(ControlCodec.decode(err2, 0, err2.length))).quotedPayloadByte(1));
    }

    @Test
    void layoutIsBigEndianAtTheDocumentedOffsets() {
        byte[] lsa = ControlCodec.encode(new ControlMessage.Lsa(A, 0x01020304, 90_000, List.of(new Adjacency(B, 5))));
        assertEquals(ControlCodec.LSA, lsa[ControlCodec.TYPE_OFFSET]);
        assertEquals(1, lsa[ControlCodec.LSA_COUNT_OFFSET + 1]);
        assertArrayEquals(new byte[] {10, 0, 0, 1}, Arrays.copyOfRange(lsa, ControlCodec.LSA_ORIGIN_OFFSET, 8));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, Arrays.copyOfRange(lsa, ControlCodec.LSA_SEQ_OFFSET, 12));
        assertEquals(90_000, ControlCodec.getInt(lsa, ControlCodec.LSA_LIFETIME_OFFSET));
        assertEquals(B.value(), ControlCodec.getInt(lsa, ControlCodec.LSA_LINKS_OFFSET));
        assertEquals(5, ControlCodec.getInt(lsa, ControlCodec.LSA_LINKS_OFFSET + 4));
        assertEquals(ControlCodec.LSA_LINKS_OFFSET + ControlCodec.LSA_LINK_LENGTH, lsa.length);
        byte[] echo = ControlCodec.encode(new ControlMessage.Echo(false, 0x0a0b, 7, 0x1122334455667788L, 4));
        assertEquals(ControlCodec.ECHO_LENGTH + 4, echo.length);
        assertEquals(0x0a, echo[ControlCodec.ECHO_ID_OFFSET]);
        assertEquals(0x11, echo[ControlCodec.ECHO_TIMESTAMP_OFFSET]);
        assertEquals((byte) 0x88, echo[ControlCodec.ECHO_TIMESTAMP_OFFSET + 7]);
    }

    @Test
    void malformedPayloadsDecodeToNull() {
        List<byte[]> bad = new ArrayList<>();
        bad.add(new byte[0]);
        bad.add(new byte[] {ControlCodec.HELLO});
        bad.add(new byte[] {99, 0, 0, 0});                                  // unknown type
        bad.add(new byte[] {0, 0});                                        // type 0 is not assigned
        byte[] hello = ControlCodec.encode(new ControlMessage.Hello(List.of(B)));
        bad.add(Arrays.copyOf(hello, hello.length - 1));                   // count says 1, 3 bytes follow
        bad.add(Arrays.copyOf(hello, hello.length + 4));                   // trailing bytes
        byte[] lsa = ControlCodec.encode(new ControlMessage.Lsa(A, 1, 10, List.of(new Adjacency(B, 1))));
        bad.add(Arrays.copyOf(lsa, 15));                                   // shorter than the fixed part
        bad.add(Arrays.copyOf(lsa, lsa.length - 2));
        byte[] zeroCost = lsa.clone();
        ControlCodec.putInt(zeroCost, ControlCodec.LSA_LINKS_OFFSET + 4, 0);
        bad.add(zeroCost);
        byte[] tooMany = lsa.clone();
        ControlCodec.putU16(tooMany, ControlCodec.LSA_COUNT_OFFSET, ControlCodec.MAX_ENTRIES + 1);
        bad.add(tooMany);
        byte[] ack = ControlCodec.encode(new ControlMessage.LsaAck(A, 3));
        bad.add(Arrays.copyOf(ack, ack.length + 1));
        byte[] echo = ControlCodec.encode(new ControlMessage.Echo(false, 1, 1, 1, 0));
        bad.add(Arrays.copyOf(echo, ControlCodec.ECHO_LENGTH - 1));
        Packet p = Packet.builder().source(A).destination(B).payload(new byte[20]).build();
        byte[] err = ControlCodec.encodeError(ControlCodec.DEST_UNREACHABLE, 0, p);
        bad.add(Arrays.copyOf(err, err.length - 1));
        byte[] shortQuote = err.clone();
        ControlCodec.putU16(shortQuote, ControlCodec.ERROR_QUOTE_LENGTH_OFFSET, Packet.HEADER_LENGTH - 1);
        bad.add(Arrays.copyOf(shortQuote, ControlCodec.ERROR_QUOTE_OFFSET + Packet.HEADER_LENGTH - 1));
        byte[] longQuote = Arrays.copyOf(err, err.length + 1);
        ControlCodec.putU16(longQuote, ControlCodec.ERROR_QUOTE_LENGTH_OFFSET, Packet.HEADER_LENGTH + 9);
        bad.add(longQuote);
        for (int i = 0; i < bad.size(); i++) {
            byte[] b = bad.get(i);
            assertNull(ControlCodec.decode(b, 0, b.length), "case " + i);
        }
        // bounds outside the array are malformed too, not an exception
        assertNull(ControlCodec.decode(hello, 2, hello.length));
    }

    @Test
    void seededGarbageNeverThrows() {
        SplittableRandom r = new SplittableRandom(3);
        int decoded = 0;
        for (int i = 0; i < 50_000; i++) {
            byte[] b = new byte[r.nextInt(0, 64)];
            r.nextBytes(b);
            if (b.length > 0) {
                b[0] = (byte) r.nextInt(0, 9);
            }
            if (ControlCodec.decode(b, 0, b.length) != null) {
                decoded++;
            }
        }
        assertTrue(decoded > 0 && decoded < 50_000, "some garbage happens to be well-formed: " + decoded);
    }

    @Test
    void encoderRejectsWhatCannotBeRepresented() {
        assertThrows(IllegalArgumentException.class, () -> new ControlMessage.Lsa(A, 1, -1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new ControlMessage.Error(ControlCodec.HELLO, 0, new byte[20], new byte[0]));
        assertThrows(IllegalArgumentException.class,
                () -> ControlCodec.encode(new ControlMessage.Error(ControlCodec.TTL_EXCEEDED, 0, new byte[19], new byte[0])));
    }
}
