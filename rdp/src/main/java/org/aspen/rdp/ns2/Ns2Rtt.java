package org.aspen.rdp.ns2;

/**
 * ns-2.35's retransmission timer arithmetic (TcpAgent's rtt_init, rtt_update, rtt_timeout and
 * rtt_backoff in {@code tcp/tcp.cc}): RTT measured in whole ticks of {@code tcpTick}, srtt and rttvar
 * kept as scaled integers, RTO = (srtt + 4 rttvar) ticks, clamped to [minrto, maxrto] and times the
 * backoff. The defaults ({@code rfc2988_ true}, {@code ts_option_ false}) are the only ones ported.
 *
 * <pre>{@code
 * Ns2Rtt r = new Ns2Rtt(Ns2Params.defaults(), 0.0);
 * r.update(0.1, 1.0);          // a 100 ms sample taken at t = 1 s
 * double rto = r.timeout();     // seconds
 * }</pre>
 */
public final class Ns2Rtt {
    private final Ns2Params p;
    private final double bootTime;
    private int tRtt;
    private int tSrtt;
    private int tRttvar;
    private double tRtxcur;
    private int tBackoff;

    /** {@code bootTime}: ns-2's {@code boot_time_}, the phase of the agent's tick clock (tcp.cc:470). */
    public Ns2Rtt(Ns2Params p, double bootTime) {
        this.p = p;
        this.bootTime = bootTime;
        // rtt_init (tcp.cc:520-527)
        tRtt = 0;
        tSrtt = (int) (p.srttInit() / p.tcpTick()) << p.srttBits();
        tRttvar = (int) (p.rttvarInit() / p.tcpTick()) << p.rttvarBits();
        tRtxcur = p.rtxcurInit();
        tBackoff = 1;
    }

    /** rtt_timeout (tcp.cc:529-561): the timer value in seconds, with the backoff. */
    public double timeout() {
        double timeout;
        if (tRtxcur < p.minrto()) {          // rfc2988_ true, use_rtt_ 0 (tcp.cc:535)
            timeout = p.minrto() * tBackoff;
        } else {
            timeout = tRtxcur * tBackoff;
        }
        if (timeout > p.maxrto()) {          // tcp.cc:546
            timeout = p.maxrto();
        }
        if (timeout < 2.0 * p.tcpTick()) {   // tcp.cc:549-557
            timeout = 2.0 * p.tcpTick();
        }
        return timeout;
    }

    /** rtt_update (tcp.cc:565-609): a sample of {@code tao} seconds, taken at {@code now}. */
    public void update(double tao, double now) {
        double sendtime = now - tao + bootTime;                 // tcp.cc:571-572 (ts_option_ false)
        double tickoff = sendtime % p.tcpTick();               // fmod, tcp.cc:573
        tRtt = (int) ((tao + tickoff) / p.tcpTick());          // tcp.cc:574
        if (tRtt < 1) {                                         // tcp.cc:576
            tRtt = 1;
        }
        if (tSrtt != 0) {
            short delta = (short) (tRtt - (tSrtt >> p.srttBits()));   // "register short delta", tcp.cc:587-588
            if ((tSrtt += delta) <= 0) {                              // tcp.cc:589
                tSrtt = 1;
            }
            if (delta < 0) {
                delta = (short) -delta;
            }
            delta = (short) (delta - (tRttvar >> p.rttvarBits()));  // tcp.cc:593
            if ((tRttvar += delta) <= 0) {                           // tcp.cc:594
                tRttvar = 1;
            }
        } else {
            tSrtt = tRtt << p.srttBits();                       // tcp.cc:597
            tRttvar = tRtt << (p.rttvarBits() - 1);             // tcp.cc:598
        }
        // tcp.cc:605-606
        tRtxcur = (((tRttvar << (p.rttvarExp() + (p.srttBits() - p.rttvarBits()))) + tSrtt) >> p.srttBits())
                * p.tcpTick();
    }

    /**
     * LinuxTcpAgent::rtt_update with timestamps (tcp-linux.cc:237-305, ts_option_ true): a sample of
     * {@code tao} seconds rounded to whole ticks, and Linux TCP's own rttvar step (a falling RTT moves
     * rttvar by an eighth; rttvar is not floored at 1).
     */
    public void updateTs(double tao) {
        tRtt = (int) (tao / p.tcpTick() + 0.5);                 // tcp-linux.cc:240-241
        if (tRtt < 1) {                                         // tcp-linux.cc:267-268
            tRtt = 1;
        }
        if (tSrtt != 0) {
            short delta = (short) (tRtt - (tSrtt >> p.srttBits()));   // tcp-linux.cc:280-281
            if ((tSrtt += delta) <= 0) {                              // tcp-linux.cc:278-279
                tSrtt = 1;
            }
            if (delta < 0) {                                          // tcp-linux.cc:282-286
                delta = (short) -delta;
                delta = (short) (delta - (tRttvar >> p.rttvarBits()));
                if (delta > 0) {
                    delta = (short) (delta >> p.srttBits());
                }
            } else {
                delta = (short) (delta - (tRttvar >> p.rttvarBits()));   // tcp-linux.cc:287-288
            }
            tRttvar += delta;                                         // tcp-linux.cc:289
        } else {
            tSrtt = tRtt << p.srttBits();                       // tcp-linux.cc:294
            tRttvar = tRtt << (p.rttvarBits() - 1);             // tcp-linux.cc:293
        }
        // tcp-linux.cc:301-302
        tRtxcur = (((tRttvar << (p.rttvarExp() + (p.srttBits() - p.rttvarBits()))) + tSrtt) >> p.srttBits())
                * p.tcpTick();
    }

    /** rtt_backoff (tcp.cc:611-627): doubles the backoff; past 8 the srtt is folded into rttvar. */
    public void backoff() {
        if (tBackoff < 64 || timeout() < p.maxrto()) {         // tcp.cc:613 (rfc2988_ true)
            tBackoff <<= 1;
        }
        if (tBackoff > 8) {                                     // tcp.cc:618-625
            tRttvar += tSrtt >> p.srttBits();
            tSrtt = 0;
        }
    }

    /** t_backoff_ = 1, as newack and partialnewack do on a timed ACK (tcp.cc:1398, tcp-newreno.cc:87). */
    public void clearBackoff() {
        tBackoff = 1;
    }

    /** The last sample in ticks ({@code t_rtt_}). */
    public int rttTicks() {
        return tRtt;
    }

    /** {@code t_srtt_}: 2^T_SRTT_BITS times srtt in ticks. */
    public int scaledSrtt() {
        return tSrtt;
    }

    /** {@code t_rttvar_}: 2^T_RTTVAR_BITS times rttvar in ticks. */
    public int scaledRttvar() {
        return tRttvar;
    }

    /** {@code t_rtxcur_}, seconds. */
    public double rtxcur() {
        return tRtxcur;
    }

    public int backoffFactor() {
        return tBackoff;
    }

    /** Smoothed RTT in ns (for the connection's samples). */
    public long srttNanos() {
        return Math.round((tSrtt >> p.srttBits()) * p.tcpTick() * 1e9);
    }
}
