package org.aspen.ee.api;

import java.util.Map;

/**
 * An active application. The jar's manifest names the implementing class ({@code Aa-Entry}); it
 * needs a public no-argument constructor.
 *
 * <pre>{@code
 * public final class Hello implements ActiveApplication {
 *     public void start(AaContext ctx, Map<String, String> params) {
 *         ctx.log().info("hello from {}", ctx.nodeName());
 *     }
 * }
 * }</pre>
 *
 * Lifecycle: {@link #start} once, then any number of handler calls, then {@link #stop} once (when
 * stopped by management, upgraded, or stopped by the EE for faults). After {@code stop} the EE has
 * already closed the AA's channels and cancelled its timers.
 */
public interface ActiveApplication {
    /**
     * Starts the AA. Open channels, register listeners and schedule timers here.
     *
     * @param params parameters from the boot configuration or the management command (empty when
     *               started on demand by a packet: read what you need from that packet)
     * @throws Exception to refuse to start; the EE logs it and the AA does not run
     */
    void start(AaContext ctx, Map<String, String> params) throws Exception;

    /**
     * Called once when the AA stops. Its channels, timers and listeners are already gone; it may
     * still log and send (packets, messages), but not open or schedule anything new.
     */
    default void stop() {
    }

    /**
     * A packet addressed to this node that carries this AA's spec (name, version, digest): the way
     * one AA starts or feeds another on a remote node. The packet is consumed by the AA.
     */
    default void onPacket(AaPacket packet) {
    }

    /** A message from another AA, on this node or on another node. */
    default void onMessage(AaMessage message) {
    }
}
