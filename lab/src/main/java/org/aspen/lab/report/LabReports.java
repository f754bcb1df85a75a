package org.aspen.lab.report;

import java.util.Map;
import org.aspen.ee.EeReport;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.vnet.auth.AuthCounts;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeCounts;
import org.aspen.vnet.udp.UdpCounters;

/**
 * Builds the parts of a {@link LabReport} that come from live objects; call after the run stopped
 * (or on the node's loop).
 *
 * <pre>{@code
 * NodeReport r = LabReports.node(node, flakeway.show(), udpCounters, ee);
 * }</pre>
 */
public final class LabReports {
    private LabReports() {
    }

    /**
     * Node {@code n}'s report: its counters; its auth counters when it authenticates; {@code flakeway}
     * (its rules, null: none); its input queue when {@code udp} has one; its EE's AAs when any ran.
     */
    public static NodeReport node(Node n, Map<String, Object> flakeway, UdpCounters udp, ExecutionEnvironment ee) {
        NodeCounts c = n.counters().counts();
        AuthCounts auth = n.auth() instanceof org.aspen.vnet.auth.NodeAuth a ? a.counts() : null;
        NodeReport.InputQueue q = udp != null && udp.inputQueueLimit > 0   // only with an input queue: other reports keep their shape
                ? new NodeReport.InputQueue(udp.inputQueueLimit, udp.inputQueueDrops, udp.inputQueuePeak) : null;
        EeReport e = ee == null || ee.instances().isEmpty() ? null : ee.aaStats();
        return new NodeReport(c.received(), c.forwarded(), c.delivered(), c.originated(), c.intercepted(), c.reinjected(),
                c.drops(), auth, flakeway, q, e);
    }
}
