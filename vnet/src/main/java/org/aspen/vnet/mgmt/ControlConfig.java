package org.aspen.vnet.mgmt;

import java.net.InetSocketAddress;

/**
 * Settings of a node's control endpoint.
 *
 * <pre>{@code
 * ControlConfig.loopback(7100);                                        // 127.0.0.1:7100, no token
 * new ControlConfig(new InetSocketAddress("0.0.0.0", 7100), secret, false, 65_536);  // token required
 * }</pre>
 *
 * @param bind          TCP address to listen on (port 0: ephemeral)
 * @param token         shared secret; when set, every request must carry it (null: no token)
 * @param requireToken  refuse to run without a token even on a loopback address (a non-loopback
 *                      bind always refuses: anyone on the network could otherwise reconfigure the node)
 * @param maxLineBytes  longest request line accepted; longer ones are discarded with an error reply
 */
public record ControlConfig(InetSocketAddress bind, String token, boolean requireToken, int maxLineBytes) {
    public static final int DEFAULT_MAX_LINE = 64 * 1024;

    public ControlConfig {
        if (bind == null) {
            throw new IllegalArgumentException("control bind address is missing");
        }
        if (bind.isUnresolved()) {
            throw new IllegalArgumentException("control bind host cannot be resolved: " + bind.getHostString());
        }
        if (maxLineBytes < 256) {
            throw new IllegalArgumentException("control maxLineBytes must be at least 256");
        }
        if (token != null && token.isBlank()) {
            throw new IllegalArgumentException("control token must not be blank");
        }
        if (token == null && (requireToken || !bind.getAddress().isLoopbackAddress())) {
            throw new IllegalArgumentException("control endpoint on " + bind.getHostString() + ":" + bind.getPort()
                    + " must have a token (it is reachable from other hosts)");
        }
    }

    public static ControlConfig loopback(int port) {
        return new ControlConfig(new InetSocketAddress("127.0.0.1", port), null, false, DEFAULT_MAX_LINE);
    }

    /** True when every request must carry the token. */
    public boolean tokenRequired() {
        return token != null;
    }
}
