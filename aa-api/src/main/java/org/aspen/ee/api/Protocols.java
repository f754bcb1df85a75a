package org.aspen.ee.api;

/**
 * Values of the VNet header's protocol field (the same numbers as the node's, repeated here so AAs
 * need no node classes).
 *
 * <pre>{@code
 * Match.builder().protocol(Protocols.RDP).build();
 * }</pre>
 */
public final class Protocols {
    /** VNet control (hellos, link-state adverts, errors). */
    public static final int CONTROL = 0;
    /** RDP segments. */
    public static final int RDP = 1;
    /** Raw datagrams. */
    public static final int RAW = 2;
    /** EE messages between AAs on different nodes. */
    public static final int AA_MESSAGE = 3;
    /** A fragment of a larger packet, split by a router (docs/wire-format.md "Fragments"). */
    public static final int FRAGMENT = 4;

    private Protocols() {
    }
}
