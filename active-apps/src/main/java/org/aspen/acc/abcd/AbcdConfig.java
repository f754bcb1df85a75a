package org.aspen.acc.abcd;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parameters of the ACC-ABCD monitor, passed as AA start parameters (strings).
 *
 * <pre>{@code
 * Map<String, String> params = AbcdConfig.DEFAULT.withInLink("r2-r1").withCapacityBps(2_000_000).toParams();
 * AbcdConfig back = AbcdConfig.fromParams(params);     // unknown keys and non-numbers fail with the key
 * }</pre>
 *
 * @param thresholdBps available bandwidth below which senders are told to shrink (paper: 0.5 Mb/s)
 * @param stepBytes    segment bytes taken off per {@code stepBps} below the threshold (paper: 200)
 * @param stepBps      (paper: 0.1 Mb/s)
 * @param minSegment   floor of the advised segment size, bytes
 * @param kMs          equation 4.2's K, 100-500 ms
 * @param averagingMs  time constant of the available-bandwidth average; 0: none, each triplet alone
 * @param capacityBps  capacity of the monitored link; 0: the link's configured rate, else learned from packet pairs
 * @param inLink       name of the link whose arrivals are measured (the bottleneck's far end); empty: every link
 * @param lifetimeMs   advice lifetime at the sender (it lapses unless renewed), 1-65535
 * @param refreshMs    least time between two advices to one flow while below the threshold
 * @param resize       step 3: the monitor also tells the router at the near end of {@code inLink} the step-2
 *                     packet size, and that router splits larger packets it sends over the link (default on)
 * @param role         {@code monitor} (estimate and advise) or {@code resizer} (on the near-end router: apply
 *                     the packet size a neighbouring monitor sends)
 * @param rate         the pace advised under the threshold: {@code own} (each flow's own rate by equation 4.2
 *                     over its packets, the default) or {@code fair} (the text's "fair rate ... such that the
 *                     aggregate incoming rate equals the link capacity": one max-min share for every flow,
 *                     {@link AbcdRule#fairShare}; docs/abcd.md)
 */
public record AbcdConfig(long thresholdBps, int stepBytes, long stepBps, int minSegment, int kMs, long averagingMs,
                         long capacityBps, String inLink, int lifetimeMs, long refreshMs, boolean resize, String role,
                         String rate) {
    public static final String MONITOR_AA = "abcd-monitor";
    public static final String ROLE_MONITOR = "monitor";
    public static final String ROLE_RESIZER = "resizer";
    public static final String RATE_OWN = "own";
    public static final String RATE_FAIR = "fair";
    public static final AbcdConfig DEFAULT = new AbcdConfig(500_000, 200, 100_000, 200, 200, 2000, 0, "", 2000, 200, true, ROLE_MONITOR,
            RATE_OWN);

    public AbcdConfig {
        rule(thresholdBps, stepBytes, stepBps, minSegment, kMs);
        if (averagingMs < 0 || capacityBps < 0 || lifetimeMs < 1 || lifetimeMs > 0xffff || refreshMs < 1) {
            throw new IllegalArgumentException("ABCD: averagingMs >= 0, capacityBps >= 0, lifetimeMs 1-65535, refreshMs >= 1");
        }
        inLink = inLink == null ? "" : inLink;
        role = role == null ? ROLE_MONITOR : role;
        if (!role.equals(ROLE_MONITOR) && !role.equals(ROLE_RESIZER)) {
            throw new IllegalArgumentException("ABCD parameter role must be monitor or resizer: '" + role + "'");
        }
        rate = rate == null ? RATE_OWN : rate;
        if (!rate.equals(RATE_OWN) && !rate.equals(RATE_FAIR)) {
            throw new IllegalArgumentException("ABCD parameter rate must be own or fair: '" + rate + "'");
        }
    }

    private static AbcdRule rule(long thresholdBps, int stepBytes, long stepBps, int minSegment, int kMs) {
        return new AbcdRule(thresholdBps, stepBytes, stepBps, minSegment, kMs);
    }

    public AbcdRule rule() {
        return rule(thresholdBps, stepBytes, stepBps, minSegment, kMs);
    }

    public AbcdConfig withInLink(String v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, kMs, averagingMs, capacityBps, v, lifetimeMs, refreshMs, resize, role, rate);
    }

    public AbcdConfig withCapacityBps(long v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, kMs, averagingMs, v, inLink, lifetimeMs, refreshMs, resize, role, rate);
    }

    public AbcdConfig withThresholdBps(long v) {
        return new AbcdConfig(v, stepBytes, stepBps, minSegment, kMs, averagingMs, capacityBps, inLink, lifetimeMs, refreshMs, resize, role, rate);
    }

    public AbcdConfig withAveragingMs(long v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, kMs, v, capacityBps, inLink, lifetimeMs, refreshMs, resize, role, rate);
    }

    public AbcdConfig withKMs(int v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, v, averagingMs, capacityBps, inLink, lifetimeMs, refreshMs, resize, role, rate);
    }

    public AbcdConfig withMinSegment(int v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, v, kMs, averagingMs, capacityBps, inLink, lifetimeMs, refreshMs, resize, role, rate);
    }

    public AbcdConfig withResize(boolean v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, kMs, averagingMs, capacityBps, inLink, lifetimeMs, refreshMs, v, role, rate);
    }

    public AbcdConfig withRole(String v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, kMs, averagingMs, capacityBps, inLink, lifetimeMs, refreshMs, resize, v, rate);
    }

    public AbcdConfig withRate(String v) {
        return new AbcdConfig(thresholdBps, stepBytes, stepBps, minSegment, kMs, averagingMs, capacityBps, inLink, lifetimeMs, refreshMs, resize, role, v);
    }

    /** True when the pace advised is the fair rate ({@code rate: fair}). */
    public boolean fairRate() {
        return rate.equals(RATE_FAIR);
    }

    /** The parameters as strings; {@code rate} only when not {@code own}, so earlier runs' records are unchanged. */
    public Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("thresholdBps", Long.toString(thresholdBps));
        m.put("stepBytes", Integer.toString(stepBytes));
        m.put("stepBps", Long.toString(stepBps));
        m.put("minSegment", Integer.toString(minSegment));
        m.put("kMs", Integer.toString(kMs));
        m.put("averagingMs", Long.toString(averagingMs));
        m.put("capacityBps", Long.toString(capacityBps));
        m.put("inLink", inLink);
        m.put("lifetimeMs", Integer.toString(lifetimeMs));
        m.put("refreshMs", Long.toString(refreshMs));
        m.put("resize", Boolean.toString(resize));
        m.put("role", role);
        if (!rate.equals(RATE_OWN)) {
            m.put("rate", rate);
        }
        return m;
    }

    /** Reads start parameters; absent keys keep their defaults; unknown keys and bad numbers fail naming the key. */
    public static AbcdConfig fromParams(Map<String, String> p) {
        AbcdConfig d = DEFAULT;
        Map<String, String> known = d.withRate(RATE_FAIR).toParams();
        for (String k : p.keySet()) {
            if (!known.containsKey(k)) {
                throw new IllegalArgumentException("unknown ABCD parameter '" + k + "' (known: " + known.keySet() + ")");
            }
        }
        return new AbcdConfig(num(p, "thresholdBps", d.thresholdBps), (int) num(p, "stepBytes", d.stepBytes),
                num(p, "stepBps", d.stepBps), (int) num(p, "minSegment", d.minSegment), (int) num(p, "kMs", d.kMs),
                num(p, "averagingMs", d.averagingMs), num(p, "capacityBps", d.capacityBps),
                p.getOrDefault("inLink", d.inLink), (int) num(p, "lifetimeMs", d.lifetimeMs),
                num(p, "refreshMs", d.refreshMs), bool(p, "resize", d.resize), p.getOrDefault("role", d.role).trim(),
                p.getOrDefault("rate", d.rate).trim());
    }

    private static boolean bool(Map<String, String> p, String key, boolean dflt) {
        String v = p.get(key);
        if (v == null) {
            return dflt;
        }
        return switch (v.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("ABCD parameter " + key + " must be true or false: '" + v + "'");
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
            throw new IllegalArgumentException("ABCD parameter " + key + " must be an integer: '" + v + "'");
        }
    }
}
