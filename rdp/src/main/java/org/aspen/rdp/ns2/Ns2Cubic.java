package org.aspen.rdp.ns2;

/**
 * CUBIC's window arithmetic as ns-2.35 runs it ({@code tcp/linux/src/tcp_cubic.c}, Linux 2.6.22's
 * CUBIC v2.1 under ns-2.35's Linux TCP): the per-connection {@code struct bictcp}, its cube root, the
 * cubic target W(t) with its origin and K, the TCP-friendly estimate, the ACK-ratio tracking and the
 * multiplicative decrease with fast convergence. Linux's unsigned 32-bit arithmetic is kept (values
 * held in longs, wrapped to 32 bits where C wraps them), so the counts are ns-2's to the packet.
 *
 * <pre>{@code
 * Ns2Cubic c = new Ns2Cubic();
 * c.init();                               // bictcp_init
 * int ssthresh = c.recalcSsthresh(100);   // a loss at cwnd 100: 79, W_max 100
 * c.update(79, 5000);                     // an ACK at tcp_time_stamp 5000 ms: sets c.cnt()
 * }</pre>
 *
 * Parameters are the module's defaults (tcp_cubic.c:29-34): fast_convergence 1, max_increment 16,
 * beta 819, initial_ssthresh 0, bic_scale 41, tcp_friendliness 1; {@code new Ns2Cubic(1024)} sets beta
 * as ns-2's {@code $tcp set_ca_param cubic beta 1024} does (tcp-linux.cc:789-795, a per-agent value
 * loaded around each call): the decrease and fast convergence use it (tcp_cubic.c:313-321), the
 * TCP-friendly beta_scale keeps 23, computed once at registration from the default (tcp_cubic.c:373).
 * Time is ns-2's
 * {@code tcp_time_stamp}: milliseconds (HZ 1000, ns-linux-c.h:40; JIFFY_RATIO 1000, ns-linux-util.h:29).
 */
public final class Ns2Cubic {
    static final long BETA_SCALE = 1024;        // tcp_cubic.c:20 BICTCP_BETA_SCALE
    static final int HZ_SHIFT = 10;             // tcp_cubic.c:27 BICTCP_HZ
    static final long HZ = 1000;                // ns-linux-c.h:40
    static final int ACK_RATIO_SHIFT = 4;       // tcp_cubic.c:71
    static final boolean FAST_CONVERGENCE = true;   // tcp_cubic.c:29
    static final long MAX_INCREMENT = 16;       // tcp_cubic.c:30
    static final long BETA = 819;               // tcp_cubic.c:31
    /** The highest beta accepted: 1024 keeps the window at a loss (ssthresh = cwnd, tcp_cubic.c:321). */
    public static final int MAX_BETA = (int) BETA_SCALE;
    static final long BIC_SCALE = 41;           // tcp_cubic.c:33
    static final boolean TCP_FRIENDLINESS = true;   // tcp_cubic.c:34
    /** beta_scale = 8*(1024+beta)/3/(1024-beta) = 23 (tcp_cubic.c:373), from the default beta at registration. */
    static final long BETA_SCALE_FRIENDLY = 8 * (BETA_SCALE + BETA) / 3 / (BETA_SCALE - BETA);
    /** cube_rtt_scale = bic_scale * 10 = 410 (tcp_cubic.c:375). */
    static final long CUBE_RTT_SCALE = BIC_SCALE * 10;
    /** cube_factor = 2^40 / (bic_scale * 10) (tcp_cubic.c:391-394). */
    static final long CUBE_FACTOR = (1L << (10 + 3 * HZ_SHIFT)) / (BIC_SCALE * 10);
    private static final long U32 = 0xffffffffL;

    /**
     * cbrt(x) MSB values for x in [0..63] (tcp_cubic.c:109-118): Linux's table, numeric data the cube
     * root needs to give the kernel's values.
     */
    private static final int[] V = {
        0, 54, 54, 54, 118, 118, 118, 118,
        123, 129, 134, 138, 143, 147, 151, 156,
        157, 161, 164, 168, 170, 173, 176, 179,
        181, 185, 187, 190, 192, 194, 197, 199,
        200, 202, 204, 206, 209, 211, 213, 215,
        217, 219, 221, 222, 224, 225, 227, 229,
        231, 232, 234, 236, 237, 239, 240, 242,
        244, 245, 246, 248, 250, 251, 252, 254,
    };

