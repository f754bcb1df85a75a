package org.aspen.acc.aa;

import java.nio.ByteBuffer;
import java.nio.BufferUnderflowException;
import org.aspen.ee.api.Address;

/**
 * What a monitor asks a filter AA to do: the payload of the packet that starts (or reaches) the
 * filter AA upstream. Fixed 48 bytes, big-endian, documented field by field in {@code docs/acc.md}.
 *
 * <pre>{@code
 * byte[] wire = request.encode();
 * FilterRequest back = FilterRequest.decode(wire);   // null when malformed
 * }</pre>
 *
 * <pre>
 *  0 u8  version (1)            1 u8 carried phase (0 slow start, 1 avoidance, 2 recovery)
 *  2 u16 flags: bit 0 set = delete every later segment until the sender reacts (delete count a cap);
 *        clear = delete the numbered range dropped + 1 .. dropped + delete count; other bits 0
 *  4 u32 sender address         8 u16 sender port     10 u16 receiver port   12 u32 receiver address
 * 16 u32 carried cwnd 16.16    20 u32 carried ssthresh 16.16
 * 24 u32 notified cwnd 16.16   28 u32 notified ssthresh 16.16
 * 32 u16 delete count          34 u16 reserved       36 u32 lifetime ms     40 u32 dropped sequence
 * 44 u32 monitor node address
 * </pre>
 *
 * @param lifetimeMillis the filter ends on its own after this long
 * @param monitor        the node whose monitor asked (for logs and counters)
 * @param untilReaction  the paper's rule ({@link AccConfig.Deletion#UNTIL_REACTION}) rather than the range
 */
public record FilterRequest(ConnKey conn, int carriedPhase, double carriedCwnd, double carriedSsthresh,
                            double newCwnd, double newSsthresh, int deleteCount, long lifetimeMillis,
                            int droppedSeq, Address monitor, boolean untilReaction) {
    public static final int VERSION = 1;
    public static final int LENGTH = 48;
    static final int FLAG_UNTIL_REACTION = 1;

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(LENGTH);
        b.put((byte) VERSION).put((byte) carriedPhase).putShort((short) (untilReaction ? FLAG_UNTIL_REACTION : 0));
        b.putInt(conn.source().value()).putShort((short) conn.sourcePort()).putShort((short) conn.destinationPort())
                .putInt(conn.destination().value());
        b.putInt(fixed(carriedCwnd)).putInt(fixed(carriedSsthresh)).putInt(fixed(newCwnd)).putInt(fixed(newSsthresh));
        b.putShort((short) deleteCount).putShort((short) 0).putInt((int) Math.min(0xffffffffL, lifetimeMillis));
        b.putInt(droppedSeq).putInt(monitor.value());
        return b.array();
    }

    /** The request in {@code wire}, or null when it is not a sound version-1 request. */
    public static FilterRequest decode(byte[] wire) {
        if (wire.length != LENGTH || wire[0] != VERSION) {
            return null;
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(wire);
            b.position(1);
            int phase = b.get() & 0xff;
            int flags = b.getShort() & 0xffff;
            Address src = Address.of(b.getInt());
            int sport = b.getShort() & 0xffff;
            int dport = b.getShort() & 0xffff;
            Address dst = Address.of(b.getInt());
            double cc = unfixed(b.getInt());
            double cs = unfixed(b.getInt());
            double nc = unfixed(b.getInt());
            double ns = unfixed(b.getInt());
            int delete = b.getShort() & 0xffff;
            b.getShort();
            long life = b.getInt() & 0xffffffffL;
            int seq = b.getInt();
            Address mon = Address.of(b.getInt());
            if (phase > 2 || !(nc >= 1) || life == 0 || (flags & ~FLAG_UNTIL_REACTION) != 0) {
                return null;
            }
            return new FilterRequest(new ConnKey(src, sport, dst, dport), phase, cc, cs, nc, ns, delete, life, seq, mon,
                    (flags & FLAG_UNTIL_REACTION) != 0);
        } catch (BufferUnderflowException e) {
            return null;
        }
    }

    private static int fixed(double packets) {
        return (int) Math.min(0xffffffffL, Math.round(Math.max(0, packets) * 65536.0));
    }

    private static double unfixed(int v) {
        return (v & 0xffffffffL) / 65536.0;
    }
}
