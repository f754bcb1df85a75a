package org.aspen.vnet.mgmt;

import java.util.List;

/**
 * A node daemon's {@code overlay} reply ({@code aspen routes}, {@code aspen neighbours}), in this
 * field order: the node, its routing ({@code static} or {@code link-state}), each link's neighbour
 * ({@link NeighbourReport}, as in {@code stats}) and its forwarding table with each route's age.
 *
 * <pre>{@code
 * OverlayReport o = ReportJson.MAPPER.treeToValue(control.call("overlay", Map.of()), OverlayReport.class);
 * o.routes().forEach(r -> System.out.println(r.destination() + " via " + r.nextHop()));
 * }</pre>
 */
public record OverlayReport(String node, String address, String routing, List<NeighbourReport> neighbours, List<Route> routes) {
    public OverlayReport {
        neighbours = neighbours == null ? List.of() : neighbours;
        routes = routes == null ? List.of() : routes;
    }

    /**
     * One route: destination prefix ({@code name}: the scenario's node there, for a host route; else
     * null), next hop (and its node name, or null), link, cost, origin ({@code static},
     * {@code connected}, {@code dynamic}), whether its link is up, and for how long (seconds) it has
     * been as it is.
     */
    public record Route(String destination, String name, String nextHop, String nextHopName, String link, int cost, String origin,
                        boolean linkUp, double ageSeconds) {
    }
}
