package org.aspen.acc;

import java.util.Map;
import org.aspen.acc.aa.AccConfig;
import org.aspen.ee.AaInstance;
import org.aspen.ee.ExecutionEnvironment;

/**
 * One-call wiring of ACC on a node, for labs and boot configurations.
 *
 * <pre>{@code
 * for (ExecutionEnvironment ee : allEes) AccSetup.installFilter(ee);     // upstream routers: filter code cached
 * AaInstance monitor = AccSetup.install(congestedEe, AccConfig.DEFAULT);  // the node whose queue drops
 * long notes = monitor.metrics().getOrDefault("notificationsSent", 0L);
 * }</pre>
 *
 * Both trust the bundled jars by digest on that node (labs trust their bundled AAs). A node that did
 * not get {@link #installFilter} still starts the filter on demand if it {@link #trust}s the jars
 * and its EE has a code fetcher: it fetches the code from the monitor's node, which
 * {@link #install} deploys it to.
 */
public final class AccSetup {
    private AccSetup() {
    }

    /** Trusts both ACC jars, deploys the filter's code, starts the monitor with {@code cfg}. */
    public static AaInstance install(ExecutionEnvironment ee, AccConfig cfg) {
        installFilter(ee);
        byte[] monitor = AccJars.monitor();
        ee.trust().allowJar(monitor);
        return ee.startAa(monitor, cfg.toParams());
    }

    /** Trusts the filter jar and puts it in the code cache, so packets naming it start it here. */
    public static void installFilter(ExecutionEnvironment ee) {
        byte[] filter = AccJars.filter();
        ee.trust().allowJar(filter);
        ee.deploy(filter, null);
    }

    /**
     * Trusts both ACC jars without deploying them: a node with a code fetcher then starts the filter
     * on the first request, fetching its code from the requesting monitor's node.
     */
    public static void trust(ExecutionEnvironment ee) {
        ee.trust().allowJar(AccJars.filter()).allowJar(AccJars.monitor());
    }

    /** The running filter AA on {@code ee}, or null (it starts with the first request). */
    public static AaInstance filterInstance(ExecutionEnvironment ee) {
        return ee.running(AccConfig.FILTER_AA);
    }

    /** Sum of the counter {@code name} over the monitor and filter AAs running on {@code ee}. */
    public static long counter(ExecutionEnvironment ee, String name) {
        long n = 0;
        for (AaInstance i : ee.instances()) {
            if (i.name().equals(AccConfig.MONITOR_AA) || i.name().equals(AccConfig.FILTER_AA)) {
                Map<String, Long> m = i.metrics();
                n += m.getOrDefault(name, 0L);
            }
        }
        return n;
    }
}
