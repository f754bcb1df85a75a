package org.aspen.lab.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.aspen.vnet.packet.DropReason;

/**
 * What each drop reason in a run's summary means ({@code drops {node-stopped=12}}), in a sentence
 * or two: {@code aspen lab --explain REASON} prints it, and docs/scenarios.md ("Drop reasons")
 * holds the same table ({@code DropReasonsTest} keeps the two equal and every
 * {@link DropReason} explained).
 *
 * <pre>{@code
 * String why = DropReasons.explain("node-stopped");   // null for a reason that does not exist
 * }</pre>
 */
public final class DropReasons {
    private static final Map<String, String> TEXT = texts();

    private DropReasons() {
    }

    /** The explanation of the reason labelled {@code label} (as a summary writes it), or null. */
    public static String explain(String label) {
        return TEXT.get(label);
    }

    /** Every reason's label and explanation, in {@link DropReason} order. */
    public static Map<String, String> all() {
        return TEXT;
    }

    /** The labels, comma-separated, for an error naming what exists. */
    public static String labels() {
        return TEXT.keySet().stream().collect(Collectors.joining(", "));
    }

    private static Map<String, String> texts() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("truncated", "A frame shorter than a VNet header: cut short on the way, or not a VNet frame at all.");
        m.put("oversized", "A frame longer than the receiving node's largest frame (`maxFrame`).");
        m.put("bad-version", "A frame whose header names a VNet version this node does not speak.");
        m.put("bad-length", "The header's length field disagrees with the frame's size.");
        m.put("bad-checksum", "The header's checksum does not match: the frame was corrupted on the way.");
        m.put("bad-aa-spec", "The frame's AA specification (the header part that names the AA to run) does not decode.");
        m.put("unknown-peer", "A datagram from a UDP address that is no link's peer: a stray sender, or a neighbour whose `udp` in the file is not the address it sends from.");
        m.put("ttl-exceeded", "The packet's TTL ran out on the way: a loop while routes settle, or a path longer than its TTL. The sender gets a TTL-exceeded message.");
        m.put("no-route", "The node had no route toward the destination: routing has not converged yet, the destination is cut off (links down, node stopped), or the address is nobody's.");
        m.put("no-handler", "The packet reached its destination, but nothing there handles its protocol (no RDP stack, no AA registered for it).");
        m.put("bad-control", "A control message (hello, advert, acknowledgement, echo, error) that does not decode.");
        m.put("handler-error", "Code handling the packet (an AA, a protocol handler, a queue's listener) threw; the node counted it and went on.");
        m.put("link-down", "Sent on, or still queued on, a link switched off (administratively down, not a cut wire).");
        m.put("link-cut", "Lost on a link whose wire is cut (a scenario event's `down:`): a silent failure that only missing hellos reveal.");
        m.put("node-stopped", "The node had stopped (an event's `stop:`, or the end of the run): what it was sent, was sending, or still held in its queues. At the end of a run, the packets still in flight are counted here.");
        m.put("overflow", "The link's output queue was full (its `buffer`).");
        m.put("early", "An active queue (RED and its kin) dropped it early, at random, as its average length grew.");
        m.put("forced", "An active queue dropped it because its average length was above the maximum threshold.");
        m.put("filtered", "An AA or a filter chose to discard it (an ACC filter, an AA's handler, an AA start that was refused).");
        m.put("impaired", "Flakeway's rules dropped it on purpose (its `loss`).");
        m.put("auth-unsigned", "A message of a protected kind (`auth:`) came without a signature.");
        m.put("auth-forged", "A protected message signed with an unknown or unfit key, or whose MAC does not match.");
        m.put("auth-replayed", "A protected message signed correctly but whose counter was seen before or is too old: a replay.");
        m.put("frag-malformed", "A fragment with a bad header or offset, more than one last fragment, or data past the end: its datagram is discarded.");
        m.put("frag-overlap", "A fragment overlapping another of its datagram (not an exact copy): its datagram is discarded.");
        m.put("frag-duplicate", "An exact copy of a fragment already held: only the copy is discarded.");
        m.put("frag-timeout", "A datagram whose fragments did not all arrive within the reassembly timeout.");
        m.put("frag-overflow", "A datagram evicted, oldest first, to keep reassembly within its memory bound.");
        m.put("input-queue", "The node's input queue (real runtime, its `inputQueue`) held its limit when the frame arrived: the node fell behind what it received (ASP's congestion detection; the node's congestion listeners hear it).");
        return java.util.Collections.unmodifiableMap(m);
    }
}
