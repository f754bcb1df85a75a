package org.aspen.lab.judge;

import java.util.function.Consumer;

/**
 * How a runner looks at the nodes' forwarding tables during a run, for the expectations that need
 * it ({@code route}, {@code reachable}). Times are scenario times; results arrive on the runner's
 * threads. In one process it reads each node's route table on that node's loop ({@code run.NetObserver});
 * with one process per node it asks each node's control endpoint ({@code processes.RemoteObserver}).
 * Either way the route a node uses is the one its own {@code RouteTable.lookup} picks.
 *
 * <pre>{@code
 * PathSamples samples = new PathSamples();
 * observer.samplePath(2_000_000_000L, "a", "c", samples::add);   // a>b>c, or where it stopped
 * }</pre>
 */
public interface Observer {
    /** At {@code atNanos}, follows the forwarding path from {@code from} to {@code to} hop by hop (see {@link PathWalk}). */
    void samplePath(long atNanos, String from, String to, Consumer<PathSample> sink);

    /** At {@code atNanos}, asks every node for its route to every other; hands on {@code "a->b"} for each one missing. */
    void findMissingRoutes(long atNanos, Consumer<String> sink);
}
