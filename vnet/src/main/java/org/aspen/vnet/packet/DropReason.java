package org.aspen.vnet.packet;

/**
 * Why a node or link dropped a packet. Every drop is counted under one of these; none is an
 * exception that escapes the event loop.
 */
public enum DropReason {
    // decoding (a malformed frame never becomes a Packet)
    TRUNCATED("truncated"),
    OVERSIZED("oversized"),
    BAD_VERSION("bad-version"),
    BAD_LENGTH("bad-length"),
    BAD_CHECKSUM("bad-checksum"),
    BAD_AA_SPEC("bad-aa-spec"),
    // node
    UNKNOWN_PEER("unknown-peer"),
    TTL_EXCEEDED("ttl-exceeded"),
    NO_ROUTE("no-route"),
    NO_HANDLER("no-handler"),
    BAD_CONTROL("bad-control"),
    HANDLER_ERROR("handler-error"),
    LINK_DOWN("link-down"),
    /** Lost on a link whose wire is cut (a silent failure that only hellos reveal). */
    LINK_CUT("link-cut"),
    NODE_STOPPED("node-stopped"),
    // queues
    QUEUE_OVERFLOW("overflow"),
    QUEUE_EARLY("early"),
    QUEUE_FORCED("forced"),
    // policy (AAs, filters, impairments)
    FILTERED("filtered"),
    IMPAIRED("impaired"),
    // authenticated control (org.aspen.vnet.auth): a message of a protected kind that was
    AUTH_UNSIGNED("auth-unsigned"),   // not signed
    AUTH_FORGED("auth-forged"),       // signed with an unknown or unfit key, or its MAC does not match
    AUTH_REPLAYED("auth-replayed"),   // signed correctly, but its counter was seen before or is too old
    // reassembly of fragments at the destination (org.aspen.vnet.frag), counted once per discarded datagram
    FRAG_MALFORMED("frag-malformed"), // bad fragment header, bad offset, more than one end, past the end
    FRAG_OVERLAP("frag-overlap"),     // a fragment overlaps another one of its datagram (not an exact duplicate)
    FRAG_DUPLICATE("frag-duplicate"), // an exact duplicate of a fragment already held: only it is discarded
    FRAG_TIMEOUT("frag-timeout"),     // not complete within the reassembly timeout
    FRAG_OVERFLOW("frag-overflow"),   // evicted (oldest first) to keep reassembly within its memory bound
    // the real runtime's node input queue (opt-in; org.aspen.vnet.udp.InputQueue): full when the frame arrived
    INPUT_QUEUE("input-queue");

    public final String label;

    DropReason(String label) {
        this.label = label;
    }
}
