package org.aspen.vnet.routing;

import org.aspen.vnet.link.Link;

/**
 * A dynamic routing protocol plugged into a node. It learns neighbours and paths over VNet
 * control packets and keeps the node's {@link RouteTable} dynamic routes current.
 */
public interface RoutingProtocol {
    void start();

    void stop();

    /** A link was added to the node after start. */
    void linkAdded(Link link);

    /** A link was administratively taken down or brought back up. */
    void linkStateChanged(Link link);
}
