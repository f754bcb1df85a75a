package org.aspen.lab.build;

import java.util.Map;
import java.util.Set;
import org.aspen.acc.AccSetup;
import org.aspen.acc.aa.AccConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.vnet.config.Units;

/**
 * A node's {@code acc} field: which ACC AAs the lab wires on the node's EE.
 *
 * <pre>{@code
 * acc: filter                                    # filter code cached: upstream filters start here on demand
 * acc: monitor                                   # the monitor with AccConfig.DEFAULT (and the filter code)
 * acc: {monitor: true, minRtt: 40ms, maxDelete: 64, filterLifetime: 2s, localFilter: true}
 * acc: {deletion: range, oncePerSrtt: true, skipRecovery: true}   # Aspen's earlier, non-paper choices
 * acc: {notify: window-only}                      # the notification sets the window only (the paper's text)
 * }</pre>
 *
 * {@code deletion} is {@code until-reaction} (the paper's, default) or {@code range};
 * {@code notify} is {@code resend} (default: the sender resends the dropped segment the notification names) or
 * {@code window-only} (RDP's NTF flag {@code WINDOW_ONLY}: the window only, the drop left to the sender's recovery);
 * {@code oncePerSrtt} and {@code skipRecovery} are off by default (the paper acts on every drop).
 *
 * Counters of the running AAs appear in the node report ({@code ee}) and as {@code counter}
 * expectations {@code aa.acc-monitor.metrics.notificationsSent}, {@code aa.acc-filter.metrics.packetsFiltered}.
 *
 * @param monitor run the monitor (which also deploys the filter code)
 * @param config  the monitor's settings
 */
public record NodeAcc(boolean monitor, AccConfig config) {
    private static final Set<String> KEYS = Set.of("monitor", "minRtt", "maxDelete", "filterLifetime", "localFilter",
            "deletion", "oncePerSrtt", "skipRecovery", "notify");

    /** Parses the field; null when absent. Throws IllegalArgumentException naming the problem. */
    public static NodeAcc parse(Object acc) {
        if (acc == null) {
            return null;
        }
        if (acc instanceof String s) {
            return switch (s) {
                case "filter" -> new NodeAcc(false, AccConfig.DEFAULT);
                case "monitor" -> new NodeAcc(true, AccConfig.DEFAULT);
                default -> throw new IllegalArgumentException("'" + s + "' is not 'monitor', 'filter' or a mapping");
            };
        }
        if (!(acc instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("must be 'monitor', 'filter' or a mapping {monitor: true, minRtt: ...}");
        }
        for (Object k : m.keySet()) {
            if (!KEYS.contains(String.valueOf(k))) {
                throw new IllegalArgumentException("unknown key '" + k + "' (known: " + String.join(", ", new java.util.TreeSet<>(KEYS)) + ")");
            }
        }
        AccConfig c = AccConfig.DEFAULT;
        if (m.get("minRtt") != null) {
            c = c.withMinRttMicros(Units.nanos("minRtt", m.get("minRtt")) / 1000);
        }
        if (m.get("maxDelete") != null) {
            c = c.withMaxDelete(integer(m.get("maxDelete"), "maxDelete"));
        }
        if (m.get("filterLifetime") != null) {
            c = c.withFilterMaxLifetimeMs(Math.max(1, Units.nanos("filterLifetime", m.get("filterLifetime")) / 1_000_000));
        }
        if (m.get("localFilter") != null) {
            c = c.withLocalFilter(bool(m.get("localFilter"), "localFilter"));
        }
        if (m.get("deletion") != null) {
            c = c.withDeletion(AccConfig.Deletion.byId(String.valueOf(m.get("deletion"))));
        }
        if (m.get("oncePerSrtt") != null) {
            c = c.withOncePerSrtt(bool(m.get("oncePerSrtt"), "oncePerSrtt"));
        }
        if (m.get("skipRecovery") != null) {
            c = c.withSkipRecovery(bool(m.get("skipRecovery"), "skipRecovery"));
        }
        if (m.get("notify") != null) {
            c = c.withNotification(AccConfig.Notify.byId(String.valueOf(m.get("notify"))));
        }
        boolean monitor = m.get("monitor") == null || bool(m.get("monitor"), "monitor");
        return new NodeAcc(monitor, c);
    }

    private static int integer(Object v, String key) {
        if (v instanceof Integer i) {
            return i;
        }
        throw new IllegalArgumentException(key + ": '" + v + "' is not a whole number");
    }

    private static boolean bool(Object v, String key) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException(key + ": '" + v + "' is not true or false");
    }

    /** Wires the AAs on {@code ee} (on the node's loop). */
    public void install(ExecutionEnvironment ee) {
        if (monitor) {
            AccSetup.install(ee, config);
        } else {
            AccSetup.installFilter(ee);
        }
    }
}
