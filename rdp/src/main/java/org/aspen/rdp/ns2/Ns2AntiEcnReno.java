package org.aspen.rdp.ns2;

import org.aspen.rdp.AntiEcnReno;

/**
 * AntiECN's sender (Kunniyur, ICC 2003, Section II.A) built on ns-2.35's Agent/TCP/Reno the way the
 * paper extended ns-2's agents: where {@link Ns2Reno}'s opencwnd would add {@code 1/cwnd_} in
 * congestion avoidance, an acknowledgement that echoed the AECN bit adds {@code Delta/W} instead
 * ("W <- W + Delta/W"); slow start, fast retransmit and recovery, ECN halving and timeouts are
 * Ns2Reno's unchanged.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withAecn(true).withEcn(true)
 *         .withCongestionControl(() -> new Ns2AntiEcnReno(Ns2Params.defaults(), AntiEcnReno.Delta.WINDOW));
 * }</pre>
 *
 * Like RDP's {@link AntiEcnReno}, the increase applies per acknowledgement in congestion avoidance
 * only (the paper's rule replaces TCP's congestion-avoidance increase); ns-2's agent sees one
 * acknowledgement per packet, so per ACK is per acknowledged packet. Without AntiECN negotiated no
 * ACK echoes the bit, and this agent is exactly {@link Ns2Reno}.
 */
public final class Ns2AntiEcnReno extends Ns2Reno {
    private final AntiEcnReno.Delta delta;
    private long aggressiveAcks;

    public Ns2AntiEcnReno(Ns2Params p, AntiEcnReno.Delta delta) {
        super(p);
        this.delta = delta;
    }

    @Override
    public String name() {
        return "ns2-aecn-reno";
    }

    /** Acknowledgements on which the AntiECN increase replaced Reno's 1/cwnd_. */
    public long aggressiveAcks() {
        return aggressiveAcks;
    }

    @Override
    protected void opencwnd() {
        if (cwnd >= ssthresh && port.aecnEcho()) {
            cwnd += delta.of(cwnd) / cwnd;                  // Section II.A: W <- W + Delta/W
            aggressiveAcks++;
            if (p.maxcwnd() != 0 && (int) cwnd > p.maxcwnd()) {   // tcp.cc:1234-1235, as opencwnd
                cwnd = p.maxcwnd();
            }
            return;
        }
        super.opencwnd();
    }
}
