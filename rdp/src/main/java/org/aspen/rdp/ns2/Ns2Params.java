package org.aspen.rdp.ns2;

import java.util.List;
import java.util.Map;

/**
 * The Agent/TCP variables the ns-2.35 agents ({@link Ns2Reno}, {@link Ns2NewReno}) use, named after
 * ns-2's without the trailing underscore, with ns-2.35's defaults ({@code tcl/lib/ns-default.tcl},
 * line cited beside each). Times are in seconds, as in ns-2.
 *
 * <pre>{@code
 * Ns2Params p = Ns2Params.defaults().with(Map.of("window", 64.0, "minrto", 1.0));
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(p));
 * }</pre>
 *
 * @param window                 {@code window_}: the receiver's window bound, packets (ns-default.tcl:919)
 * @param windowInit             {@code windowInit_}: initial cwnd, packets (ns-default.tcl:920)
 * @param maxcwnd                {@code maxcwnd_}: cwnd cap, 0 none (ns-default.tcl:908)
 * @param tcpTick                {@code tcpTick_}: timer granularity, s (ns-default.tcl:952)
 * @param minrto                 {@code minrto_}, s (ns-default.tcl:956)
 * @param maxrto                 {@code maxrto_}, s (ns-default.tcl:954)
 * @param rtxcurInit             {@code rtxcur_init_}: RTO before a sample, s (ns-default.tcl:961)
 * @param srttInit               {@code srtt_init_}, s (ns-default.tcl:959)
 * @param rttvarInit             {@code rttvar_init_}, s (ns-default.tcl:960)
 * @param srttBits               {@code T_SRTT_BITS} (ns-default.tcl:962)
 * @param rttvarBits             {@code T_RTTVAR_BITS} (ns-default.tcl:963)
 * @param rttvarExp              {@code rttvar_exp_} (ns-default.tcl:964)
 * @param numdupacks             {@code numdupacks_} (ns-default.tcl:909)
 * @param singledup              {@code singledup_}: limited transmit (ns-default.tcl:987)
 * @param bugFix                 {@code bugFix_}: no second fast retransmit for one window (ns-default.tcl:939)
 * @param syn                    {@code syn_}: seqno 0 is a header-only SYN; RDP's SYN plays it, so its round
 *                               trip is the first RTT sample (ns-default.tcl:922)
 * @param newrenoChanges1        {@code newreno_changes1_}: only the first partial ACK restarts the timer
 *                               (ns-default.tcl:1080)
 * @param partialWindowDeflation {@code partial_window_deflation_} (ns-default.tcl:1081)
 * @param bootTime               ns-2's {@code boot_time_} (tcp.cc:470, uniform in [0, tcpTick) from the
 *                               seeded random source); NaN draws it, a value in [0, tcpTick) fixes it
 *                               (scripted tests, cross-validation)
 * @param setCwrOnRetransmit     {@code SetCWRonRetransmit_}: CWR on the first packet after a window
 *                               reduction even when it is a retransmission (tcp.cc:694-697). True, as
 *                               ns-2.35 (ns-default.tcl:1027-1028: "added on 2005/06/19", "default
 *                               changed on 2008/06/05"; tcp-full.cc:1111) and as every ns-2 before the
 *                               variable existed, whose output() set CWR whenever cong_action_ was set
 *                               (tcp.cc rev 1.99, 2000). Only 2005-06 to 2008-06 defaulted to false, an
 *                               era no paper's reading falls in. {@code SetCWRonRetransmit: 0} gives CWR
 *                               on the first new packet only (RDP's rule; every ns-2 result before
 *                               issue 29's model fix), for comparison.
 */
