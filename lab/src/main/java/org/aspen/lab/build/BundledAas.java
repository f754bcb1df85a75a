package org.aspen.lab.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import org.aspen.acc.AbcdSetup;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.ee.TrustPolicy;

/**
 * The AAs shipped inside Aspen (jars under {@code /aas/} on the class path, put there by the build,
 * and the ACC-ABCD monitor, packed from active-apps), by AA name. Labs and nodes start them by name and
 * trust them by default; a scenario starts ABCD on a router with
 * {@code aas: [{name: abcd-monitor, params: {inLink: r2-r3}}]} (docs/abcd.md).
 *
 * <pre>{@code
 * byte[] jar = BundledAas.jar("flow-counter");
 * }</pre>
 */
public final class BundledAas {
    /** Jar resources the build bundles; a missing one is simply not offered. */
    private static final String[] RESOURCES = {"/aas/examples-%s-aa-flow-counter.jar"};
    private static volatile Map<String, byte[]> jars;

    private BundledAas() {
    }

    /** Bundled AA jars by their manifest's {@code Aa-Name}, sorted by name. */
    public static Map<String, byte[]> all() {
        Map<String, byte[]> j = jars;
        if (j == null) {
            j = load();
            jars = j;
        }
        return j;
    }

    public static byte[] jar(String name) {
        byte[] j = all().get(name);
        if (j == null) {
            throw new IllegalArgumentException("no bundled AA named '" + name + "' (bundled: "
                    + String.join(", ", all().keySet()) + ")");
        }
        return j;
    }

    /** A trust policy that allows every bundled AA (the default in labs). */
    public static TrustPolicy trustBundled(TrustPolicy t) {
        for (byte[] jar : all().values()) {
            t.allowJar(jar);
        }
        return t;
    }

    private static Map<String, byte[]> load() {
        String version = versionOf();
        Map<String, byte[]> out = new TreeMap<>();
        for (String r : RESOURCES) {
            try (InputStream in = BundledAas.class.getResourceAsStream(String.format(r, version))) {
                if (in == null) {
                    continue;
                }
                byte[] jar = in.readAllBytes();
                try (JarInputStream j = new JarInputStream(new java.io.ByteArrayInputStream(jar))) {
                    Manifest m = j.getManifest();
                    String name = m == null ? null : m.getMainAttributes().getValue("Aa-Name");
                    if (name != null) {
                        out.put(name, jar);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read bundled AA " + r + ": " + e.getMessage(), e);
            }
        }
        out.put(AbcdConfig.MONITOR_AA, AbcdSetup.monitorJar());
        return new LinkedHashMap<>(out);
    }

    private static String versionOf() {
        java.util.Properties p = new java.util.Properties();
        try (InputStream in = BundledAas.class.getResourceAsStream("/aspen-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version", "0.1.0-SNAPSHOT");
    }
}
