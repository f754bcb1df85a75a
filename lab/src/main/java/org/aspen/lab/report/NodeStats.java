package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.aspen.ee.EeReport;
import org.aspen.rdp.RdpStackReport;
import org.aspen.vnet.auth.AuthCounts;
import org.aspen.vnet.control.ControlCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.mgmt.RouteTableReport;
import org.aspen.vnet.node.NodeCounts;
import org.aspen.vnet.udp.UdpCounts;

/**
 * A node's {@code stats} reply (docs/real-runtime.md) read as records: the node, its clock, its
 * counters, then the sections its control endpoint was given, in name order, then its links. Each
 * section is the record its producer builds: {@code auth} ({@link AuthCounts}, only when the node
 * authenticates), {@code build}, {@code control} ({@link ControlCounts}), {@code ee}
 * ({@link EeReport}), {@code neighbours} ({@link NeighbourReport}), {@code rdp}
 * ({@link RdpStackReport}), {@code routeTable} ({@link RouteTableReport}), {@code udp}
 * ({@link UdpCounts}); a section the node did not send (an older node, a node without an EE) is
 * null, and a section this build does not know is skipped. Written by {@link ReportJson} it is the
 * reply's own text.
 *
 * <pre>{@code
 * NodeStats s = NodeStats.of(control.call("stats", Map.of(), timeout));   // or NodeStats.of(controlServer.stats())
 * long spf = s.control().routing() == null ? 0 : s.control().routing().spfRuns();
 * }</pre>
 */
public record NodeStats(String node, String address, long nowNanos, NodeCounts counters,
                        @JsonInclude(JsonInclude.Include.NON_NULL) AuthCounts auth,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Build build,
                        @JsonInclude(JsonInclude.Include.NON_NULL) ControlCounts control,
                        @JsonInclude(JsonInclude.Include.NON_NULL) EeReport ee,
                        @JsonInclude(JsonInclude.Include.NON_NULL) List<NeighbourReport> neighbours,
                        @JsonInclude(JsonInclude.Include.NON_NULL) RdpStackReport rdp,
                        @JsonInclude(JsonInclude.Include.NON_NULL) RouteTableReport routeTable,
                        @JsonInclude(JsonInclude.Include.NON_NULL) UdpCounts udp,
                        List<LinkReport> links) {
    public NodeStats {
        links = links == null ? List.of() : links;
    }

    /** The {@code build} section: the Aspen version and git commit the node runs ({@code unknown} when not stamped). */
    public record Build(String version, String commit) {
    }

    /** The reply as a node's client received it. */
    public static NodeStats of(JsonNode reply) {
        try {
            return ReportJson.MAPPER.treeToValue(reply, NodeStats.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the node's stats reply is malformed: " + e.getOriginalMessage(), e);
        }
    }

    /** The reply as the node's control endpoint builds it ({@code ControlServer.stats()}, sections as their records). */
    public static NodeStats of(Map<String, Object> reply) {
        try {
            return ReportJson.MAPPER.convertValue(reply, NodeStats.class);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the node's stats are malformed: " + e.getMessage(), e);
        }
    }
}
