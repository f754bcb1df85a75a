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
 * }</pre>
 *
 * @param minRttMicros       connections whose carried smoothed RTT is below this are left alone
 *                           (the paper's low bandwidth-delay inhibition); 0 acts on every RTT
 * @param maxDelete          cap on the packets one filter deletes (and the delete count notified)
 * @param filterMaxLifetimeMs a filter lives at most 2 x the connection's srtt, and never longer than this
 * @param localFilter        when the upstream neighbour is the sender itself (it cannot divert its own
 *                           packets), run the filter on this node instead of none
 * @param filterAa           name of the filter AA whose code (in this node's cache) upstream nodes start
 */
public record AccConfig(long minRttMicros, int maxDelete, long filterMaxLifetimeMs, boolean localFilter,
                        String filterAa) {
    public static final String FILTER_AA = "acc-filter";
    public static final String MONITOR_AA = "acc-monitor";
    public static final AccConfig DEFAULT = new AccConfig(0, 256, 2000, true, FILTER_AA);

    public AccConfig {
        if (minRttMicros < 0 || maxDelete < 1 || maxDelete > 0xffff || filterMaxLifetimeMs < 1
                || filterAa == null || filterAa.isBlank()) {
            throw new IllegalArgumentException("bad ACC config: minRttMicros >= 0, maxDelete 1-65535, "
                    + "filterMaxLifetimeMs >= 1 and a filter AA name are required: " + this);
        }
    }

    public AccConfig withMinRttMicros(long v) {
        return new AccConfig(v, maxDelete, filterMaxLifetimeMs, localFilter, filterAa);
    }

    public AccConfig withMaxDelete(int v) {
        return new AccConfig(minRttMicros, v, filterMaxLifetimeMs, localFilter, filterAa);
    }

    public AccConfig withFilterMaxLifetimeMs(long v) {
        return new AccConfig(minRttMicros, maxDelete, v, localFilter, filterAa);
    }

    public AccConfig withLocalFilter(boolean v) {
        return new AccConfig(minRttMicros, maxDelete, filterMaxLifetimeMs, v, filterAa);
    }

    public Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("minRttMicros", Long.toString(minRttMicros));
        m.put("maxDelete", Integer.toString(maxDelete));
        m.put("filterMaxLifetimeMs", Long.toString(filterMaxLifetimeMs));
        m.put("localFilter", Boolean.toString(localFilter));
        m.put("filterAa", filterAa);
        return m;
    }

    /** Reads start parameters; absent keys keep their defaults; bad values fail with the key's name. */
    public static AccConfig fromParams(Map<String, String> p) {
        AccConfig d = DEFAULT;
        for (String k : p.keySet()) {
            if (!d.toParams().containsKey(k)) {
                throw new IllegalArgumentException("unknown ACC parameter '" + k + "' (known: " + d.toParams().keySet() + ")");
            }
        }
        return new AccConfig(num(p, "minRttMicros", d.minRttMicros), (int) num(p, "maxDelete", d.maxDelete),
                num(p, "filterMaxLifetimeMs", d.filterMaxLifetimeMs),
                Boolean.parseBoolean(p.getOrDefault("localFilter", Boolean.toString(d.localFilter))),
                p.getOrDefault("filterAa", d.filterAa));
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
