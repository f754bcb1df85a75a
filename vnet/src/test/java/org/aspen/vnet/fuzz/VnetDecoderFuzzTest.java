package org.aspen.vnet.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import org.aspen.vnet.control.ControlCodec;
import org.aspen.vnet.control.ControlMessage;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;

/**
 * Fuzz targets for the VNet frame decoder and the control message codec. In a plain {@code mvn verify}
 * they run once per file of the committed corpus ({@code src/test/resources/org/aspen/vnet/fuzz/
 * VnetDecoderFuzzTestInputs/<method>/}); with {@code JAZZER_FUZZ=1} they fuzz (docs/fuzzing.md).
 */
class VnetDecoderFuzzTest {

    /**
     * Byte 0 is a mode: bit 0 set means "fix the CRC32C before validating" so the fuzzer reaches the
     * code behind the checksum; the rest is the frame.
     */
    @FuzzTest(maxDuration = "60s")
    void frame(byte[] input) {
        if (input.length < 1) {
            return;
        }
        boolean fixCrc = (input[0] & 1) != 0;
        byte[] frame = Arrays.copyOfRange(input, 1, input.length);
        if (fixCrc && frame.length >= Packet.HEADER_LENGTH) {
            int crc = Packet.computeChecksum(frame, 0, frame.length);
            frame[Packet.CHECKSUM_OFFSET] = (byte) (crc >>> 24);
            frame[Packet.CHECKSUM_OFFSET + 1] = (byte) (crc >>> 16);
            frame[Packet.CHECKSUM_OFFSET + 2] = (byte) (crc >>> 8);
            frame[Packet.CHECKSUM_OFFSET + 3] = (byte) crc;
        }
        checkFrame(frame);
    }

    /** Shared with the unit tests: every field of an accepted frame reads, and it re-encodes identically. */
    static void checkFrame(byte[] frame) {
        byte[] original = frame.clone();
        // at an offset inside a larger buffer, as the UDP path sees it
        byte[] padded = new byte[frame.length + 7];
        System.arraycopy(frame, 0, padded, 3, frame.length);
        DropReason atOffset = PacketCodec.validate(padded, 3, frame.length, Packet.MAX_FRAME);
        DropReason why = PacketCodec.validate(frame, 0, frame.length, Packet.MAX_FRAME);
        assertEquals(why, atOffset);
        DropReason[] out = new DropReason[1];
        Packet decoded = PacketCodec.decode(frame, 0, frame.length, Packet.MAX_FRAME, out);
        if (why != null) {
            assertNull(decoded);
            assertEquals(why, out[0]);
            return;
        }
        assertNotNull(decoded);
        Packet p = Packet.wrapValidated(frame);
        p.version();
        p.flags();
        p.ttl();
        p.protocol();
        p.source();
        p.destination();
        p.sourceBits();
        p.destinationBits();
        p.priority();
        p.aecnTtl();
        p.ecn();
        p.aecn();
        p.acnsCommand();
        p.hasAaSpec();
        p.aaSpec();
        p.checksum();
        p.toString();
        byte[] payload = p.payload();
        assertEquals(p.payloadLength(), payload.length);
        int trailer = p.hasAuthTrailer() ? Packet.AUTH_TRAILER_LENGTH : 0;
        assertEquals(frame.length, p.payloadOffset() + p.payloadLength() + trailer);
        assertEquals(p.payloadOffset() + p.payloadLength(), p.trailerOffset());
        if (trailer > 0) {
            org.aspen.vnet.auth.AuthTrailer.parse(frame, p.trailerOffset());   // never throws (AuthTrailerFuzzTest)
        }
        // the flyweight does not change what it wraps, and seals to the same bytes
        assertArrayEquals(original, p.frame());
        assertArrayEquals(original, p.copy().frame());
        // rebuilt from its decoded fields, the frame is identical once the spare bits, which are
        // "sent as 0, ignored on receipt" (docs/wire-format.md: flags bit 0, priority bits 7-6),
        // are cleared and the checksum recomputed; a rebuilt packet is unsigned (no trailer, bit 1 clear)
        byte[] rebuilt = p.toBuilder().build().frame();
        assertArrayEquals(canonical(original), rebuilt, "re-encoded frame differs");
        // the control codec behind protocol 0 must not throw on any payload either
        checkControl(payload);
    }

    /** {@code frame} with its spare header bits cleared and the checksum recomputed. */
    static byte[] canonical(byte[] frame) {
        boolean auth = (frame[Packet.FLAGS_OFFSET] & Packet.FLAG_AUTH) != 0;
        byte[] c = Arrays.copyOf(frame, frame.length - (auth ? Packet.AUTH_TRAILER_LENGTH : 0));
        c[Packet.FLAGS_OFFSET] &= (byte) ~0b11;
        c[Packet.PRIORITY_OFFSET] &= 0x3f;
        int crc = Packet.computeChecksum(c, 0, c.length);
        c[Packet.CHECKSUM_OFFSET] = (byte) (crc >>> 24);
        c[Packet.CHECKSUM_OFFSET + 1] = (byte) (crc >>> 16);
        c[Packet.CHECKSUM_OFFSET + 2] = (byte) (crc >>> 8);
        c[Packet.CHECKSUM_OFFSET + 3] = (byte) crc;
        return c;
    }

    @FuzzTest(maxDuration = "60s")
    void control(byte[] payload) {
        checkControl(payload);
    }

    static void checkControl(byte[] payload) {
        ControlCodec.peekType(payload, 0, payload.length);
        ControlMessage m = ControlCodec.decode(payload, 0, payload.length);
        byte[] padded = new byte[payload.length + 5];
        System.arraycopy(payload, 0, padded, 2, payload.length);
        ControlMessage m2 = ControlCodec.decode(padded, 2, payload.length);
        assertEquals(m == null, m2 == null);
        if (m == null) {
            return;
        }
        m.toString();
        byte[] again = ControlCodec.encode(m);
        assertEquals(payload.length, again.length);
        // decoding the re-encoded message gives the same message
        ControlMessage back = ControlCodec.decode(again, 0, again.length);
        assertNotNull(back);
        assertEquals(m.getClass(), back.getClass());
        assertArrayEquals(again, ControlCodec.encode(back));
        // and the bytes are the input's, except those the decoder ignores: the code byte of types
        // whose code is 0 ("0 unless stated", docs/wire-format.md), the LSA_ACK's two spare bytes
        // and the echo padding (carried as a length; the encoder writes zeros)
        int from = 2;
        int to = payload.length;
        if (m instanceof ControlMessage.Error) {
            from = 0;
        } else if (m instanceof ControlMessage.LsaAck) {
            from = ControlCodec.ACK_ORIGIN_OFFSET;
        } else if (m instanceof ControlMessage.Echo) {
            to = ControlCodec.ECHO_LENGTH;
        }
        assertEquals(payload[0], again[0]);
        assertArrayEquals(Arrays.copyOfRange(payload, from, to), Arrays.copyOfRange(again, from, to),
                () -> "re-encoded " + m.getClass().getSimpleName() + " differs");
    }
}
