package org.aspen.vnet.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.junit.jupiter.api.Test;

/** Findings of the VNet decoder fuzz target (vnet/.../fuzz/VnetDecoderFuzzTest), as plain unit tests. */
class PacketCodecFuzzFindingsTest {
    private static final byte[] DIGEST = new byte[AaSpec.DIGEST_LENGTH];

    private static byte[] withSpec(String name, String version) {
        return Packet.builder().source(VAddr.of(1)).destination(VAddr.of(2)).protocol(Protocol.AA_MESSAGE)
                .aaSpec(new AaSpec(name, version, DIGEST)).payload(new byte[] {9}).build().frame().clone();
    }

    private static void reseal(byte[] f) {
        Packet.putInt(f, Packet.CHECKSUM_OFFSET, Packet.computeChecksum(f, 0, f.length));
    }

    @Test
    void aaSpecWithMalformedUtf8IsDroppedNotMisread() {
        // the fuzzer's frame: version "1.0" followed by D2 C6 (a lead byte without its continuation)
        byte[] f = withSpec("acc-filter", "1.0xx");
        int v = Packet.HEADER_LENGTH + 1 + "acc-filter".length() + 1;
        f[v + 3] = (byte) 0xd2;
        f[v + 4] = (byte) 0xc6;
        reseal(f);
        assertEquals(DropReason.BAD_AA_SPEC, PacketCodec.validate(f, 0, f.length, Packet.MAX_FRAME));
    }

    @Test
    void aaSpecNameOfInvalidBytesCannotThrowFromAaSpec() {
        // 64 bytes of 0xff: before the fix it was accepted, and aaSpec() threw (192 bytes once decoded)
        byte[] f = withSpec("a".repeat(AaSpec.MAX_NAME), "1");
        for (int i = 0; i < AaSpec.MAX_NAME; i++) {
            f[Packet.HEADER_LENGTH + 1 + i] = (byte) 0xff;
        }
        reseal(f);
        assertEquals(DropReason.BAD_AA_SPEC, PacketCodec.validate(f, 0, f.length, Packet.MAX_FRAME));
    }

    @Test
    void wellFormedMultiByteNamesStillPass() {
        byte[] f = withSpec("zähler-€-𝄞", "1.0-β");
        assertNull(PacketCodec.validate(f, 0, f.length, Packet.MAX_FRAME));
        assertEquals("zähler-€-𝄞", Packet.wrapValidated(f).aaSpec().name());
    }

    @Test
    void isUtf8AgreesWithTheJdkDecoder() {
        SplittableRandom r = new SplittableRandom(42);
        byte[][] fixed = {{}, {(byte) 0xc0, (byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xe2, (byte) 0x82}, {(byte) 0xf0, (byte) 0x9d, (byte) 0x84, (byte) 0x9e}};
        for (byte[] b : fixed) {
            assertEquals(jdk(b), PacketCodec.isUtf8(b, 0, b.length));
        }
        for (int n = 0; n < 200_000; n++) {
            byte[] b = new byte[r.nextInt(6)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (r.nextBoolean() ? 0x80 + r.nextInt(0x80) : r.nextInt(256));
            }
            assertEquals(jdk(b), PacketCodec.isUtf8(b, 0, b.length), () -> java.util.HexFormat.of().formatHex(b));
        }
        assertTrue(PacketCodec.isUtf8("ok".getBytes(StandardCharsets.UTF_8), 0, 2));
        assertFalse(PacketCodec.isUtf8(new byte[] {(byte) 0x80}, 0, 1));
    }

    private static boolean jdk(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
