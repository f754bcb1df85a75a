package org.aspen.lab.scenario;

import org.aspen.vnet.VAddr;

/**
 * A static route's {@code to}: a node name, an address or a prefix {@code a.b.c.d/len}, as the
 * {@code length} leading bits of {@code addr}.
 *
 * <pre>{@code
 * Destination d = Destination.of(scenario, "10.0.1.0/24");   // 10.0.1.0, 24
 * Destination c = Destination.of(scenario, "c");             // node c's address, 32
 * }</pre>
 */
public record Destination(VAddr addr, int length) {
    /** Reads {@code to}; throws IllegalArgumentException naming the problem. */
    public static Destination of(Scenario s, String to) {
        Scenario.NodeSpec n = s.node(to);
        if (n != null) {
            return new Destination(VAddr.parse(n.address()), 32);
        }
        int slash = to.indexOf('/');
        if (slash < 0) {
            return new Destination(VAddr.parse(to), 32);
        }
        int len;
        try {
            len = Integer.parseInt(to.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + to + "': prefix length is not a number");
        }
        if (len < 0 || len > 32) {
            throw new IllegalArgumentException("'" + to + "': prefix length must be 0-32");
        }
        return new Destination(VAddr.parse(to.substring(0, slash)), len);
    }
}
