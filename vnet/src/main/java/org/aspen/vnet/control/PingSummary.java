package org.aspen.vnet.control;

import java.util.Arrays;
import java.util.List;

/**
 * What a {@link ControlPlane#ping} run measured. Round-trip figures are over the replies only and
 * are 0 when none came back.
 *
 * <pre>{@code
 * plane.ping(dest, 10, 100_000_000L, 1_000_000_000L, r -> { }, s -> System.out.println(s));
 * }</pre>
 */
public record PingSummary(int sent, int received, int lost, long rttMinNanos, long rttAvgNanos,
                          long rttMaxNanos, long rttP50Nanos) {

    /** Summarises {@code results} (one per request sent). */
    public static PingSummary of(List<EchoResult> results) {
        long[] rtts = results.stream().filter(r -> r.status() == EchoResult.Status.REPLY)
                .mapToLong(EchoResult::rttNanos).sorted().toArray();
        int n = rtts.length;
        if (n == 0) {
            return new PingSummary(results.size(), 0, results.size(), 0, 0, 0, 0);
        }
        long avg = Arrays.stream(rtts).sum() / n;
        // lower median: a value that was actually measured
        return new PingSummary(results.size(), n, results.size() - n, rtts[0], avg, rtts[n - 1], rtts[(n - 1) / 2]);
    }

    public double lossRatio() {
        return sent == 0 ? 0 : lost / (double) sent;
    }

    @Override
    public String toString() {
        return String.format("%d sent, %d received, %.1f%% loss, rtt min/avg/max/p50 = %.3f/%.3f/%.3f/%.3f ms",
                sent, received, 100 * lossRatio(), rttMinNanos / 1e6, rttAvgNanos / 1e6, rttMaxNanos / 1e6, rttP50Nanos / 1e6);
    }
}
