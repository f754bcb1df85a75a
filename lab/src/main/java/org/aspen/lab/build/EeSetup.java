package org.aspen.lab.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.node.Node;

/**
 * Makes a node an execution environment the way labs and {@code aspen node} do: trusts the bundled
 * AAs, serves and fetches code over RDP, and starts the AAs the scenario lists for the node.
 */
public final class EeSetup {
    private EeSetup() {
    }

    public static ExecutionEnvironment create(Node node) {
        ExecutionEnvironment ee = new ExecutionEnvironment(node, EeConfig.DEFAULT, BundledAas.trustBundled(new TrustPolicy()));
        CodeFetch.overRdp(ee);
        return ee;
    }

    /**
     * As {@link #create}, for a real node ({@code aspen node}): its code fetch recovers from loss as
     * today's TCPs do ({@link org.aspen.rdp.Recovery#MODERN}, issue 33); simulated labs keep the default.
     */
    public static ExecutionEnvironment createForNode(Node node) {
        ExecutionEnvironment ee = new ExecutionEnvironment(node, EeConfig.DEFAULT, BundledAas.trustBundled(new TrustPolicy()));
        CodeFetch.overRdp(ee, org.aspen.rdp.Recovery.MODERN);
        return ee;
    }

    /** One watchdog for every real-runtime node in this JVM (a daemon thread; slots close with their EE). */
    private static org.aspen.ee.HandlerWatchdog watchdog;

    /**
     * Real runtime: charge AA handlers for the loop thread's CPU time while they run, not wall time
     * (a busy host does not stop healthy AAs), and unwind one over its budget (HandlerWatchdog).
     */
    public static synchronized void watchCpuTime(ExecutionEnvironment ee) {
        if (watchdog == null) {
            // its clock only times a handler blocked outside any budget check: the host's monotonic one
            watchdog = new org.aspen.ee.HandlerWatchdog(EeConfig.DEFAULT.handlerBudgetNanos(), org.aspen.lab.time.HostTime::nanos);
        }
        ee.setWatchdog(watchdog);
    }

    /** Reads the jars of the node's {@code aas} entries now (so a missing file is a configuration error). */
    public static Map<Scenario.AaEntry, byte[]> jars(Scenario s, Scenario.NodeSpec spec, Path baseDir) {
        Map<Scenario.AaEntry, byte[]> out = new LinkedHashMap<>();
        for (int k = 0; k < spec.aas().size(); k++) {
            Scenario.AaEntry a = spec.aas().get(k);
            if (a.name() != null) {
                out.put(a, BundledAas.jar(a.name()));
                continue;
            }
            Path p = baseDir == null ? Path.of(a.jar()) : baseDir.resolve(a.jar());
            try {
                out.put(a, Files.readAllBytes(p));
            } catch (NoSuchFileException e) {
                throw new ConfigException(s.name() + ": nodes[" + s.nodes().indexOf(spec) + "].aas[" + k + "].jar: no such file " + p);
            } catch (IOException e) {
                throw new ConfigException(s.name() + ": nodes[" + s.nodes().indexOf(spec) + "].aas[" + k + "].jar: cannot read "
                        + p + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** Starts the node's AAs; call on the node's loop. Jar files named by the scenario are allowed. */
    public static void start(ExecutionEnvironment ee, Map<Scenario.AaEntry, byte[]> jars) {
        jars.forEach((entry, jar) -> {
            if (entry.jar() != null) {
                ee.trust().allowJar(jar);
            }
            Map<String, String> params = new LinkedHashMap<>();
            if (entry.params() != null) {
                entry.params().forEach((k, v) -> params.put(k, String.valueOf(v)));
            }
            ee.startAa(jar, params);
        });
    }
}
