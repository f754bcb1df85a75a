package org.aspen.rdp;

import java.util.function.Supplier;

/**
 * Settings of one connection (or the defaults of a listener).
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withMaxOutstanding(64).withMaxSegment(1000).withSequenced(true);
 * }</pre>
 *
 * @param maxOutstanding   segments we buffer out of order as a receiver (sent in our SYN)
 * @param maxSegment       largest data length we accept (sent in our SYN)
 * @param sequenced        ask for sequenced delivery (both ends must ask; otherwise unsequenced)
 * @param ecn              mark data ECN-capable and react to echoes (both ends must agree)
 * @param checksum         put a CRC32C over each segment we send (received ones are checked whenever present)
 * @param sendBuffer       segments queued for sending beyond the window before {@code send} returns false
 * @param initialWindow    initial congestion window in packets
 * @param initialSsthresh  initial slow-start threshold in packets
 * @param initialRtoNanos  RTO before the first RTT sample
 * @param minRtoNanos      lower bound of the RTO
 * @param maxRtoNanos      upper bound of the RTO
 * @param keepAliveNanos   send a NUL after this long without hearing from the peer
 * @param deadPeerNanos    abort after this long without hearing from the peer (also bounds the handshake)
 * @param closeWaitNanos   time in CLOSE-WAIT before the ports may be reused
 * @param maxSamples       time-series rows kept per connection (0: none)
 * @param congestionControl strategy factory, one instance per connection
 * @param aecn             speak AntiECN: put the AECN-SYN TTL in our SYN, mark our data with the AECN bit
 *                         once the peer confirmed the path, echo the peer's bits (both ends must agree;
 *                         the increase itself needs {@link AntiEcnReno}; see {@code docs/aecn.md})
 * @param segmentFromPath  size segments from the path instead of {@code maxSegment}: when the connection
 *                         opens, the stack sets {@code maxSegment} to the largest data length that fits
 *                         one frame on the first link toward the peer ({@link RdpStack#pathSegment});
 *                         {@code maxSegment} stays when that link's underlay MTU is unknown (the
 *                         simulation). Our sends are then also bounded by it, not only by the peer's SYN.
 * @param recovery         the sender's loss recovery: {@link Recovery#CLASSIC} (NewReno on duplicate ACKs,
 *                         the default and what every experiment uses) or {@link Recovery#MODERN} (scoreboard,
 *                         PRR, RACK-TLP, undo, cwnd validation; what {@code aspen send} uses on a node) or
 *                         {@link Recovery#IMPATIENT} (CLASSIC with RFC 6582's timer: only a recovery's first
 *                         partial ACK restarts the RTO)
 * @param refillOnSend     with an ns-2 agent ({@link AgentSender}): ask the application for data
 *                         ({@link ConnectionListener#onWritable}) as each new segment leaves, not only when an
 *                         acknowledgement arrives, so that with a small {@code sendBuffer} the agent never waits
 *                         for data and segments are cut shortly before they leave (with a one-segment buffer, at
 *                         most two cut before a change of size leave after it: the one queued and the one the
 *                         application holds; ns-2's sources are always ahead, and its agents size each packet as
 *                         they send it). RDP's own sender ignores it; {@link #defaults()} has it off
 */
