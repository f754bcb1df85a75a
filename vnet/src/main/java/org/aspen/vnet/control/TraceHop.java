package org.aspen.vnet.control;

import org.aspen.vnet.VAddr;

/**
 * One line of a {@link ControlPlane#trace}: who answered the echo sent with TTL {@code ttl}.
 *
 * @param from the router whose TTL ran out (TTL_EXCEEDED), the target (REPLY), the router that had
 *             no route (UNREACHABLE), or {@link VAddr#UNSPECIFIED} (TIMEOUT)
 */
public record TraceHop(int ttl, EchoResult.Status status, VAddr from, long rttNanos) {
    @Override
    public String toString() {
        return status == EchoResult.Status.TIMEOUT ? ttl + "  *"
                : String.format("%d  %s  %.3f ms%s", ttl, from, rttNanos / 1e6,
                        status == EchoResult.Status.UNREACHABLE ? " !unreachable" : "");
    }
}
