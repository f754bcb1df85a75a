package org.aspen.experiments.validation;

import java.util.List;
import java.util.Map;

/**
 * What one run of a validation case measured, in either simulator, in the same units: per TCP
 * flow, and at the bottleneck.
 *
 * <pre>{@code
 * RunResult r = Ns2Runner.run(ValidationCases.byName("reno-droptail"), 1, dir);
 * double kbps = r.flows().get("bulk").goodputBps() / 1e3;
 * }</pre>
 *
 * @param flows          by the flow's name (the Aspen scenario's; the ns-2 script uses the same)
 * @param drops          packets dropped at the bottleneck's watched direction, every flow and reason
 * @param meanRedAverage RED's average queue (packets) averaged over time from the first arrival, NaN when not watched
 */
public record RunResult(Map<String, Flow> flows, long drops, double meanRedAverage) {
    /**
     * One flow.
     *
     * @param goodputBps      data packets delivered in order, times their 1000 bytes on the wire, over
     *                        the time from the flow's start to the end of the run (both simulators count the same frames)
     * @param delivered       data packets delivered in order
     * @param timeouts        retransmission timeouts that closed the window
     * @param fastRetransmits window closes by duplicate ACKs (Aspen: its loss detection's closes)
     * @param ecnCuts         window closes on ECN echoes (ns-2: {@code necnresponses_}, tcp.cc:1433; Aspen: closes by
     *                        cause {@code ECN}); 0 for a flow that is not ECN-capable
     * @param droppedSeqs     the flow's packets dropped at the bottleneck, in drop order, numbered as ns-2 does with syn_ true (SYN 0, data from 1)
     * @param meanCwnd        time-weighted mean congestion window (packets) from the start to the end of the run
     * @param cwnd            the cwnd trace: {time s, cwnd} at every change
     */
    public record Flow(double goodputBps, long delivered, long timeouts, long fastRetransmits, long ecnCuts, List<Long> droppedSeqs,
                       double meanCwnd, List<double[]> cwnd) {
        /** A flow without ECN: no window closes on ECN echoes. */
        public Flow(double goodputBps, long delivered, long timeouts, long fastRetransmits, List<Long> droppedSeqs,
                    double meanCwnd, List<double[]> cwnd) {
            this(goodputBps, delivered, timeouts, fastRetransmits, 0, droppedSeqs, meanCwnd, cwnd);
        }
    }

    /** Time-weighted mean of a step function given as {time, value} changes, over [from, to]. */
    static double timeMean(List<double[]> steps, double from, double to) {
        if (steps.isEmpty() || to <= from) {
            return Double.NaN;
        }
        double sum = 0;
        double value = 0;
        double t = from;
        for (double[] s : steps) {
            double at = Math.max(from, Math.min(to, s[0]));
            sum += value * (at - t);
            t = at;
            value = s[1];
        }
        sum += value * (to - t);
        return sum / (to - from);
    }
}
