package org.aspen.rdp;

import java.util.Arrays;

/**
 * One decoded RDP segment. Mutable and reused only by its creator; {@link SegmentCodec} fills it.
 *
 * <pre>{@code
 * Segment s = Segment.data(srcPort, dstPort, seq, ack, bytes);
 * s.state = new SenderState(10.0, 64.0, SenderState.PHASE_SLOW_START, 20_000);
 * byte[] wire = SegmentCodec.encode(s, true);
 * }</pre>
 */
public final class Segment {
    public static final int SYN = 0x80;
    public static final int ACK = 0x40;
    public static final int EAK = 0x20;
    public static final int RST = 0x10;
    public static final int NUL = 0x08;
    /** Window-setting notification from a network AA (ACC). */
    public static final int NTF = 0x04;
    /** Congestion window reduced (RFC 3168), on the first new data segment after a reduction. */
    public static final int CWR = org.aspen.vnet.packet.RdpHeader.CWR;
    /** ECN echo: the receiver saw CE and has not yet seen CWR. */
    public static final int ECE = 0x01;

    public int flags;
    public int sourcePort;
    public int destinationPort;
    public int seq;
    public int ack;
    /** SYN options; null unless SYN. */
    public SynOptions syn;
    /** Sender state for routers; null when absent (carried on every data segment). */
    public SenderState state;
    /** Window-setting notification; null unless NTF. */
    public WindowNotification notification;
    /** Segment-size and pacing advice (ACC-ABCD); null when absent. */
    public RateAdvice advice;
    /** Extended acknowledgements (sequence numbers received out of order); empty unless EAK. */
    public int[] eacks = NO_EACKS;
    public byte[] data = NO_DATA;
    /** AntiECN echo: the data segment this acknowledgement answers arrived with the AECN bit. */
    public boolean aecnEcho;
    /** AntiECN path: the sender's SYN arrived with TTL == AECN-SYN TTL, and the sender echoes AECN bits. */
    public boolean aecnPath;
    /** From the VNet header, set by the stack on receipt (not encoded): the AECN bit. */
    public boolean aecnMarked;
    /** From the VNet header, set by the stack on receipt (not encoded): TTL == AECN-SYN TTL (non-zero). */
    public boolean aecnTtlIntact;
    /** ACNS echo (receiver to sender): the router command of the data it acknowledges, 0 none, 1 normal, 2 freeze, 3 fallback. */
    public int acnsEcho;
    /** From the VNet header, set by the stack on receipt (not encoded): the command the ACNS bits stand for (0 none, 1-3). */
    public int acnsMarked;
    /** Outgoing data (not encoded): the VNet header asks routers to set an ACNS command. */
    public boolean acnsRequest;
    public int dataOffset;
    public int dataLength;

    static final int[] NO_EACKS = new int[0];
    static final byte[] NO_DATA = new byte[0];

    public static Segment control(int flags, int sourcePort, int destinationPort, int seq, int ack) {
        Segment s = new Segment();
        s.flags = flags;
        s.sourcePort = sourcePort;
        s.destinationPort = destinationPort;
        s.seq = seq;
        s.ack = ack;
        return s;
    }

    public static Segment data(int sourcePort, int destinationPort, int seq, int ack, byte[] data) {
        Segment s = control(ACK, sourcePort, destinationPort, seq, ack);
        s.data = data;
        s.dataLength = data.length;
        return s;
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** A copy of the data bytes. */
    public byte[] dataCopy() {
        return Arrays.copyOfRange(data, dataOffset, dataOffset + dataLength);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendFlag(sb, SYN, "SYN");
        appendFlag(sb, ACK, "ACK");
        appendFlag(sb, EAK, "EAK");
        appendFlag(sb, RST, "RST");
        appendFlag(sb, NUL, "NUL");
        appendFlag(sb, NTF, "NTF");
        appendFlag(sb, CWR, "CWR");
        appendFlag(sb, ECE, "ECE");
        return sb + " " + sourcePort + ">" + destinationPort + " seq=" + Integer.toUnsignedString(seq)
                + " ack=" + Integer.toUnsignedString(ack) + " len=" + dataLength
                + (eacks.length > 0 ? " eacks=" + eacks.length : "");
    }

    private void appendFlag(StringBuilder sb, int flag, String name) {
        if (has(flag)) {
            sb.append(sb.length() == 0 ? "" : ",").append(name);
        }
    }
}
