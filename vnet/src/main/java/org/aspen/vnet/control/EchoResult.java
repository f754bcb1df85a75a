package org.aspen.vnet.control;

import org.aspen.vnet.VAddr;

/**
 * The outcome of one echo request sent by {@link ControlPlane#echo}.
 *
 * <pre>{@code
 * plane.echo(dest, 64, 64, 1_000_000_000L, r -> {
 *     if (r.status() == EchoResult.Status.REPLY) log.info("{} answered in {} ns", r.from(), r.rttNanos());
 * });
 * }</pre>
 *
 * @param from     who answered: the target (REPLY) or the router that reported the error;
 *                 {@link VAddr#UNSPECIFIED} on TIMEOUT
 * @param rttNanos time from sending to the answer (on TIMEOUT: the timeout)
 * @param seq      the sequence number of this echo (for ping: 0, 1, 2, ...; for trace: the hop TTL)
 * @param ttl      the TTL left in the answer as it arrived (0 on TIMEOUT)
 */
public record EchoResult(Status status, VAddr from, long rttNanos, int seq, int ttl) {
    public enum Status { REPLY, TTL_EXCEEDED, UNREACHABLE, TIMEOUT }

    @Override
    public String toString() {
        return switch (status) {
            case TIMEOUT -> "seq=" + seq + " timeout";
            default -> status.name().toLowerCase().replace('_', '-') + " from " + from + " seq=" + seq + " ttl=" + ttl
                    + String.format(" time=%.3f ms", rttNanos / 1e6);
        };
    }
}
