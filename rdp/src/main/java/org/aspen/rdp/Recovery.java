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
 * </ul>
 */
public enum Recovery {
    CLASSIC,
    MODERN;

    /** {@code classic} or {@code modern} (any case); anything else is an error naming the value. */
    public static Recovery parse(String s) {
        if (s != null) {
            for (Recovery r : values()) {
                if (r.name().equalsIgnoreCase(s.trim())) {
                    return r;
                }
            }
        }
        throw new IllegalArgumentException("recovery must be classic or modern, not '" + s + "'");
    }

    /** The lower-case name used in configs and CLI options. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
