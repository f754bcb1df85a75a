package org.aspen.vnet.mgmt;

/**
 * One link's neighbour as a node daemon's routing sees it: the {@code neighbours} section of its
 * {@code stats} reply and of its {@code overlay} reply ({@code aspen neighbours}), in this field
 * order. {@code state} is {@code up} (hellos heard both ways within the dead interval), {@code init}
 * (heard, not yet two-way) or {@code down} (with static routing, the link's state);
 * {@code address} is null when the link has no peer address, {@code name} when the scenario names no
 * node there, {@code lastHelloSecondsAgo} when no hello was heard or routing is {@code static}.
 *
 * <pre>{@code
 * NeighbourReport n = new NeighbourReport("a-b", "10.0.0.2", "b", "up", 0.125, "link-state");
 * boolean up = n.isUp();
 * }</pre>
 */
public record NeighbourReport(String link, String address, String name, String state, Double lastHelloSecondsAgo,
                              String routing) {
    /** True in state {@code up}. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isUp() {
        return "up".equals(state);
    }

    /** The neighbour's node name, else its address, else null. */
    public String who() {
        return name != null ? name : address;
    }
}
