package org.aspen.vnet.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trailer codec, the frame layout with the AUTH flag, key parsing and the replay window. */
class AuthTrailerTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final byte[] SECRET = "0123456789abcdef0123456789abcdef".getBytes();

    static NodeAuth everything(VAddr self, List<AuthKey> keys) {
        return new NodeAuth(self, keys, 1).protect("raw", false, p -> p.protocol() == Protocol.RAW);
    }

    @Test
    void trailerRoundTripsAndSitsAfterThePayload() {
        byte[] buf = new byte[40];
        AuthTrailer.writeHead(buf, 5, 0xbeef, A.value(), 0x0102030405060708L);
        AuthTrailer t = AuthTrailer.parse(buf, 5);
        assertEquals(0xbeef, t.keyId());
        assertEquals(A.value(), t.signer());
        assertEquals(0x0102030405060708L, t.counter());
        assertEquals(1, buf[5]);
        assertEquals(16, buf[6]);

        NodeAuth a = everything(A, List.of(new AuthKey(7, SECRET, Set.of(A), Set.of())));
        Packet p = Packet.builder().source(A).destination(B).payload(new byte[] {1, 2, 3}).build();
        Packet s = a.outgoing(p, null);
        assertTrue(s.hasAuthTrailer());
        assertEquals(p.length() + 32, s.length());
        assertEquals(3, s.payloadLength());
        assertArrayEquals(new byte[] {1, 2, 3}, s.payload());
        assertNull(PacketCodec.validate(s.frame(), 0, s.length(), Packet.MAX_FRAME));
        assertEquals(7, AuthTrailer.parse(s.array(), s.trailerOffset()).keyId());
        assertTrue(s.toString().endsWith(" auth"));
    }

    @Test
    void malformedTrailersAreNull() {
        byte[] good = new byte[32];
        AuthTrailer.writeHead(good, 0, 1, 1, 1);
        assertEquals(1, AuthTrailer.parse(good, 0).keyId());
        assertNull(AuthTrailer.parse(new byte[31], 0), "cut short");
        assertNull(AuthTrailer.parse(good, 1), "runs past the end");
        assertNull(AuthTrailer.parse(good, -1), "negative offset");
        byte[] v = good.clone();
        v[0] = 2;
        assertNull(AuthTrailer.parse(v, 0), "unknown version");
        byte[] m = good.clone();
        m[1] = 32;
        assertNull(AuthTrailer.parse(m, 0), "other MAC length");
        byte[] k = good.clone();
        k[2] = 0;
        k[3] = 0;
        assertNull(AuthTrailer.parse(k, 0), "key id 0");
    }

    @Test
    void framesWithTheFlagMustCarryTheWholeTrailer() {
        NodeAuth a = everything(A, List.of(new AuthKey(7, SECRET, Set.of(), Set.of())));
        byte[] f = a.outgoing(Packet.builder().source(A).destination(B).payload(new byte[10]).build(), null).frame();
        byte[] cut = java.util.Arrays.copyOf(f, f.length - 1);
        assertEquals(DropReason.TRUNCATED, PacketCodec.validate(cut, 0, cut.length, Packet.MAX_FRAME));
        byte[] longer = java.util.Arrays.copyOf(f, f.length + 1);
        assertEquals(DropReason.BAD_LENGTH, PacketCodec.validate(longer, 0, longer.length, Packet.MAX_FRAME));
        // the same bytes without the flag: the trailer is trailing garbage
        byte[] noFlag = f.clone();
        noFlag[Packet.FLAGS_OFFSET] &= (byte) ~Packet.FLAG_AUTH;
        assertEquals(DropReason.BAD_LENGTH, PacketCodec.validate(noFlag, 0, noFlag.length, Packet.MAX_FRAME));
    }

    @Test
    void macCoversTheMessageButNotWhatRoutersChange() {
        AuthKey key = new AuthKey(7, SECRET, Set.of(A), Set.of());
        NodeAuth a = everything(A, List.of(key));
        NodeAuth b = everything(B, List.of(key));
        Packet s = a.outgoing(Packet.builder().source(A).destination(B).payload(new byte[] {9, 9}).build(), null);
        Packet onTheWay = s.copy();
        onTheWay.decrementTtl();
        onTheWay.setEcn(Ecn.CE);
        onTheWay.setAecn(true);
        onTheWay.setPriority(5);
        assertNull(b.incoming(Packet.wrapValidated(onTheWay.frame().clone()), null));
        Packet tampered = s.copy();
        tampered.writePayload(0, new byte[] {8}, 0, 1);
        assertEquals(DropReason.AUTH_FORGED, b.incoming(Packet.wrapValidated(tampered.frame().clone()), null));
        byte[] redirected = s.copy().frame().clone();
        redirected[Packet.DESTINATION_OFFSET + 3] ^= 1;
        assertEquals(DropReason.AUTH_FORGED, b.incoming(Packet.wrapValidated(redirected), null));
        assertEquals(1, b.counts().kind("raw").verified());
        assertEquals(2, b.counts().kind("raw").forged());
    }

    @Test
    void aGroupKeyHolderCannotGrowTheReplayStateWithoutBound() {
        AuthKey group = new AuthKey(5, SECRET, Set.of(), Set.of());
        NodeAuth b = everything(B, List.of(group));
        Packet p = Packet.builder().source(A).destination(B).payload(new byte[1]).build();
        for (int i = 0; i < NodeAuth.MAX_WINDOWS; i++) {
            assertNull(b.incoming(everything(VAddr.of(0x0b000000 + i), List.of(group)).outgoing(p, null), null));
        }
        assertEquals(DropReason.AUTH_FORGED, b.incoming(everything(VAddr.of(0x0c000000), List.of(group)).outgoing(p, null), null));
        // a signer it already knows still reaches its own window (here: counter 1 again, a replay)
        assertEquals(DropReason.AUTH_REPLAYED, b.incoming(everything(VAddr.of(0x0b000000), List.of(group)).outgoing(p, null), null));
    }

    @Test
    void secretsReadFromHexBase64AndFiles(@TempDir Path dir) throws Exception {
        assertArrayEquals(new byte[] {0x01, (byte) 0xab}, AuthKey.secret("hex:01ab", null));
        assertArrayEquals(new byte[] {1, 2, 3}, AuthKey.secret("base64:AQID", null));
        Files.writeString(dir.resolve("k.hex"), "00112233445566778899aabbccddeeff\n");
        assertEquals(16, AuthKey.secret("file:k.hex", dir).length);
        Files.writeString(dir.resolve("k.b64"), "base64:" + java.util.Base64.getEncoder().encodeToString(SECRET));
        assertArrayEquals(SECRET, AuthKey.secret("file:" + dir.resolve("k.b64"), null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AuthKey.secret("hex:zz", null));
        assertEquals("secret is not valid hex", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AuthKey.secret("file:missing.key", dir));
        assertThrows(IllegalArgumentException.class, () -> AuthKey.secret("plain", null));
        assertThrows(IllegalArgumentException.class, () -> new AuthKey(1, new byte[15], Set.of(), Set.of()));
        assertThrows(IllegalArgumentException.class, () -> new AuthKey(0, SECRET, Set.of(), Set.of()));
    }

    @Test
    void replayWindowAcceptsEachCounterOnceAndReordersWithinTheWindow() {
        ReplayWindow w = new ReplayWindow();
        assertTrue(w.check(10));
        w.accept(10);
        assertEquals(false, w.check(10));
        assertTrue(w.check(8), "overtaken, not yet seen");
        w.accept(8);
        assertEquals(false, w.check(8));
        assertTrue(w.check(9));
        w.accept(2000);
        assertEquals(false, w.check(2000 - ReplayWindow.SIZE), "fell out of the window");
        assertTrue(w.check(2000 - ReplayWindow.SIZE + 1));
        assertTrue(w.check(10 + ReplayWindow.SIZE), "slot reused by a newer counter is clear");
        assertEquals(false, w.check(Long.MIN_VALUE + 5), "far below: overflowing distance");
    }
}
