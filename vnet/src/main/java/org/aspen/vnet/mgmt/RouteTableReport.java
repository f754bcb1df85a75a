package org.aspen.vnet.mgmt;

/**
 * The size of a node's forwarding table: the {@code routeTable} section of a node daemon's
 * {@code stats} reply (static, connected and dynamic routes).
 *
 * <pre>{@code
 * RouteTableReport t = new RouteTableReport(node.routes().all().size());
 * }</pre>
 */
public record RouteTableReport(int size) {
}