    // struct bictcp (tcp_cubic.c:58-73), u32 each
    private long cnt;
    private long lastMaxCwnd;
    private long lossCwnd;
    private long lastCwnd;
    private long lastTime;
    private long bicOriginPoint;
    private long bicK;
    private long delayMin;
    private long epochStart;
    private long ackCnt;
    private long tcpCwnd;
    private long delayedAck;
    /** The agent's beta (tcp_cubic.c:31; set_ca_param's value, tcp-linux.cc:789-795). */
    private final long beta;

    public Ns2Cubic() {
        this((int) BETA);
    }

    /**
     * CUBIC with this beta (/1024) for the decrease and fast convergence; 1-{@link #MAX_BETA}, else
     * IllegalArgumentException naming cubic.beta.
     */
    public Ns2Cubic(int beta) {
        if (beta < 1 || beta > MAX_BETA) {
            throw new IllegalArgumentException("cubic.beta must be 1-" + MAX_BETA + " (/1024), got " + beta);
        }
        this.beta = beta;
        reset();
    }

    /** The agent's beta (/1024). */
    public int beta() {
        return (int) beta;
    }

    /** bictcp_reset (tcp_cubic.c:75-89). */
    public void reset() {
        cnt = 0;
        lastMaxCwnd = 0;
        lossCwnd = 0;
        lastCwnd = 0;
        lastTime = 0;
        bicOriginPoint = 0;
        bicK = 0;
        delayMin = 0;
        epochStart = 0;
        delayedAck = 2 << ACK_RATIO_SHIFT;
        ackCnt = 0;
        tcpCwnd = 0;
    }

    /** bictcp_init (tcp_cubic.c:91-96); initial_ssthresh 0, so ssthresh is left alone. */
    public void init() {
        reset();
    }

    /** cubic_root (tcp_cubic.c:102-140): table lookup, then one Newton-Raphson step. */
    static long cubicRoot(long a) {
        int b = 64 - Long.numberOfLeadingZeros(a);           // fls64, tcp_cubic.c:120
        if (b < 7) {
            return (V[(int) a] + 35) >> 6;                      // tcp_cubic.c:121-124
        }
        b = ((b * 84) >> 8) - 1;                                // tcp_cubic.c:126
        int shift = (int) (a >>> (b * 3));                      // tcp_cubic.c:127
        long x = (((long) (V[shift] + 10) << b) & U32) >> 6;    // tcp_cubic.c:129
        x = (2 * x + (Long.divideUnsigned(a, x * (x - 1)) & U32)) & U32;   // tcp_cubic.c:137
        x = ((x * 341) & U32) >> 10;                            // tcp_cubic.c:138
        return x;
    }

    /**
     * Ends the epoch as bictcp_recalc_ssthresh does (tcp_cubic.c:310) and nothing else: the next
     * bictcp_update starts one from the window it is given (tcp_cubic.c:159-175). Not ns-2's: ACNS's
     * epoch-restart reading (Ns2AcnsCubic.CubicReading.EPOCH_RESTART).
     */
    public void restartEpoch() {
        epochStart = 0;
    }

    /** bictcp_update (tcp_cubic.c:144-247): sets cnt for a window of {@code cwnd} at {@code now} ms. */
    public void update(long cwnd, long now) {
        ackCnt = (ackCnt + 1) & U32;                                        // tcp_cubic.c:150
        if (lastCwnd == cwnd && (int) (now - lastTime) <= HZ / 32) {       // tcp_cubic.c:152-154
            return;
        }
        lastCwnd = cwnd;                                                    // tcp_cubic.c:156-157
        lastTime = now & U32;
        if (epochStart == 0) {                                              // tcp_cubic.c:159-162
            epochStart = now & U32;
            ackCnt = 1;
            tcpCwnd = cwnd;
            if (lastMaxCwnd <= cwnd) {                                      // tcp_cubic.c:164-166
                bicK = 0;
                bicOriginPoint = cwnd;
            } else {                                                        // tcp_cubic.c:167-174
                bicK = cubicRoot(CUBE_FACTOR * (lastMaxCwnd - cwnd));
                bicOriginPoint = lastMaxCwnd;
            }
        }
        // t in 1/1024 s since the epoch, one minimum RTT ahead (tcp_cubic.c:192-193)
        long t = ((((now + (delayMin >> 3) - epochStart) & U32) << HZ_SHIFT) & U32) / HZ;
        long offs = t < bicK ? bicK - t : t - bicK;                         // tcp_cubic.c:195-198
        long delta = ((CUBE_RTT_SCALE * offs * offs * offs) >>> (10 + 3 * HZ_SHIFT)) & U32;   // tcp_cubic.c:201
        long bicTarget = t < bicK ? (bicOriginPoint - delta) & U32           // tcp_cubic.c:202-205
                : (bicOriginPoint + delta) & U32;
        if (bicTarget > cwnd) {                                             // tcp_cubic.c:208-212
            cnt = cwnd / (bicTarget - cwnd);
        } else {
            cnt = (100 * cwnd) & U32;
        }
        if (delayMin > 0) {                                                 // tcp_cubic.c:214-221
            long minCnt = ((cwnd * HZ * 8) & U32) / ((10 * MAX_INCREMENT * delayMin) & U32);
            if (cnt < minCnt && t >= bicK) {
                cnt = minCnt;
            }
        }
        if (lossCwnd == 0) {                                                // tcp_cubic.c:224-225
            cnt = 50;
        }
        if (TCP_FRIENDLINESS) {                                             // tcp_cubic.c:228-242
            long d = (cwnd * BETA_SCALE_FRIENDLY) >> 3;
            while (ackCnt > d) {
                ackCnt -= d;
                tcpCwnd++;
            }
            if (tcpCwnd > cwnd) {
                long maxCnt = cwnd / (tcpCwnd - cwnd);
                if (cnt > maxCnt) {
                    cnt = maxCnt;
                }
            }
        }
        cnt = ((cnt << ACK_RATIO_SHIFT) & U32) / delayedAck;               // tcp_cubic.c:244
        if (cnt == 0) {                                                     // tcp_cubic.c:245-246
            cnt = 1;
        }
    }

