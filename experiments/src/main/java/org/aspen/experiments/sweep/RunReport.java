package org.aspen.experiments.sweep;

import java.util.List;
import java.util.Map;
import org.aspen.lab.report.CrossReport;
import org.aspen.lab.report.LabReport;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.NodeReport;
import org.aspen.lab.report.TransferReport;
import org.aspen.vnet.link.LinkCounts;

/**
 * The parts of a lab run's report ({@link LabReport}) that experiments read: each bulk flow's
 * transfer figures, the cross traffic, every link end's counters and the AAs on each node. Taken
 * from the report's records by their accessors; what a report leaves out (a sender that did not
 * finish, a node without an input queue or AAs) reads as 0, empty or null.
 *
 * <pre>{@code
 * RunReport r = RunReport.of(LabRunner.run(scenario, options));
 * double kbps = r.transfers().get(0).goodputBps() / 1e3;
 * long drops = r.link("r2-r3@r2").congestionDrops();
 * long notified = r.aaMetric("r2", "notificationsSent");
 * }</pre>
 */
public record RunReport(double durationSeconds, double wallSeconds, String traceHash, List<Transfer> transfers,
                        List<CrossReport> cross, Map<String, LinkCounts> links, Map<String, NodeReport> nodes) {
    private static final NodeReport.InputQueue NO_INPUT_QUEUE = new NodeReport.InputQueue(0, 0, 0);

    public RunReport {
        transfers = transfers == null ? List.of() : transfers;
        cross = cross == null ? List.of() : cross;
        links = links == null ? Map.of() : links;
        nodes = nodes == null ? Map.of() : nodes;
    }

    public static RunReport of(LabResult r) {
        return of(r.report());
    }

    public static RunReport of(LabReport r) {
        Map<String, LinkCounts> links = new java.util.LinkedHashMap<>();
        r.links().forEach((k, v) -> links.put(k, v.counters()));
        return new RunReport(r.durationSeconds(), r.wallSeconds(), r.traceHash(), r.transfers().stream().map(Transfer::of).toList(),
                r.crossOrEmpty(), links, r.nodes());
    }

    /** A link end's counters by {@code link@node}, e.g. {@code r2-r3@r2}. */
    public LinkCounts link(String linkAtNode) {
        LinkCounts l = links.get(linkAtNode);
        if (l == null) {
            throw new IllegalArgumentException("no link end '" + linkAtNode + "' in the report (" + links.keySet() + ")");
        }
        return l;
    }

    /** The sum of an AA metric over the AAs on {@code node} that report it (0 when none does). */
    public long aaMetric(String node, String metric) {
        NodeReport n = nodes.get(node);
        return n == null ? 0 : n.aaMetric(metric);
    }

    /** The state ({@code running}, {@code stopped}, ...) of the AA named {@code name} on {@code node}, or null when none ran. */
    public String aaState(String node, String name) {
        NodeReport n = nodes.get(node);
        return n == null ? null : n.aaState(name);
    }

    /** {@code node}'s input queue ({@code limit}, {@code drops}, {@code peak}); all 0 when the node has none. */
    public NodeReport.InputQueue inputQueue(String node) {
        NodeReport n = nodes.get(node);
        return n == null || n.inputQueue() == null ? NO_INPUT_QUEUE : n.inputQueue();
    }

    /**
     * One transfer or bulk flow, a sender that did not finish reading as 0; {@code closesByCause} and
     * {@code meanCloseMagnitudeByCause} by {@code CloseCause} name.
     */
    public record Transfer(String name, double goodputBps, double seconds, long retransmissions, long windowCloses,
                           double closesPerSecond, double meanCloseMagnitude, Map<String, Long> closesByCause,
                           Map<String, Double> meanCloseMagnitudeByCause) {
        public Transfer {
            closesByCause = closesByCause == null ? Map.of() : closesByCause;
            meanCloseMagnitudeByCause = meanCloseMagnitudeByCause == null ? Map.of() : meanCloseMagnitudeByCause;
        }

        static Transfer of(TransferReport t) {
            return new Transfer(t.name(), zero(t.goodputBps()), zero(t.seconds()), zero(t.retransmissions()),
                    zero(t.windowCloses()), zero(t.closesPerSecond()), zero(t.meanCloseMagnitude()), t.closesByCause(),
                    t.meanCloseMagnitudeByCause());
        }

        private static double zero(Double d) {
            return d == null ? 0 : d;
        }

        private static long zero(Long n) {
            return n == null ? 0 : n;
        }

        /** Mean window reduction (packets) of the closes of one cause; 0 when there were none. */
        public double meanCloseMagnitude(String cause) {
            Double m = meanCloseMagnitudeByCause.get(cause);
            return m == null ? 0 : m;
        }

        /** Window closes of one cause ({@code TIMEOUT}, {@code NOTIFICATION}, ...). */
        public long closes(String cause) {
            Long n = closesByCause.get(cause);
            return n == null ? 0 : n;
        }
    }
}
