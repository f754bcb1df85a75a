package org.aspen.vnet.routing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.vnet.VAddr;

/**
 * A node's forwarding table: static routes (from configuration) win over dynamic ones (from the
 * routing protocol) for the same destination; among prefixes the longest match wins.
 *
 * <pre>{@code
 * table.addStatic(Route.host(VAddr.parse("10.0.0.3"), linkToB, bAddr, 1, Route.Origin.STATIC));
 * Route r = table.lookup(dest);   // null: unreachable
 * }</pre>
 *
 * Host routes (/32), the common case in VNet, are found with one probe of an int-keyed table.
 */
public final class RouteTable {
    private final HostRoutes staticHosts = new HostRoutes();
    private final HostRoutes dynamicHosts = new HostRoutes();
    private final List<Route> staticPrefixes = new ArrayList<>();
    private long version;

    public Route lookup(VAddr dest) {
        return lookup(dest.value());
    }

    public Route lookup(int dest) {
        Route r = staticHosts.get(dest);
        if (r != null && r.link().isUp()) {
            return r;
        }
        r = dynamicHosts.get(dest);
        if (r != null) {
            return r;
        }
        for (Route p : staticPrefixes) {
            if (p.matches(dest) && p.link().isUp()) {
                return p;
            }
        }
        return null;
    }

    public void addStatic(Route r) {
        if (r.length() == 32) {
            staticHosts.put(r.prefix().value(), r);
        } else {
            staticPrefixes.removeIf(p -> p.prefix().equals(r.prefix()) && p.length() == r.length());
            staticPrefixes.add(r);
            staticPrefixes.sort(Comparator.comparingInt(Route::length).reversed());
        }
        version++;
    }

    /** Replaces every dynamic route at once (the routing protocol's result). */
    public void replaceDynamic(Map<VAddr, Route> routes) {
        dynamicHosts.clear();
        routes.forEach((k, v) -> dynamicHosts.put(k.value(), v));
        version++;
    }

    /** Bumped on every change, so observers can tell the table moved. */
    public long version() {
        return version;
    }

    /** All routes in a stable order (static first, then by destination). */
    public List<Route> all() {
        List<Route> out = new ArrayList<>(new TreeMap<>(toVAddrMap(staticHosts)).values());
        out.addAll(staticPrefixes);
        out.addAll(new TreeMap<>(toVAddrMap(dynamicHosts)).values());
        return out;
    }

    private static Map<VAddr, Route> toVAddrMap(HostRoutes m) {
        Map<VAddr, Route> r = new HashMap<>();
        m.forEach(r::put);
        return r;
    }
}
