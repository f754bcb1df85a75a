package org.aspen.acc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.aa.AccFilter;
import org.aspen.acc.aa.AccMonitor;

/**
 * The ACC AAs as jars the EE loads, packed from this module's own classes (package
 * {@code org.aspen.acc.aa}) so a lab or node in any process gets byte-identical jars, hence the same
 * digests on every node, without files on disk. The Maven build also writes the same AAs as
 * {@code active-apps-*-aa-acc-monitor.jar} / {@code -aa-acc-filter.jar} for {@code aspen aa deploy}.
 *
 * <pre>{@code
 * byte[] monitor = AccJars.monitor();
 * byte[] filter = AccJars.filter();
 * }</pre>
 */
public final class AccJars {
    public static final String VERSION = "1.0.0";
    private static final String PACKAGE_PATH = "org/aspen/acc/aa/";
    /** Fixed entry time: the jar bytes (and digest) depend only on the class files. */
    private static final long ENTRY_TIME = 315_532_800_000L;
    private static byte[] monitor;
    private static byte[] filter;

    private AccJars() {
    }

    public static synchronized byte[] monitor() {
        if (monitor == null) {
            monitor = pack(AccConfig.MONITOR_AA, AccMonitor.class.getName(),
                    "ACC monitor: notifies RDP senders of drops and starts filters upstream");
        }
        return monitor.clone();
    }

    public static synchronized byte[] filter() {
        if (filter == null) {
            filter = pack(AccConfig.FILTER_AA, AccFilter.class.getName(),
                    "ACC filter: unsends a connection's packets until its sender reacts");
        }
        return filter.clone();
    }

    private static byte[] pack(String name, String entry, String description) {
        return pack(PACKAGE_PATH, AccMonitor.class, name, entry, description);
    }

    /**
     * Packs the class files of one package (path like {@code org/aspen/acc/abcd/}, found next to
     * {@code anchor}) with an AA manifest and fixed entry times; for the other AAs of this module.
     */
    public static byte[] pack(String packagePath, Class<?> anchor, String name, String entry, String description) {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Aa-Name", name);
        a.putValue("Aa-Version", VERSION);
        a.putValue("Aa-Entry", entry);
        a.putValue("Aa-Description", description);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(out)) {
            JarEntry m = new JarEntry(JarFile.MANIFEST_NAME);
            m.setTime(ENTRY_TIME);
            jar.putNextEntry(m);
            mf.write(jar);
            jar.closeEntry();
            for (String cls : classFiles(packagePath, anchor)) {
                JarEntry e = new JarEntry(cls);
                e.setTime(ENTRY_TIME);
                jar.putNextEntry(e);
                try (InputStream in = AccJars.class.getClassLoader().getResourceAsStream(cls)) {
                    if (in == null) {
                        throw new IllegalStateException("class file " + cls + " vanished from the class path");
                    }
                    in.transferTo(jar);
                }
                jar.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The AA package's class files, sorted, from a classes directory or from this module's jar. */
    private static List<String> classFiles(String packagePath, Class<?> anchor) throws IOException {
        Path where;
        try {
            where = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the ACC classes: " + e.getMessage(), e);
        }
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(where)) {
            try (Stream<Path> files = Files.list(where.resolve(packagePath))) {
                files.map(f -> packagePath + f.getFileName()).filter(n -> n.endsWith(".class")).forEach(names::add);
            }
        } else {
            try (JarFile jf = new JarFile(where.toFile())) {
                jf.stream().map(JarEntry::getName)
                        .filter(n -> n.startsWith(packagePath) && n.endsWith(".class") && n.indexOf('/', packagePath.length()) < 0)
                        .forEach(names::add);
            }
        }
        Collections.sort(names);
        return names;
    }
}
