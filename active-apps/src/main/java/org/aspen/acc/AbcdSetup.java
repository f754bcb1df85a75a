package org.aspen.acc;

import java.util.Map;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.acc.abcd.AbcdMonitor;
import org.aspen.ee.AaInstance;
import org.aspen.ee.ExecutionEnvironment;

/**
 * One-call wiring of ACC-ABCD's monitor on a node (the router at the far end of the bottleneck),
 * with its jar packed from package {@code org.aspen.acc.abcd} (byte-identical in every process).
 *
 * <pre>{@code
 * AaInstance m = AbcdSetup.install(eeOf("r2"), AbcdConfig.DEFAULT.withInLink("r2-r1"));
 * long advices = m.metrics().getOrDefault("advicesSent", 0L);
 * }</pre>
 */
public final class AbcdSetup {
    private static byte[] monitor;

    private AbcdSetup() {
    }

    /** The monitor AA's jar. */
    public static synchronized byte[] monitorJar() {
        if (monitor == null) {
            monitor = AccJars.pack("org/aspen/acc/abcd/", AbcdMonitor.class, AbcdConfig.MONITOR_AA,
                    AbcdMonitor.class.getName(), "ACC-ABCD monitor: advises RDP senders to shrink and pace when available bandwidth is low");
        }
        return monitor.clone();
    }

    /** Trusts the monitor's jar on {@code ee} and starts it with {@code cfg}. */
    public static AaInstance install(ExecutionEnvironment ee, AbcdConfig cfg) {
        byte[] jar = monitorJar();
        ee.trust().allowJar(jar);
        return ee.startAa(jar, cfg.toParams());
    }

    /**
     * Starts the same AA as step 3's resizer on {@code ee} (the router at the near end of the monitored
     * link): it applies the packet size the monitor sends to the link toward the monitor.
     */
    public static AaInstance installResizer(ExecutionEnvironment ee, AbcdConfig cfg) {
        byte[] jar = monitorJar();
        ee.trust().allowJar(jar);
        return ee.startAa(jar, cfg.withRole(AbcdConfig.ROLE_RESIZER).toParams());
    }

    /** The monitor's counter {@code name} on {@code ee} (0 when not running). */
    public static long counter(ExecutionEnvironment ee, String name) {
        AaInstance i = ee.running(AbcdConfig.MONITOR_AA);
        Map<String, Long> m = i == null ? Map.of() : i.metrics();
        return m.getOrDefault(name, 0L);
    }
}
