package org.aspen.vnet.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.auth.AuthTrailer;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Fuzz target for the authentication trailer ({@link AuthTrailer#parse}) and the receive-side check
 * ({@link NodeAuth#incoming}) on arbitrary frames. Corpus: {@code src/test/resources/org/aspen/vnet/
 * fuzz/AuthTrailerFuzzTestInputs/trailer/} (docs/fuzzing.md).
 */
class AuthTrailerFuzzTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final List<AuthKey> RING = List.of(
            new AuthKey(1, "fuzz-key-a-fuzz-key-a-fuzz-key-a".getBytes(), Set.of(A), Set.of()),
            new AuthKey(2, "fuzz-link-fuzz-link-fuzz-link-!!".getBytes(), Set.of(), Set.of("a-b")));

    static NodeAuth node(VAddr self) {
        return new NodeAuth(self, RING, 1).protect("any", true, p -> true);
    }

    /**
     * Byte 0 is a mode: bit 0 set fixes the frame's CRC32C (as in {@code VnetDecoderFuzzTest#frame});
     * the rest is a frame. The trailer parser also reads the input at every offset.
     */
    @FuzzTest(maxDuration = "60s")
    void trailer(byte[] input) {
        for (int off = -1; off <= input.length; off++) {
            AuthTrailer t = AuthTrailer.parse(input, off);
            if (t != null) {
                assertTrue(t.keyId() >= 1 && t.keyId() <= 0xffff);
                assertEquals(AuthTrailer.MAC_LENGTH, t.mac().length);
                t.toString();
            }
        }
        if (input.length < 1) {
            return;
        }
        byte[] frame = Arrays.copyOfRange(input, 1, input.length);
        if ((input[0] & 1) != 0 && frame.length >= Packet.HEADER_LENGTH) {
            int crc = Packet.computeChecksum(frame, 0, frame.length);
            for (int i = 0; i < 4; i++) {
                frame[Packet.CHECKSUM_OFFSET + i] = (byte) (crc >>> (24 - 8 * i));
            }
        }
        if (PacketCodec.validate(frame, 0, frame.length, Packet.MAX_FRAME) != null) {
            return;
        }
        Packet p = Packet.wrapValidated(frame.clone());
        NodeAuth b = node(B);
        DropReason first = b.incoming(p, null);   // never throws; unsigned, forged, or (if it was signed by A) verified
        if (!p.hasAuthTrailer()) {
            assertEquals(DropReason.AUTH_UNSIGNED, first);
        }
        // whatever it was, signing its message verifies once and is a replay the second time
        NodeAuth a = node(A);
        Packet signed = a.outgoing(p.toBuilder().build(), null);
        assertArrayEquals(p.payload(), signed.payload());
        NodeAuth fresh = node(B);
        assertNull(fresh.incoming(Packet.wrapValidated(signed.frame().clone()), null));
        assertEquals(DropReason.AUTH_REPLAYED, fresh.incoming(Packet.wrapValidated(signed.frame().clone()), null));
    }

    /** Writes the seed corpus: {@code mvn -B test -pl vnet -Dtest='AuthTrailerFuzzTest#writeSeeds' -Daspen.fuzz.writeSeeds=true}. */
    @Test
    @EnabledIfSystemProperty(named = "aspen.fuzz.writeSeeds", matches = "true")
    void writeSeeds() throws Exception {
        Path dir = Path.of("src/test/resources/org/aspen/vnet/fuzz/AuthTrailerFuzzTestInputs/trailer");
        Files.createDirectories(dir);
        Packet plain = Packet.builder().source(A).destination(B).protocol(Protocol.RAW).payload(new byte[] {1, 2, 3}).build();
        Packet signed = node(A).outgoing(plain, null);
        Files.write(dir.resolve("signed"), withMode(signed.frame()));
        Files.write(dir.resolve("unsigned"), withMode(plain.frame()));
        byte[] badVersion = signed.frame().clone();
        badVersion[signed.trailerOffset()] = 9;
        Files.write(dir.resolve("trailer-bad-version"), withMode(badVersion));
        byte[] badMac = signed.frame().clone();
        badMac[badMac.length - 1] ^= 1;
        Files.write(dir.resolve("trailer-bad-mac"), withMode(badMac));
        byte[] cut = Arrays.copyOf(signed.frame(), signed.length() - 5);
        Files.write(dir.resolve("trailer-cut-short"), withMode(cut));
    }

    private static byte[] withMode(byte[] frame) {
        byte[] b = new byte[frame.length + 1];
        b[0] = 1;
        System.arraycopy(frame, 0, b, 1, frame.length);
        return b;
    }
}
