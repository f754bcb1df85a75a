package org.aspen.experiments.sweep;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.aspen.lab.report.LabResult;

/**
 * The parts of a lab run's report that experiments read, as typed records: each bulk flow's
 * transfer report, the cross traffic, every link end and the AAs on each node. Read from
 * {@link LabResult#toJson()}, so the names are the report's ({@code docs/scenarios.md}); what a
 * report leaves out reads as 0, empty or null.
 *
 * <pre>{@code
 * RunReport r = RunReport.of(LabRunner.run(scenario, options));
 * double kbps = r.transfers().get(0).goodputBps() / 1e3;
 * long drops = r.link("r2-r3@r2").congestionDrops();
 * long notified = r.aaMetric("r2", "notificationsSent");
 * }</pre>
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunReport(double durationSeconds, double wallSeconds, String traceHash, List<Transfer> transfers,
                        List<Cross> cross, Map<String, LinkEnd> links, Map<String, NodeReport> nodes) {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public RunReport {
        transfers = transfers == null ? List.of() : transfers;
        cross = cross == null ? List.of() : cross;
        links = links == null ? Map.of() : links;
        nodes = nodes == null ? Map.of() : nodes;
    }

    public static RunReport of(LabResult r) {
        return MAPPER.convertValue(r.toJson(), RunReport.class);
    }

    /** A cross-traffic report ({@code workload.cross}) read the same way. */
    public static Cross cross(Map<String, Object> report) {
        return MAPPER.convertValue(report, Cross.class);
    }

    /** A link end by {@code link@node}, e.g. {@code r2-r3@r2}. */
    public LinkEnd link(String linkAtNode) {
        LinkEnd l = links.get(linkAtNode);
        if (l == null) {
            throw new IllegalArgumentException("no link end '" + linkAtNode + "' in the report (" + links.keySet() + ")");
        }
        return l;
    }

    /** The sum of an AA metric over the AAs on {@code node} that report it (0 when none does). */
    public long aaMetric(String node, String metric) {
        long sum = 0;
        for (Aa aa : aas(node)) {
            if (aa.metrics().get(metric) instanceof Number n) {
                sum += (long) n.doubleValue();
            }
        }
        return sum;
    }

    /** The state ({@code running}, {@code stopped}, ...) of the AA named {@code name} on {@code node}, or null when none ran. */
    public String aaState(String node, String name) {
        return aas(node).stream().filter(a -> name.equals(a.name())).map(a -> String.valueOf(a.state())).findFirst().orElse(null);
    }

    private List<Aa> aas(String node) {
        NodeReport n = nodes.get(node);
        return n == null || n.ee() == null ? List.of() : n.ee().aas();
    }

    /** One transfer or bulk flow; {@code closesByCause} and {@code meanCloseMagnitudeByCause} by {@code CloseCause} name. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Transfer(String name, double goodputBps, double seconds, long retransmissions, long windowCloses,
                           double closesPerSecond, double meanCloseMagnitude, Map<String, Long> closesByCause,
                           Map<String, Double> meanCloseMagnitudeByCause) {
        public Transfer {
            closesByCause = closesByCause == null ? Map.of() : closesByCause;
            meanCloseMagnitudeByCause = meanCloseMagnitudeByCause == null ? Map.of() : meanCloseMagnitudeByCause;
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

    /** One cross-traffic source: packets sent and received. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Cross(String name, long sentPackets, long receivedPackets) {
    }

    /**
     * One end of a link: drops by reason, ECN marks, packets enqueued, the time-averaged queue
     * (packets) and the transmitter's busy share.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LinkEnd(Map<String, Long> drops, long marked, long enqueued, double averageQueue, double utilisation) {
        public LinkEnd {
            drops = drops == null ? Map.of() : drops;
        }

        /** Drops for every reason but {@code node-stopped} (packets still queued when the run stops). */
        public long congestionDrops() {
            long n = 0;
            for (Map.Entry<String, Long> e : drops.entrySet()) {
                if (!e.getKey().equals("node-stopped")) {
                    n += e.getValue();
                }
            }
            return n;
        }

        /** Drops for the named reasons only. */
        public long drops(List<String> reasons) {
            long n = 0;
            for (String r : reasons) {
                n += drops.getOrDefault(r, 0L);
            }
            return n;
        }
    }

    /**
     * A node: its execution environment, when it has one; its drops by reason (only reasons that
     * happened); its input queue's {@code limit}, {@code drops} and {@code peak}, when it has one.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record NodeReport(Ee ee, Map<String, Long> drops, Map<String, Long> inputQueue) {
        public NodeReport {
            drops = drops == null ? Map.of() : drops;
            inputQueue = inputQueue == null ? Map.of() : inputQueue;
        }
    }

    /** {@code node}'s input-queue figure ({@code limit}, {@code drops}, {@code peak}); 0 when the node has no input queue. */
    public long inputQueue(String node, String figure) {
        NodeReport n = nodes.get(node);
        return n == null ? 0 : n.inputQueue().getOrDefault(figure, 0L);
    }

    /** A node's execution environment: its AAs. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Ee(List<Aa> aas) {
        public Ee {
            aas = aas == null ? List.of() : aas;
        }
    }

    /** An AA: name, state and metrics as it reports them. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Aa(String name, String state, Map<String, Object> metrics) {
        public Aa {
            metrics = metrics == null ? Map.of() : metrics;
        }
    }
}
