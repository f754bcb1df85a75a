package org.aspen.lab.run;

import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.runtime.Network;

/**
 * Watches a lab run as it happens: the live dashboard is one. The runner builds the network, calls
 * {@link #attach} once, lets the observer {@link #run} the network for the run's length (an observer
 * may pace a simulation to wall time; {@link LabRunner#runWithProgress} is what an observer that does
 * not care calls), then {@link #finished}. The runner knows nothing else of its observers, so the lab
 * module does not depend on the dashboard.
 *
 * <pre>{@code
 * LabResult r = LabRunner.run(scenario, options, dashboard);   // dashboard implements RunObserver
 * }</pre>
 */
public interface RunObserver {
    /** The lab is built: its scenario, network, EEs and RDP stacks by node name, and its event log. */
    void attach(Scenario s, Network net, Map<String, ExecutionEnvironment> ees, Map<String, RdpStack> stacks,
                EventLog events, long durationNanos);

    /** Runs {@code net} for {@code durationNanos} of network time, reporting the share done to {@code progress}. */
    void run(Network net, long durationNanos, DoubleConsumer progress) throws InterruptedException;

    /** The run is over at network time {@code nowNanos}. */
    void finished(long nowNanos);

    /**
     * A probe of the workload's ping entry {@code ping} (number {@code seq}, sent at
     * {@code sentAtNanos}) was answered or timed out; called on the source node's loop, so it must
     * not block. The dashboard charts round-trip times and losses from it.
     */
    default void probe(Scenario.PingSpec ping, int seq, long sentAtNanos, org.aspen.vnet.control.EchoResult result) {
    }
}
