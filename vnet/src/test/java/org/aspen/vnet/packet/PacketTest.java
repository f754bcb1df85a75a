package org.aspen.vnet.packet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.junit.jupiter.api.Test;

class PacketTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("192.168.7.254");

    static AaSpec spec(String name, String version, int seed) {
        byte[] d = new byte[AaSpec.DIGEST_LENGTH];
        new SplittableRandom(seed).nextBytes(d);
        return new AaSpec(name, version, d);
    }

    @Test
    void everyHeaderFieldSurvivesBuildEncodeAndDecode() {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 500; i++) {
            byte[] payload = new byte[r.nextInt(0, 300)];
            r.nextBytes(payload);
            VAddr src = VAddr.of(r.nextInt());
            VAddr dst = VAddr.of(r.nextInt());
            int proto = r.nextInt(256);
            int ttl = r.nextInt(256);
            Ecn ecn = Ecn.values()[r.nextInt(4)];
            boolean aecn = r.nextBoolean();
            int acns = r.nextInt(4);
            int prio = r.nextInt(64);
            int aecnTtl = r.nextInt(256);
            AaSpec spec = r.nextBoolean() ? spec("aa-" + "x".repeat(r.nextInt(0, 60)), "1." + r.nextInt(1000), i) : null;
            Packet built = Packet.builder().source(src).destination(dst).protocol(proto).ttl(ttl).ecn(ecn).aecn(aecn)
                    .acnsCommand(acns).priority(prio).aecnTtl(aecnTtl).aaSpec(spec).payload(payload).build();
            byte[] wire = built.frame().clone();
            assertNull(PacketCodec.validate(wire, 0, wire.length, Packet.MAX_FRAME));
            Packet p = Packet.wrapValidated(wire);
            assertEquals(Packet.VERSION, p.version());
            assertEquals(src, p.source());
            assertEquals(dst, p.destination());
            assertEquals(src.value(), p.sourceBits());
            assertEquals(dst.value(), p.destinationBits());
            assertEquals(proto, p.protocol());
            assertEquals(ttl, p.ttl());
            assertEquals(ecn, p.ecn());
            assertEquals(aecn, p.aecn());
            assertEquals(acns, p.acnsCommand());
            assertEquals(prio, p.priority());
            assertEquals(aecnTtl, p.aecnTtl());
            assertEquals(spec != null, p.hasAaSpec());
            assertEquals(spec, p.aaSpec());
            assertEquals(payload.length, p.payloadLength());
            assertArrayEquals(payload, p.payload());
            assertEquals(Packet.HEADER_LENGTH + (spec == null ? 0 : spec.encodedLength()), p.payloadOffset());
            assertEquals(p.payloadOffset() + payload.length, p.length());
            // toBuilder reproduces the same bytes
            assertArrayEquals(wire, p.toBuilder().build().frame());
        }
    }

    @Test
    void aPayloadWrittenInPlaceGivesTheSameFrameAsBuild() {
        byte[] payload = {4, 5, 6, 7, 8};
        Packet built = Packet.builder().source(A).destination(B).protocol(Protocol.RDP).ttl(9).ecn(Ecn.ECT0)
                .aecnTtl(3).payload(payload).build();
        Packet inPlace = Packet.builder().source(A).destination(B).protocol(Protocol.RDP).ttl(9).ecn(Ecn.ECT0)
                .aecnTtl(3).buildInPlace(payload.length);
        assertEquals(payload.length, inPlace.payloadLength());
        System.arraycopy(payload, 0, inPlace.array(), inPlace.payloadOffset(), payload.length);
        assertArrayEquals(built.frame(), inPlace.frame(), "sealing computes the checksum over what was written");
        assertNull(PacketCodec.validate(inPlace.frame(), 0, inPlace.length(), Packet.MAX_FRAME));
        assertThrows(IllegalArgumentException.class, () -> Packet.builder().buildInPlace(-1));
        assertThrows(IllegalArgumentException.class, () -> Packet.builder().buildInPlace(Packet.MAX_FRAME));
    }

    @Test
    void fieldsSitAtTheDocumentedOffsetsBigEndian() {
        Packet p = Packet.builder().source(A).destination(B).protocol(Protocol.RDP).ttl(9).ecn(Ecn.CE).aecn(true)
                .acnsCommand(2).priority(5).aecnTtl(3).payload(new byte[] {1, 2, 3}).build();
        byte[] f = p.frame();
        assertEquals(1, f[Packet.VERSION_OFFSET]);
        assertEquals((byte) (0b11 << 6 | 1 << 5 | 2 << 3), f[Packet.FLAGS_OFFSET]);
        assertEquals(9, f[Packet.TTL_OFFSET]);
        assertEquals(Protocol.RDP, f[Packet.PROTOCOL_OFFSET]);
        assertArrayEquals(new byte[] {10, 0, 0, 1}, java.util.Arrays.copyOfRange(f, 4, 8));
        assertArrayEquals(new byte[] {(byte) 192, (byte) 168, 7, (byte) 254}, java.util.Arrays.copyOfRange(f, 8, 12));
        assertEquals(5, f[Packet.PRIORITY_OFFSET]);
        assertEquals(3, f[Packet.AECN_TTL_OFFSET]);
        assertEquals(0, f[Packet.PAYLOAD_LENGTH_OFFSET]);
        assertEquals(3, f[Packet.PAYLOAD_LENGTH_OFFSET + 1]);
        assertEquals(Packet.computeChecksum(f, 0, f.length), p.checksum());
        assertEquals(23, f.length);
    }

    @Test
    void headerEditsMarkTheChecksumStaleAndSealFixesIt() {
        Packet p = Packet.builder().source(A).destination(B).payload(new byte[40]).build();
        int before = p.checksum();
        assertEquals(63, p.decrementTtl());
        p.setEcn(Ecn.ECT0);
        p.setAecn(true);
        p.setAcnsCommand(1);
        p.setPriority(63);
        p.setAecnTtl(200);
        p.writePayload(0, new byte[] {9, 9}, 0, 2);
        byte[] raw = p.array();
        assertEquals(DropReason.BAD_CHECKSUM, PacketCodec.validate(raw, 0, raw.length, Packet.MAX_FRAME));
        p.seal();
        assertNotEquals(before, p.checksum());
        assertNull(PacketCodec.validate(raw, 0, raw.length, Packet.MAX_FRAME));
        Packet q = Packet.wrapValidated(raw.clone());
        assertEquals(63, q.ttl());
        assertEquals(Ecn.ECT0, q.ecn());
        assertTrue(q.aecn());
        assertEquals(1, q.acnsCommand());
        assertEquals(63, q.priority());
        assertEquals(200, q.aecnTtl());
        assertEquals(9, q.payload()[1]);
        assertThrows(IndexOutOfBoundsException.class, () -> p.writePayload(39, new byte[2], 0, 2));
    }

    @Test
    void ttlNeverGoesBelowZeroAndCopyIsIndependent() {
        Packet p = Packet.builder().source(A).destination(B).ttl(1).build();
        assertEquals(0, p.decrementTtl());
        assertEquals(-1, p.decrementTtl());
        assertEquals(0, p.ttl());
        Packet c = p.copy();
        c.setTtl(7);
        assertEquals(0, p.ttl());
        assertEquals(7, c.ttl());
    }

    @Test
    void builderRejectsOutOfRangeValues() {
        assertThrows(IllegalArgumentException.class, () -> Packet.builder().ttl(256));
        assertThrows(IllegalArgumentException.class, () -> Packet.builder().protocol(-1));
        assertThrows(IllegalArgumentException.class, () -> Packet.builder().priority(64));
        assertThrows(IllegalArgumentException.class, () -> Packet.builder().payload(new byte[Packet.MAX_FRAME]).build());
        assertThrows(IllegalArgumentException.class, () -> new AaSpec("", "1", new byte[32]));
        assertThrows(IllegalArgumentException.class, () -> new AaSpec("x".repeat(65), "1", new byte[32]));
        assertThrows(IllegalArgumentException.class, () -> new AaSpec("x", "1".repeat(33), new byte[32]));
        assertThrows(IllegalArgumentException.class, () -> new AaSpec("x", "1", new byte[31]));
        assertFalse(Ecn.NOT_ECT.capable());
    }
}