public record Ns2Params(double window, double windowInit, int maxcwnd, double tcpTick, double minrto, double maxrto,
                        double rtxcurInit, double srttInit, double rttvarInit, int srttBits, int rttvarBits,
                        int rttvarExp, int numdupacks, boolean singledup, boolean bugFix, boolean syn,
                        boolean newrenoChanges1, boolean partialWindowDeflation, double bootTime,
                        boolean setCwrOnRetransmit) {
    /** The names {@link #with} accepts (ns-2's, without the trailing underscore). */
    public static final List<String> NAMES = List.of("window", "windowInit", "maxcwnd", "tcpTick",
            "minrto", "maxrto", "rtxcur_init", "srtt_init", "rttvar_init", "T_SRTT_BITS", "T_RTTVAR_BITS",
            "rttvar_exp", "numdupacks", "singledup", "bugFix", "syn", "newreno_changes1", "partial_window_deflation",
            "boot_time", "SetCWRonRetransmit");

    public Ns2Params {
        check(window >= 1, "window", "must be at least 1 packet");
        check(windowInit >= 1, "windowInit", "must be at least 1 packet");
        check(maxcwnd >= 0, "maxcwnd", "must be 0 (none) or positive");
        check(tcpTick > 0, "tcpTick", "must be positive");
        check(minrto >= 0 && maxrto >= minrto, "minrto", "must be at least 0 and at most maxrto");
        check(rtxcurInit > 0, "rtxcur_init", "must be positive");
        check(srttInit >= 0, "srtt_init", "must be at least 0");
        check(rttvarInit >= 0, "rttvar_init", "must be at least 0");
        check(srttBits >= 1 && srttBits <= 8, "T_SRTT_BITS", "must be 1-8");
        check(rttvarBits >= 1 && rttvarBits <= srttBits, "T_RTTVAR_BITS", "must be 1-T_SRTT_BITS");
        check(rttvarExp >= 0 && rttvarExp <= 8, "rttvar_exp", "must be 0-8");
        check(numdupacks >= 1, "numdupacks", "must be at least 1");
        check(Double.isNaN(bootTime) || (bootTime >= 0 && bootTime < tcpTick), "boot_time",
                "must be in [0, tcpTick)");
    }

    private static void check(boolean ok, String name, String what) {
        if (!ok) {
            throw new IllegalArgumentException("ns2." + name + " " + what);
        }
    }

    /** ns-2.35's defaults (ns-default.tcl lines above; SetCWRonRetransmit_ true, line 1027); boot_time drawn. */
    public static Ns2Params defaults() {
        return new Ns2Params(20, 2, 0, 0.01, 0.2, 60, 3.0, 0, 12, 3, 2, 2, 3, true, true, true, true, true,
                Double.NaN, true);
    }

    /**
     * Agent/TCP/Linux's defaults: ns-2.35's Agent/TCP ones with maxrto_ 120 s (ns-default.tcl:1579-1582:
     * rtxcur_init_ 3, maxrto_ 120, minrto_ 0.2, the others as Agent/TCP's).
     */
    public static Ns2Params linuxDefaults() {
        return defaults().with(Map.of("maxrto", 120.0));
    }

    /**
     * These parameters with ns-2 variables overridden by name ({@link #NAMES}); booleans as 0/1.
     * Throws IllegalArgumentException naming the variable for an unknown name or a bad value.
     */
    public Ns2Params with(Map<String, ? extends Number> overrides) {
        double[] v = {window, windowInit, maxcwnd, tcpTick, minrto, maxrto, rtxcurInit, srttInit, rttvarInit,
            srttBits, rttvarBits, rttvarExp, numdupacks, b(singledup), b(bugFix), b(syn), b(newrenoChanges1),
            b(partialWindowDeflation), bootTime, b(setCwrOnRetransmit)};
        for (Map.Entry<String, ? extends Number> e : overrides.entrySet()) {
            int i = NAMES.indexOf(e.getKey());
            if (i < 0) {
                throw new IllegalArgumentException("ns2." + e.getKey() + " is not a known Agent/TCP variable (known: "
                        + String.join(", ", NAMES) + ")");
            }
            double x = e.getValue().doubleValue();
            boolean integral = i == 2 || (i >= 9 && i <= 17) || i == 19;
            if (Double.isNaN(x) || Double.isInfinite(x) || (integral && x != Math.rint(x))) {
                throw new IllegalArgumentException("ns2." + e.getKey() + " must be " + (integral ? "an integer" : "a number")
                        + ", got " + e.getValue());
            }
            if (((i >= 13 && i <= 17) || i == 19) && x != 0 && x != 1) {
                throw new IllegalArgumentException("ns2." + e.getKey() + " must be 0 or 1, got " + e.getValue());
            }
            v[i] = x;
        }
        return new Ns2Params(v[0], v[1], (int) v[2], v[3], v[4], v[5], v[6], v[7], v[8], (int) v[9], (int) v[10],
                (int) v[11], (int) v[12], v[13] != 0, v[14] != 0, v[15] != 0, v[16] != 0, v[17] != 0, v[18], v[19] != 0);
    }

    private static double b(boolean x) {
        return x ? 1 : 0;
    }
}