    /**
     * measure_delay (tcp_cubic.c:252-272): {@code tsecr} the echoed timestamp (ms, 0 none), at {@code now} ms.
     */
    public void measureDelay(long now, long tsecr) {
        if (tsecr == 0 || (int) (now - epochStart) < HZ) {                 // tcp_cubic.c:258-261
            return;
        }
        long delay = ((now - tsecr) << 3) & U32;                            // tcp_cubic.c:263
        if (delay == 0) {
            delay = 1;
        }
        if (delayMin == 0 || delayMin > delay) {                            // tcp_cubic.c:264-270
            delayMin = delay;
        }
    }

    /** bictcp_recalc_ssthresh (tcp_cubic.c:305-322): W_max with fast convergence; returns the new ssthresh. */
    public int recalcSsthresh(long sndCwnd) {
        epochStart = 0;                                                     // tcp_cubic.c:310
        if (sndCwnd < lastMaxCwnd && FAST_CONVERGENCE) {                    // tcp_cubic.c:313-317
            lastMaxCwnd = (sndCwnd * (BETA_SCALE + beta)) / (2 * BETA_SCALE);
        } else {
            lastMaxCwnd = sndCwnd;
        }
        lossCwnd = sndCwnd;                                                 // tcp_cubic.c:319
        return (int) Math.max((sndCwnd * beta) / BETA_SCALE, 2);            // tcp_cubic.c:321
    }

    /** bictcp_state (tcp_cubic.c:331-335): entering Loss resets everything. */
    public void setState(int newState) {
        if (newState == Ns2LinuxCubic.TCP_CA_LOSS) {
            reset();
        }
    }

    /** bictcp_acked (tcp_cubic.c:348-352): the packets/ACK ratio, in the Open state only. */
    public void pktsAcked(long cntAcked, int caState) {
        if (cntAcked > 0 && caState == Ns2LinuxCubic.TCP_CA_OPEN) {
            long c = (cntAcked - (delayedAck >> ACK_RATIO_SHIFT)) & U32;   // u32 cnt -= ..., tcp_cubic.c:340
            delayedAck = (delayedAck + c) & U32;                            // tcp_cubic.c:349
        }
    }

    /** {@code ca->cnt}: ACKs per window increase in congestion avoidance. */
    public long cnt() {
        return cnt;
    }

    /** {@code ca->last_max_cwnd}: W_max. */
    public long lastMaxCwnd() {
        return lastMaxCwnd;
    }

    public long lossCwnd() {
        return lossCwnd;
    }

    /** {@code ca->bic_K}: time to the origin, in 1/1024 s. */
    public long bicK() {
        return bicK;
    }

    public long bicOriginPoint() {
        return bicOriginPoint;
    }

    public long epochStart() {
        return epochStart;
    }

    /** {@code ca->tcp_cwnd}: the TCP-friendly estimate. */
    public long tcpCwnd() {
        return tcpCwnd;
    }

    public long ackCnt() {
        return ackCnt;
    }

    /** {@code ca->delay_min}: minimum RTT, ms times 8. */
    public long delayMin() {
        return delayMin;
    }

    /** {@code ca->delayed_ack}: packets per ACK times 16. */
    public long delayedAck() {
        return delayedAck;
    }
}
