package org.aspen.vnet.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/** Every class of malformed frame maps to its drop reason; random garbage never throws. */
class PacketCodecTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final int MAX = Packet.MAX_FRAME;

    static byte[] plain(int payload) {
        return Packet.builder().source(A).destination(B).payload(new byte[payload]).build().frame().clone();
    }

    static byte[] withSpec(int payload) {
        return Packet.builder().source(A).destination(B).aaSpec(PacketTest.spec("filter", "2.1", 3))
                .payload(new byte[payload]).build().frame().clone();
    }

    static DropReason check(byte[] f) {
        return PacketCodec.validate(f, 0, f.length, MAX);
    }

    static byte[] resealed(byte[] f) {
        Packet.putInt(f, Packet.CHECKSUM_OFFSET, Packet.computeChecksum(f, 0, f.length));
        return f;
    }

    @Test
    void soundFramesPassIncludingAtAnOffset() {
        assertNull(check(plain(0)));
        assertNull(check(withSpec(100)));
        byte[] f = plain(10);
        byte[] padded = new byte[f.length + 7];
        System.arraycopy(f, 0, padded, 3, f.length);
        assertNull(PacketCodec.validate(padded, 3, f.length, MAX));
        DropReason[] why = new DropReason[1];
        assertEquals(B, PacketCodec.decode(padded, 3, f.length, MAX, why).destination());
        assertNull(PacketCodec.decode(padded, 0, f.length, MAX, why));
        assertEquals(DropReason.BAD_VERSION, why[0]);
    }

    @Test
    void truncatedShortHeader() {
        byte[] f = plain(10);
        for (int len = 0; len < Packet.HEADER_LENGTH; len++) {
            assertEquals(DropReason.TRUNCATED, PacketCodec.validate(f, 0, len, MAX), "len " + len);
        }
    }

    @Test
    void truncatedInsideTheAaSpec() {
        byte[] f = withSpec(0);
        for (int len = Packet.HEADER_LENGTH; len < f.length; len++) {
            assertEquals(DropReason.TRUNCATED, PacketCodec.validate(f, 0, len, MAX), "len " + len);
        }
    }

    @Test
    void payloadShorterThanClaimed() {
        byte[] f = plain(50);
        assertEquals(DropReason.TRUNCATED, PacketCodec.validate(f, 0, f.length - 1, MAX));
        byte[] g = plain(50);
        g[Packet.PAYLOAD_LENGTH_OFFSET + 1] = 51;
        assertEquals(DropReason.TRUNCATED, check(resealed(g)));
    }

    @Test
    void oversized() {
        byte[] f = plain(200);
        assertEquals(DropReason.OVERSIZED, PacketCodec.validate(f, 0, f.length, f.length - 1));
        byte[] huge = new byte[Packet.MAX_FRAME + 1];
        assertEquals(DropReason.OVERSIZED, PacketCodec.validate(huge, 0, huge.length, Integer.MAX_VALUE));
    }

    @Test
    void wrongVersion() {
        for (int v : new int[] {0, 2, 255}) {
            byte[] f = plain(4);
            f[Packet.VERSION_OFFSET] = (byte) v;
            assertEquals(DropReason.BAD_VERSION, check(resealed(f)));
        }
    }

    @Test
    void inconsistentLengthWhenTheFrameIsLongerThanClaimed() {
        byte[] f = plain(50);
        f[Packet.PAYLOAD_LENGTH_OFFSET + 1] = 49;
        assertEquals(DropReason.BAD_LENGTH, check(resealed(f)));
        byte[] longer = resealed(Arrays.copyOf(plain(5), Packet.HEADER_LENGTH + 9));
        assertEquals(DropReason.BAD_LENGTH, check(longer));
    }

    @Test
    void badChecksumForEverySingleBitFlip() {
        byte[] f = withSpec(30);
        int flips = 0;
        for (int bit = 0; bit < f.length * 8; bit++) {
            byte[] g = f.clone();
            g[bit / 8] ^= (byte) (1 << (bit % 8));
            DropReason r = check(g);
            // a flip in a structural field may be caught earlier; it is never accepted
            assertTrue(r != null, "bit " + bit + " accepted");
            int off = bit / 8;
            boolean structural = off == Packet.VERSION_OFFSET || off == Packet.PAYLOAD_LENGTH_OFFSET
                    || off == Packet.PAYLOAD_LENGTH_OFFSET + 1 || off == Packet.FLAGS_OFFSET
                    || off == Packet.HEADER_LENGTH || off == Packet.HEADER_LENGTH + 1 + "filter".length();
            if (!structural) {
                assertEquals(DropReason.BAD_CHECKSUM, r, "bit " + bit);
                flips++;
            }
        }
        assertEquals((f.length - 6) * 8, flips);
    }

    @Test
    void badAaSpecLengths() {
        byte[] f = withSpec(10);
        byte[] zeroName = f.clone();
        zeroName[Packet.HEADER_LENGTH] = 0;
        assertEquals(DropReason.BAD_AA_SPEC, check(resealed(zeroName)));
        byte[] longName = f.clone();
        longName[Packet.HEADER_LENGTH] = (byte) (AaSpec.MAX_NAME + 1);
        assertEquals(DropReason.BAD_AA_SPEC, check(resealed(longName)));
        int vAt = Packet.HEADER_LENGTH + 1 + "filter".length();
        byte[] zeroVersion = f.clone();
        zeroVersion[vAt] = 0;
        assertEquals(DropReason.BAD_AA_SPEC, check(resealed(zeroVersion)));
        byte[] longVersion = f.clone();
        longVersion[vAt] = (byte) (AaSpec.MAX_VERSION + 1);
        assertEquals(DropReason.BAD_AA_SPEC, check(resealed(longVersion)));
        // the flag set on a frame with no room for the spec
        byte[] flagOnly = plain(0);
        flagOnly[Packet.FLAGS_OFFSET] |= Packet.FLAG_AA_SPEC;
        assertEquals(DropReason.TRUNCATED, check(resealed(flagOnly)));
    }

    @Test
    void seededRandomAndMutatedFramesThroughALinkAreAllCountedAndNeverThrow() {
        SimNetwork net = new SimNetwork(5);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        ControlPlane.install(a, false);
        ControlPlane.install(b, false);
        net.run(1_000_000);
        Link in = b.link("a-b");
        long before = in.counters().receivedPackets + in.counters().totalDrops();
        long receivedBefore = in.counters().receivedPackets;
        SplittableRandom r = new SplittableRandom(99);
        byte[][] seeds = {plain(40), withSpec(64), resealed(withControl(r))};
        int n = 20_000;
        int accepted = 0;
        for (int i = 0; i < n; i++) {
            byte[] f;
            switch (r.nextInt(4)) {
                case 0 -> {
                    f = new byte[r.nextInt(0, 200)];
                    r.nextBytes(f);
                }
                case 1 -> {
                    f = seeds[r.nextInt(seeds.length)].clone();
                    for (int k = r.nextInt(1, 4); k > 0; k--) {
                        f[r.nextInt(f.length)] ^= (byte) (1 + r.nextInt(255));
                    }
                }
                case 2 -> {
                    byte[] s = seeds[r.nextInt(seeds.length)];
                    f = Arrays.copyOf(s, r.nextInt(0, s.length + 20));
                }
                default -> {
                    // structurally random but checksum-correct: exercises the node behind the codec
                    f = seeds[r.nextInt(seeds.length)].clone();
                    for (int k = r.nextInt(1, 6); k > 0; k--) {
                        f[r.nextInt(Packet.HEADER_LENGTH, f.length)] = (byte) r.nextInt();
                    }
                    f[Packet.TTL_OFFSET] = (byte) r.nextInt();
                    resealed(f);
                }
            }
            if (check(f) == null) {
                accepted++;
            }
            in.receiveFrame(f, 0, f.length, false);
            net.run(10_000);
        }
        long after = in.counters().receivedPackets + in.counters().totalDrops();
        assertEquals(n, after - before);
        assertEquals(accepted, in.counters().receivedPackets - receivedBefore, "received count matches the codec's verdicts");
        assertTrue(accepted > n / 10 && accepted < n / 2, "accepted " + accepted);
        assertTrue(b.counters().drops(DropReason.BAD_CONTROL) > 0, "garbage control payloads counted");
        assertEquals(0, b.counters().drops(DropReason.HANDLER_ERROR), "no handler threw");
    }

    static byte[] withControl(SplittableRandom r) {
        byte[] payload = new byte[24];
        r.nextBytes(payload);
        payload[0] = 2; // LSA type with a bogus body
        return Packet.builder().source(A).destination(B).protocol(Protocol.CONTROL).payload(payload).build().frame().clone();
    }
}
