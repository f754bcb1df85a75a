package org.aspen.vnet.routing;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;

/**
 * One route: packets for {@code prefix/length} leave through {@code link} toward {@code nextHop}.
 *
 * @param origin where the route came from: configuration, the routing protocol, or a neighbour
 */
public record Route(VAddr prefix, int length, Link link, VAddr nextHop, int metric, Origin origin) {
    public enum Origin { STATIC, DYNAMIC }

    public Route {
        if (length < 0 || length > 32) {
            throw new IllegalArgumentException("prefix length must be 0-32: " + length);
        }
    }

    public static Route host(VAddr dest, Link link, VAddr nextHop, int metric, Origin origin) {
        return new Route(dest, 32, link, nextHop, metric, origin);
    }

    public boolean matches(int addr) {
        if (length == 0) {
            return true;
        }
        int mask = -1 << (32 - length);
        return (addr & mask) == (prefix.value() & mask);
    }

    @Override
    public String toString() {
        return prefix + "/" + length + " via " + nextHop + " dev " + link.name() + " metric " + metric + " " + origin.name().toLowerCase();
    }
}
