package org.aspen.lab.judge;

import java.util.List;
import java.util.Map;

/**
 * What a run observed, in the terms expectations are judged in. The in-process runner reads it from
 * its workload objects and the network ({@code run.NetEvidence}); the process runner from the replies
 * of the nodes' control endpoints ({@code processes.ProcessEvidence}).
 *
 * <pre>{@code
 * List<Probe> sent = evidence.probes("a", "c");
 * long answered = sent.stream().filter(Probe::answered).count();
 * }</pre>
 */
public interface Evidence {
    /** Every echo request of the ping workload entries from {@code from} to {@code to}, entry by entry, each in order. */
    List<Probe> probes(String from, String to);

    /** The traceroutes of the workload, in workload order. */
    List<TraceSeen> traces();

    /** The transfer or flow named {@code name} (its report name); null when the workload has none. */
    TransferOutcome transfer(String name);

    /** Node {@code node}'s counters at the end, by the paths docs/scenarios.md names ({@link CounterPaths}). */
    Map<String, Object> counters(String node);

    /** One echo request: when it left (scenario time), whether a reply came, and its round-trip time. */
    record Probe(long sentAtNanos, boolean answered, double rttMs) {
    }

    /** One traceroute: the node names of its hops in order ({@code ?} for a silent hop). */
    record TraceSeen(String from, String to, long atNanos, List<String> hops) {
    }
}
