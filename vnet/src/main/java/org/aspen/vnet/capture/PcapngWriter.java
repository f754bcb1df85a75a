package org.aspen.vnet.capture;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes a pcapng file (draft-ietf-opsawg-pcapng): one Section Header Block, an Interface
 * Description Block per capture point, and an Enhanced Packet Block per frame with a comment and
 * a direction flag. Little-endian, nanosecond timestamps ({@code if_tsresol} = 9).
 *
 * <pre>{@code
 * PcapngWriter w = new PcapngWriter(out, "aspen lab");
 * int a = w.addInterface(PcapngWriter.LINKTYPE_VNET, "b:a-b", "node b, link a-b");
 * w.writePacket(a, nanos, frame, 0, frame.length, PcapngWriter.INBOUND, "node=b link=a-b dir=in action=delivered");
 * }</pre>
 *
 * Not thread-safe: callers on several loops serialise (see {@link Capture}).
 */
public final class PcapngWriter {
    /** LINKTYPE_USER0 (DLT_USER0, 147): the frame is a whole VNet frame, header first. */
    public static final int LINKTYPE_VNET = 147;
    public static final int BT_SHB = 0x0A0D0D0A;
    public static final int BT_IDB = 0x00000001;
    public static final int BT_EPB = 0x00000006;
    public static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    public static final int OPT_END = 0;
    public static final int OPT_COMMENT = 1;
    public static final int SHB_USERAPPL = 4;
    public static final int IF_NAME = 2;
    public static final int IF_DESCRIPTION = 3;
    public static final int IF_TSRESOL = 9;
    public static final int EPB_FLAGS = 2;
    /** epb_flags direction bits (bits 0-1). */
    public static final int INBOUND = 1;
    public static final int OUTBOUND = 2;

    private final OutputStream out;
    private int interfaces;

    /** Writes the section header now. {@code application} goes in {@code shb_userappl}. */
    public PcapngWriter(OutputStream out, String application) {
        this.out = out;
        Block b = new Block(BT_SHB, 16);
        b.buf.putInt(BYTE_ORDER_MAGIC).putShort((short) 1).putShort((short) 0).putLong(-1L); // section length unknown
        b.option(SHB_USERAPPL, utf8(application));
        write(b);
    }

    /** Declares a capture point; returns its interface id for {@link #writePacket}. */
    public int addInterface(int linkType, String name, String description) {
        Block b = new Block(BT_IDB, 8);
        b.buf.putShort((short) linkType).putShort((short) 0).putInt(0); // snaplen 0: no limit
        b.option(IF_NAME, utf8(name));
        b.option(IF_DESCRIPTION, utf8(description));
        b.option(IF_TSRESOL, new byte[] {9});
        write(b);
        return interfaces++;
    }

    public int interfaces() {
        return interfaces;
    }

    /**
     * One packet. {@code nanos} is nanoseconds since the epoch of the capture (Unix epoch in the
     * real runtime, 0 = start of a simulation); {@code direction} is {@link #INBOUND},
     * {@link #OUTBOUND} or 0; {@code comment} may be null.
     */
    public void writePacket(int iface, long nanos, byte[] data, int off, int len, int direction, String comment) {
        if (iface < 0 || iface >= interfaces) {
            throw new IllegalArgumentException("no interface " + iface);
        }
        Block b = new Block(BT_EPB, 20 + pad4(len));
        b.buf.putInt(iface).putInt((int) (nanos >>> 32)).putInt((int) nanos).putInt(len).putInt(len);
        b.buf.put(data, off, len);
        b.buf.position(b.buf.position() + pad4(len) - len);
        if (comment != null) {
            b.option(OPT_COMMENT, utf8(comment));
        }
        if (direction != 0) {
            b.option(EPB_FLAGS, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(direction).array());
        }
        write(b);
    }

    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(Block b) {
        try {
            out.write(b.finish());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int pad4(int n) {
        return (n + 3) & ~3;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Type, length, body, options, end-of-options, length again. */
    private static final class Block {
        ByteBuffer buf;
        boolean options;

        Block(int type, int bodyHint) {
            buf = ByteBuffer.allocate(64 + bodyHint).order(ByteOrder.LITTLE_ENDIAN);
            buf.putInt(type).putInt(0);
        }

        void option(int code, byte[] value) {
            ensure(4 + pad4(value.length) + 8);
            buf.putShort((short) code).putShort((short) value.length).put(value);
            buf.position(buf.position() + pad4(value.length) - value.length);
            options = true;
        }

        private void ensure(int more) {
            if (buf.remaining() < more) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + more))
                        .order(ByteOrder.LITTLE_ENDIAN);
                buf.flip();
                buf = bigger.put(buf);
            }
        }

        byte[] finish() {
            ensure(8);
            if (options) {
                buf.putShort((short) OPT_END).putShort((short) 0);
            }
            int total = buf.position() + 4;
            buf.putInt(total);
            buf.putInt(4, total);
            byte[] b = new byte[total];
            buf.get(0, b);
            return b;
        }
    }
}
