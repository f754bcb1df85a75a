package org.aspen.vnet.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class PcapngWriterTest {
    @Test
    void blocksParseBackWithLengthsOptionsAndTimestamps() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PcapngWriter w = new PcapngWriter(out, "aspen test");
        int a = w.addInterface(PcapngWriter.LINKTYPE_VNET, "b:a-b", "node b link a-b");
        int l = w.addInterface(PcapngWriter.LINKTYPE_VNET, "b:local", "node b local");
        byte[] odd = {1, 2, 3, 4, 5};          // needs 3 bytes of padding
        byte[] even = new byte[20];
        long t = 1_700_000_000_123_456_789L;   // wall-clock epoch in ns: uses both timestamp halves
        w.writePacket(a, t, odd, 0, odd.length, PcapngWriter.INBOUND, "node=b link=a-b dir=in action=delivered proto=2");
        w.writePacket(l, 7, even, 0, even.length, 0, null);
        byte[] file = out.toByteArray();

        PcapngReader.Capture c = PcapngReader.read(file);
        assertEquals("aspen test", c.application());
        assertEquals(2, c.interfaces().size());
        assertEquals(new PcapngReader.Iface(147, "b:a-b", "node b link a-b", 9), c.interfaces().get(0));
        assertEquals(2, c.packets().size());
        PcapngReader.Pkt p = c.packets().get(0);
        assertEquals(a, p.iface());
        assertEquals(t, p.nanos());
        assertArrayEquals(odd, p.data());
        assertEquals(PcapngWriter.INBOUND, p.direction());
        assertEquals("node=b link=a-b dir=in action=delivered proto=2", p.comment());
        PcapngReader.Pkt q = c.packets().get(1);
        assertEquals(7, q.nanos());
        assertEquals(0, q.direction());
        assertEquals(null, q.comment());

        // every block: length a multiple of 4, repeated at its end; the file is nothing but blocks
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int blocks = 0;
        for (int at = 0; at < file.length; blocks++) {
            int len = b.getInt(at + 4);
            assertEquals(0, len % 4);
            assertEquals(len, b.getInt(at + len - 4));
            at += len;
        }
        assertEquals(5, blocks);
        assertEquals(PcapngWriter.BT_SHB, b.getInt(0));
        assertEquals(0x1A2B3C4D, b.getInt(8));
        // EPB of 5 data bytes without options: 32 + 8 bytes padded data... with options more; the SHB is exactly
        // 28 bytes of fixed fields + the userappl option (4 + 12) + end-of-options (4)
        assertEquals(28 + 16 + 4, b.getInt(4));
    }

    @Test
    void packetOnUndeclaredInterfaceIsRefused() {
        PcapngWriter w = new PcapngWriter(new ByteArrayOutputStream(), "x");
        assertThrows(IllegalArgumentException.class, () -> w.writePacket(0, 0, new byte[1], 0, 1, 0, null));
    }

    @Test
    void readerNamesTheOffsetOfACorruptBlock() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PcapngWriter(out, "x").addInterface(147, "i", "d");
        byte[] f = out.toByteArray();
        f[f.length - 1] ^= 1;   // trailing length of the IDB no longer matches
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PcapngReader.read(f));
        assertTrue(e.getMessage().startsWith("pcapng at byte 40"), e.getMessage());
    }
}
