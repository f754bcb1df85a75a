package org.aspen.acc.aa;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ACC monitor's settings; they travel to the AA as its start parameters.
 *
 * <pre>{@code
 * AccConfig cfg = AccConfig.DEFAULT.withMinRttMicros(50_000);   // stay out of connections under 50 ms
 * Map<String, String> params = cfg.toParams();                  // what ee.startAa(jar, params) takes
 * AccConfig back = AccConfig.fromParams(params);
 * AccConfig paper = AccConfig.DEFAULT.withNotification(AccConfig.Notify.WINDOW_ONLY);   // notify the window, resend nothing
 * }</pre>
 *
 * @param minRttMicros       connections whose carried smoothed RTT is below this are left alone
 *                           (the paper's low bandwidth-delay inhibition); 0 acts on every RTT
 * @param maxDelete          cap on the packets one filter deletes (and the delete count notified)
 * @param filterMaxLifetimeMs a filter lives at most 2 x the connection's srtt, and never longer than this
 * @param localFilter        when the upstream neighbour is the sender itself (it cannot divert its own
 *                           packets), run the filter on this node instead of none
 * @param filterAa           name of the filter AA whose code (in this node's cache) upstream nodes start
 * @param deletion           what a filter deletes: {@link Deletion#UNTIL_REACTION} (the paper's rule, the
 *                           default) or {@link Deletion#RANGE} (the window's worth after the drop)
 * @param oncePerSrtt        act at most once per connection per carried srtt (not in the paper, which acts
 *                           on every drop and lets the endpoint's once-per-window rule absorb the rest); off by default
 * @param skipRecovery       leave drops of senders already in recovery alone (not in the paper); off by default
 * @param notification       what the monitor's notification asks of the sender: {@link Notify#RESEND} (the default,
 *                           Aspen's reading: resend the dropped segment at once) or {@link Notify#WINDOW_ONLY} (the
 *                           paper's text: the window only, the drop left to TCP's own recovery)
 */
public record AccConfig(long minRttMicros, int maxDelete, long filterMaxLifetimeMs, boolean localFilter,
                        String filterAa, Deletion deletion, boolean oncePerSrtt, boolean skipRecovery, Notify notification) {
    public static final String FILTER_AA = "acc-filter";
    public static final String MONITOR_AA = "acc-monitor";
    /** The paper's monitor and filter: every drop acted on, the filter deleting until the sender reacts. */
    public static final AccConfig DEFAULT = new AccConfig(0, 256, 2000, true, FILTER_AA, Deletion.UNTIL_REACTION, false, false,
            Notify.RESEND);

    /**
     * What the monitor's notification of a drop asks of the sender (the filter's own notices of what it
     * deleted always name those segments for a resend).
     */
    public enum Notify {
        /**
         * Aspen's reading, the default: the notification names the dropped segment, and the sender treats it as
         * lost and resends it at once (docs/acc.md, "Notification").
         */
        RESEND("resend"),
        /**
         * The paper's text ("forwards a packet with the new window size to the endpoint"; "ACC/TCP follows the
         * same algorithm as TCP, including fast retransmission"): the notification carries the window, with the
         * dropped segment only as its reference (RDP's NTF flag {@code WINDOW_ONLY}); the sender resends
         * nothing for it, and TCP's fast retransmit or timer repairs the drop.
         */
        WINDOW_ONLY("window-only");

        /** The name in parameters, scenario files and on the command line. */
        public final String id;

        Notify(String id) {
            this.id = id;
        }

        /** The choice named {@code id}; IllegalArgumentException naming the known ones otherwise. */
        public static Notify byId(String id) {
            for (Notify n : values()) {
                if (n.id.equals(id)) {
                    return n;
                }
            }
            throw new IllegalArgumentException("unknown ACC notification '" + id + "' (known: resend, window-only)");
        }
    }

    /** What an ACC filter deletes. */
    public enum Deletion {
        /**
         * The paper's rule: "deletes all packets from that endpoint until it begins to act on the router's
         * feedback (or it has detected congestion itself)": every data segment sent after the dropped one
         * until a packet's carried state shows the reaction, bounded by the filter's lifetime (and
         * {@link AccConfig#maxDelete()}).
         */
        UNTIL_REACTION("until-reaction"),
        /** The segments numbered dropped + 1 .. dropped + (carried window - notified window): Aspen's earlier rule. */
        RANGE("range");

        /** The name in parameters and scenario files. */
        public final String id;

        Deletion(String id) {
            this.id = id;
        }

        /** The rule named {@code id}; IllegalArgumentException naming the known ones otherwise. */
        public static Deletion byId(String id) {
            for (Deletion d : values()) {
                if (d.id.equals(id)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("unknown ACC deletion rule '" + id + "' (known: until-reaction, range)");
        }
    }

    public AccConfig {
        if (minRttMicros < 0 || maxDelete < 1 || maxDelete > 0xffff || filterMaxLifetimeMs < 1
                || filterAa == null || filterAa.isBlank() || deletion == null || notification == null) {
            throw new IllegalArgumentException("bad ACC config: minRttMicros >= 0, maxDelete 1-65535, "
                    + "filterMaxLifetimeMs >= 1, a filter AA name, a deletion rule and a notification are required: " + this);
        }
    }

    public AccConfig withMinRttMicros(long v) {
        return new AccConfig(v, maxDelete, filterMaxLifetimeMs, localFilter, filterAa, deletion, oncePerSrtt, skipRecovery, notification);
    }

    public AccConfig withMaxDelete(int v) {
        return new AccConfig(minRttMicros, v, filterMaxLifetimeMs, localFilter, filterAa, deletion, oncePerSrtt, skipRecovery, notification);
    }

    public AccConfig withFilterMaxLifetimeMs(long v) {
        return new AccConfig(minRttMicros, maxDelete, v, localFilter, filterAa, deletion, oncePerSrtt, skipRecovery, notification);
    }

    public AccConfig withLocalFilter(boolean v) {
        return new AccConfig(minRttMicros, maxDelete, filterMaxLifetimeMs, v, filterAa, deletion, oncePerSrtt, skipRecovery, notification);
    }

    public AccConfig withDeletion(Deletion v) {
        return new AccConfig(minRttMicros, maxDelete, filterMaxLifetimeMs, localFilter, filterAa, v, oncePerSrtt, skipRecovery, notification);
    }

    public AccConfig withOncePerSrtt(boolean v) {
        return new AccConfig(minRttMicros, maxDelete, filterMaxLifetimeMs, localFilter, filterAa, deletion, v, skipRecovery, notification);
    }

    public AccConfig withSkipRecovery(boolean v) {
        return new AccConfig(minRttMicros, maxDelete, filterMaxLifetimeMs, localFilter, filterAa, deletion, oncePerSrtt, v, notification);
    }

    public AccConfig withNotification(Notify v) {
        return new AccConfig(minRttMicros, maxDelete, filterMaxLifetimeMs, localFilter, filterAa, deletion, oncePerSrtt, skipRecovery, v);
    }

    /** The start parameters; {@code notify} (the notification) only when not the default, so older parameter maps (and summaries) stay as they were. */
    public Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("minRttMicros", Long.toString(minRttMicros));
        m.put("maxDelete", Integer.toString(maxDelete));
        m.put("filterMaxLifetimeMs", Long.toString(filterMaxLifetimeMs));
        m.put("localFilter", Boolean.toString(localFilter));
        m.put("filterAa", filterAa);
        m.put("deletion", deletion.id);
        m.put("oncePerSrtt", Boolean.toString(oncePerSrtt));
        m.put("skipRecovery", Boolean.toString(skipRecovery));
        if (notification != Notify.RESEND) {
            m.put("notify", notification.id);
        }
        return m;
    }

    /** Reads start parameters; absent keys keep their defaults; bad values fail with the key's name. */
    public static AccConfig fromParams(Map<String, String> p) {
        AccConfig d = DEFAULT;
        for (String k : p.keySet()) {
            if (!d.toParams().containsKey(k) && !k.equals("notify")) {
                throw new IllegalArgumentException("unknown ACC parameter '" + k + "' (known: " + d.toParams().keySet()
                        + ", notify)");
            }
        }
        return new AccConfig(num(p, "minRttMicros", d.minRttMicros), (int) num(p, "maxDelete", d.maxDelete),
                num(p, "filterMaxLifetimeMs", d.filterMaxLifetimeMs),
                bool(p, "localFilter", d.localFilter), p.getOrDefault("filterAa", d.filterAa),
                Deletion.byId(p.getOrDefault("deletion", d.deletion.id)), bool(p, "oncePerSrtt", d.oncePerSrtt),
                bool(p, "skipRecovery", d.skipRecovery), Notify.byId(p.getOrDefault("notify", d.notification.id).trim()));
    }

    private static boolean bool(Map<String, String> p, String key, boolean dflt) {
        String v = p.get(key);
        if (v == null) {
            return dflt;
        }
        return switch (v.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("ACC parameter " + key + " must be true or false: '" + v + "'");
        };
    }

    private static long num(Map<String, String> p, String key, long dflt) {
        String v = p.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ACC parameter " + key + " must be an integer: '" + v + "'");
        }
    }
}
