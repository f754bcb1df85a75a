package org.aspen.ee.api;

/**
 * Values of the VNet header's protocol field (the same numbers as the node's, repeated here so AAs
 * need no node classes), and which traffic travels under each: a diversion that matches one
 * protocol sees only that traffic.
 *
 * <pre>{@code
 * Match.builder().protocol(Protocols.RDP).build();
 * }</pre>
 *
 * <table>
 * <caption>What each protocol carries</caption>
 * <tr><th>protocol</th><th>traffic</th></tr>
 * <tr><td>{@link #CONTROL}</td><td>routing's hellos and link-state adverts, error reports (unreachable,
 *     TTL exceeded), and echo requests and replies: {@code aspen ping}, {@code aspen trace}, a lab's
 *     {@code pings} and the test harness's {@code ping}. A diversion on {@link #RAW} does not see pings.</td></tr>
 * <tr><td>{@link #RDP}</td><td>reliable streams: {@code aspen send}/{@code recv}, a lab's {@code flows} and
 *     {@code transfers}, the harness's {@code transfer}, and AA code fetched between EEs (port 70)</td></tr>
 * <tr><td>{@link #RAW}</td><td>datagrams: a lab's {@code cross} traffic (on/off and constant-rate sources),
 *     the harness's {@code sendRaw}, and most packets AAs build and send ({@code ctx.send}), e.g. ACC's
 *     filter requests (raw, with an AA spec naming the filter AA). An AA may send any protocol it builds.</td></tr>
 * <tr><td>{@link #AA_MESSAGE}</td><td>messages from an AA to an AA on another node ({@code ctx.sendMessage}),
 *     delivered to that AA's message handler</td></tr>
 * <tr><td>{@link #FRAGMENT}</td><td>pieces of any of the above that a router split for a smaller link;
 *     reassembled at the destination node, so a diversion sees whole packets only there</td></tr>
 * </table>
 */
public final class Protocols {
    /** VNet control: hellos, link-state adverts, error reports, echo requests and replies (pings, traces). */
    public static final int CONTROL = 0;
    /** RDP segments: reliable streams ({@code aspen send}, lab flows and transfers, code fetches). */
    public static final int RDP = 1;
    /** Raw datagrams: lab cross traffic, the harness's {@code sendRaw}, AAs' raw channels. */
    public static final int RAW = 2;
    /** EE messages between AAs on different nodes. */
    public static final int AA_MESSAGE = 3;
    /** A fragment of a larger packet, split by a router (docs/wire-format.md "Fragments"). */
    public static final int FRAGMENT = 4;

    private Protocols() {
    }
}
