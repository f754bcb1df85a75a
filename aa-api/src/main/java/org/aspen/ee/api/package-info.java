/**
 * The AA API: the only Aspen classes an active application (AA) compiles against and can see at
 * run time (its class loader sees this package and the JDK, nothing else, except the rdp module's
 * segment codec classes that network AAs such as ACC read RDP headers with: {@code SegmentCodec},
 * {@code Segment}, {@code SenderState}, {@code WindowNotification}, {@code SynOptions}, {@code RdpDrop}).
 *
 * <pre>{@code
 * public final class Counter implements ActiveApplication {
 *     private DiversionChannel ch;
 *     public void start(AaContext ctx, Map<String, String> params) {
 *         ch = ctx.divert(Match.builder().protocol(Protocols.RDP).build(), (c, p) -> { count(p); c.reinject(p); });
 *     }
 * }
 * }</pre>
 *
 * Every callback (packet, message, timer, congestion) runs on the node's single event loop, one at
 * a time, under the EE's fault isolation: an exception is caught and counted, and an AA that keeps
 * failing or overruns its time budget is stopped, never the node. Handlers must not block.
 */
package org.aspen.ee.api;
