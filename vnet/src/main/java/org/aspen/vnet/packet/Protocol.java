package org.aspen.vnet.packet;

/** Values of the VNet header's protocol field. */
public final class Protocol {
    /** VNet control: hellos, link-state adverts, echo, errors. See {@code docs/wire-format.md}. */
    public static final int CONTROL = 0;
    /** RDP segments (RFC 908 / 1151 on VNet addresses). */
    public static final int RDP = 1;
    /** Raw datagrams for AAs and applications, with a 16-bit port pair at the start of the payload. */
    public static final int RAW = 2;
    /** EE messages between AAs on different nodes. */
    public static final int AA_MESSAGE = 3;
    /** A fragment of a larger packet, split by a router and reassembled at the destination node ({@code org.aspen.vnet.frag}). */
    public static final int FRAGMENT = 4;

    private Protocol() {
    }

    public static String name(int p) {
        return switch (p) {
            case CONTROL -> "control";
            case RDP -> "rdp";
            case RAW -> "raw";
            case AA_MESSAGE -> "aa-message";
            case FRAGMENT -> "fragment";
            default -> "proto-" + p;
        };
    }
}
