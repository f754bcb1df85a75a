package org.aspen.vnet.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back what {@link PcapngWriter} writes (little-endian sections; SHB, IDB and EPB; other
 * blocks are skipped): for tests and for checking a capture file (test scope since issue 32: in
 * test-support, which vnet's tests compile from source and other modules take in test scope; no
 * product code reads pcapng). Malformed input is an
 * {@link IllegalArgumentException} naming the offset.
 *
 * <pre>{@code
 * PcapngReader.Capture c = PcapngReader.read(Files.readAllBytes(file));
 * c.packets().forEach(p -> System.out.println(c.interfaces().get(p.iface()).name() + " " + p.comment()));
 * }</pre>
 */
public final class PcapngReader {
    public record Iface(int linkType, String name, String description, int tsresol) {
    }

    public record Pkt(int iface, long nanos, byte[] data, int direction, String comment) {
    }

    public record Capture(String application, List<Iface> interfaces, List<Pkt> packets) {
    }

    private PcapngReader() {
    }

    public static Capture read(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        String app = null;
        List<Iface> ifaces = new ArrayList<>();
        List<Pkt> pkts = new ArrayList<>();
        while (b.remaining() > 0) {
            int start = b.position();
            require(b.remaining() >= 12, start, "truncated block header");
            int type = b.getInt(start);
            int len = b.getInt(start + 4);
            require(len >= 12 && len % 4 == 0 && len <= b.remaining(), start, "bad block length " + len);
            require(b.getInt(start + len - 4) == len, start, "trailing block length differs");
            int body = start + 8;
            int end = start + len - 4;
            switch (type) {
                case PcapngWriter.BT_SHB -> {
                    require(b.getInt(body) == PcapngWriter.BYTE_ORDER_MAGIC, start, "not a little-endian section");
                    app = options(b, body + 16, end).get(PcapngWriter.SHB_USERAPPL);
                }
                case PcapngWriter.BT_IDB -> {
                    Map<Integer, String> o = options(b, body + 8, end);
                    String res = o.get(PcapngWriter.IF_TSRESOL);
                    ifaces.add(new Iface(b.getShort(body) & 0xffff, o.get(PcapngWriter.IF_NAME),
                            o.get(PcapngWriter.IF_DESCRIPTION), res == null ? 6 : res.charAt(0)));
                }
                case PcapngWriter.BT_EPB -> {
                    int iface = b.getInt(body);
                    require(iface < ifaces.size(), start, "packet on undeclared interface " + iface);
                    long ts = ((long) b.getInt(body + 4) << 32) | (b.getInt(body + 8) & 0xffffffffL);
                    int caplen = b.getInt(body + 12);
                    require(caplen >= 0 && body + 20 + caplen <= end, start, "captured length beyond block");
                    byte[] data = new byte[caplen];
                    b.get(body + 20, data);
                    Map<Integer, String> o = options(b, body + 20 + PcapngWriter.pad4(caplen), end);
                    String flags = o.get(PcapngWriter.EPB_FLAGS);
                    int dir = flags == null ? 0 : flags.charAt(0) & 3;
                    pkts.add(new Pkt(iface, ts, data, dir, o.get(PcapngWriter.OPT_COMMENT)));
                }
                default -> { }
            }
            b.position(start + len);
        }
        return new Capture(app, ifaces, pkts);
    }

    /** Options as code -> value (ISO-8859-1 for binary values so every byte survives as one char; UTF-8 for text). */
    private static Map<Integer, String> options(ByteBuffer b, int at, int end) {
        Map<Integer, String> m = new LinkedHashMap<>();
        while (at + 4 <= end) {
            int code = b.getShort(at) & 0xffff;
            int len = b.getShort(at + 2) & 0xffff;
            if (code == PcapngWriter.OPT_END) {
                break;
            }
            require(at + 4 + len <= end, at, "option " + code + " beyond block");
            byte[] v = new byte[len];
            b.get(at + 4, v);
            boolean text = code == PcapngWriter.OPT_COMMENT || code == PcapngWriter.IF_NAME
                    || code == PcapngWriter.IF_DESCRIPTION || code == PcapngWriter.SHB_USERAPPL;
            m.put(code, new String(v, text ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1));
            at += 4 + PcapngWriter.pad4(len);
        }
        return m;
    }

    private static void require(boolean ok, int offset, String what) {
        if (!ok) {
            throw new IllegalArgumentException("pcapng at byte " + offset + ": " + what);
        }
    }
}