public record RdpOptions(int maxOutstanding, int maxSegment, boolean sequenced, boolean ecn, boolean checksum,
                         int sendBuffer, double initialWindow, double initialSsthresh, long initialRtoNanos,
                         long minRtoNanos, long maxRtoNanos, long keepAliveNanos, long deadPeerNanos,
                         long closeWaitNanos, int maxSamples, Supplier<CongestionControl> congestionControl,
                         boolean aecn, boolean segmentFromPath, Recovery recovery, boolean refillOnSend) {
    private static final long MS = 1_000_000L;

    public RdpOptions {
        new SynOptions(maxOutstanding, maxSegment, sequenced, ecn);
        if (sendBuffer < 1) {
            throw new IllegalArgumentException("send buffer must hold at least one segment");
        }
        if (!(initialWindow >= 1) || !(initialSsthresh >= 1)) {
            throw new IllegalArgumentException("initial window and ssthresh must be at least 1 packet");
        }
        if (minRtoNanos <= 0 || maxRtoNanos < minRtoNanos || initialRtoNanos <= 0) {
            throw new IllegalArgumentException("RTO bounds must be positive with min <= max");
        }
        if (keepAliveNanos <= 0 || deadPeerNanos <= keepAliveNanos) {
            throw new IllegalArgumentException("keep-alive interval must be positive and shorter than the dead-peer time");
        }
        if (closeWaitNanos < 0 || maxSamples < 0 || congestionControl == null || recovery == null) {
            throw new IllegalArgumentException("close-wait, samples, congestion control and recovery must be set");
        }
    }

    public static RdpOptions defaults() {
        return new RdpOptions(256, 1400, true, true, true, 512, 2, 65_535, 1000 * MS, 200 * MS, 60_000 * MS,
                1000 * MS, 15_000 * MS, 2000 * MS, 100_000, Reno::new, false, false, Recovery.CLASSIC, false);
    }

    public RdpOptions withMaxOutstanding(int v) {
        return new RdpOptions(v, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow, initialSsthresh,
                initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos, closeWaitNanos, maxSamples,
                congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withMaxSegment(int v) {
        return new RdpOptions(maxOutstanding, v, sequenced, ecn, checksum, sendBuffer, initialWindow, initialSsthresh,
                initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos, closeWaitNanos, maxSamples,
                congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withSequenced(boolean v) {
        return new RdpOptions(maxOutstanding, maxSegment, v, ecn, checksum, sendBuffer, initialWindow, initialSsthresh,
                initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos, closeWaitNanos, maxSamples,
                congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withEcn(boolean v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, v, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withChecksum(boolean v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, v, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withSendBuffer(int v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, v, initialWindow, initialSsthresh,
                initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos, closeWaitNanos, maxSamples,
                congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withWindow(double initial, double ssthresh) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initial, ssthresh,
                initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos, closeWaitNanos, maxSamples,
                congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withRto(long initial, long min, long max) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initial, min, max, keepAliveNanos, deadPeerNanos, closeWaitNanos, maxSamples,
                congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withKeepAlive(long keepAlive, long deadPeer) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAlive, deadPeer, closeWaitNanos,
                maxSamples, congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withMaxSamples(int v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, v, congestionControl, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withCongestionControl(Supplier<CongestionControl> v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, v, aecn, segmentFromPath, recovery, refillOnSend);
    }

    public RdpOptions withAecn(boolean v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, congestionControl, v, segmentFromPath, recovery, refillOnSend);
    }

    /** AntiECN on, with {@link AntiEcnReno} as the congestion control ({@code delta}: see its javadoc). */
    public RdpOptions withAntiEcn(AntiEcnReno.Delta delta) {
        return withAecn(true).withCongestionControl(() -> new AntiEcnReno(delta));
    }

    /** Segments sized from the path (see {@code segmentFromPath}); {@link #defaults()} has it off. */
    public RdpOptions withSegmentFromPath(boolean v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, congestionControl, aecn, v, recovery, refillOnSend);
    }

    /**
     * How the sender recovers from loss ({@link Recovery}); {@link #defaults()} keeps
     * {@link Recovery#CLASSIC}, the papers' NewReno recovery.
     */
    public RdpOptions withRecovery(Recovery v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, congestionControl, aecn, segmentFromPath, v, refillOnSend);
    }

    /** See {@code refillOnSend}; {@link #defaults()} has it off. */
    public RdpOptions withRefillOnSend(boolean v) {
        return new RdpOptions(maxOutstanding, maxSegment, sequenced, ecn, checksum, sendBuffer, initialWindow,
                initialSsthresh, initialRtoNanos, minRtoNanos, maxRtoNanos, keepAliveNanos, deadPeerNanos,
                closeWaitNanos, maxSamples, congestionControl, aecn, segmentFromPath, recovery, v);
    }

    SynOptions synOptions() {
        return new SynOptions(maxOutstanding, maxSegment, sequenced, ecn, aecn);
    }
}
