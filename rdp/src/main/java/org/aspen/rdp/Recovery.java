package org.aspen.rdp;

import java.util.Locale;

/**
 * How an RDP sender finds and repairs lost segments ({@link RdpOptions#recovery}).
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withRecovery(Recovery.MODERN);
 * Recovery r = Recovery.parse("modern");
 * }</pre>
 *
 * <ul>
 *   <li>{@link #CLASSIC}: the recovery of ACC's RDP and of every experiment: fast retransmit on three
 *       duplicate ACKs (or three EACKed segments), NewReno's partial ACKs (RFC 6582), one RTO timer
 *       restarted by every new ACK. The library default.</li>
 *   <li>{@link #MODERN}: the recovery of today's TCPs on the same EACKs ({@link ModernRecovery}): a
 *       scoreboard that resends every known hole within a round trip (RFC 6675's pipe), proportional
 *       rate reduction for the window during recovery (RFC 6937), RACK-TLP's time-based loss detection
 *       and tail-loss probe (RFC 8985), an RTO per RFC 6298 timed from the oldest outstanding segment,
 *       undo of a reduction whose retransmissions were all spurious, and cwnd validation (RFC 7661).
 *       The congestion control stays the strategy's (Reno's) outside recovery. The default of
 *       {@code aspen send} and of a real node's code fetch.</li>
 *   <li>{@link #IMPATIENT}: {@link #CLASSIC} with the timer rule of the NewReno it cites (RFC 6582,
 *       section 3.2 step 5, "Impatient" in its section 4; RFC 3782 had the same): within one fast
 *       recovery only the first partial ACK restarts the RTO, so a window that lost many segments
 *       times out one RTO after its first partial ACK and is resent from SND.UNA (EACKed segments
 *       skipped) in slow start, instead of one hole per round trip with the timer restarted by each
 *       (CLASSIC: a thousand holes take a thousand round trips, docs/traces/aecn-contradictions.md).
 *       Opt-in: no experiment's committed results use it.</li>
 * </ul>
 */
public enum Recovery {
    CLASSIC,
    MODERN,
    IMPATIENT;

    /** {@code classic}, {@code modern} or {@code impatient} (any case); anything else is an error naming the value. */
    public static Recovery parse(String s) {
        if (s != null) {
            for (Recovery r : values()) {
                if (r.name().equalsIgnoreCase(s.trim())) {
                    return r;
                }
            }
        }
        throw new IllegalArgumentException("recovery must be classic, modern or impatient, not '" + s + "'");
    }

    /** The lower-case name used in configs and CLI options. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
