package org.aspen.lab.grade;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.aspen.ee.AaCode;
import org.aspen.ee.AaException;
import org.aspen.ee.api.ActiveApplication;

/**
 * Compiles an AA's Java sources into an AA jar (manifest {@code Aa-Name}, {@code Aa-Version},
 * {@code Aa-Entry}) with the JDK's compiler, against the EE API Aspen itself runs. Labs use it so a
 * student's AA builds with one command from a fresh clone, with no Maven project of its own.
 *
 * <pre>{@code
 * AaBuild.build(labDir, new AaBuild.Spec("aa", "early-drop.jar", "early-drop", "1.0.0", "lab.EarlyDrop", null));
 * }</pre>
 */
final class AaBuild {
    /**
     * @param src     directory of {@code .java} files (searched recursively), relative to the lab directory
     * @param jar     the jar to write, relative to the lab directory
     * @param entry   the class implementing {@code ActiveApplication}
     */
    record Spec(String src, String jar, String name, String version, String entry, String description) {
    }

    /** The sources did not compile (the message carries the compiler's first errors). */
    static final class BuildFailed extends Exception {
        BuildFailed(String message) {
            super(message, null, false, false);
        }
    }

    private AaBuild() {
    }

    static Path build(Path dir, Spec spec) throws BuildFailed {
        Path src = dir.resolve(spec.src());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new BuildFailed("no Java compiler in this runtime: run aspen with a JDK (17+), not a JRE");
        }
        try {
            List<String> files;
            try (Stream<Path> s = Files.walk(src)) {
                files = s.filter(p -> p.toString().endsWith(".java")).map(Path::toString).sorted().toList();
            }
            if (files.isEmpty()) {
                throw new BuildFailed(src + ": no .java files");
            }
            Path classes = Files.createTempDirectory("aspen-aa-build");
            try {
                List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", classpath(),
                        "--release", "17", "-Xlint:none", "-nowarn"));
                args.addAll(files);
                java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
                int rc = javac.run(null, OutputStream.nullOutputStream(), errors, args.toArray(String[]::new));
                if (rc != 0) {
                    String first = errors.toString().lines().limit(6).reduce((a, b) -> a + "\n    " + b).orElse("");
                    throw new BuildFailed(spec.src() + "/ does not compile:\n    " + first);
                }
                Path jar = dir.resolve(spec.jar());
                writeJar(classes, jar, spec);
                try {
                    // what a node would refuse (the AA allow-list, docs/writing-an-aa.md), said at build time
                    AaCode.parse(Files.readAllBytes(jar), null);
                } catch (AaException e) {
                    throw new BuildFailed(spec.src() + "/ is refused by the node: " + e.getMessage());
                }
                return jar;
            } finally {
                try (Stream<Path> s = Files.walk(classes)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        } catch (IOException e) {
            throw new BuildFailed(src + ": " + e.getMessage());
        }
    }

    /** Where the EE API (and rdp's segment codec, which AAs may use) come from: the jar or classes dirs Aspen runs. */
    private static String classpath() {
        List<String> parts = new ArrayList<>();
        for (Class<?> c : List.of(ActiveApplication.class, org.aspen.rdp.SegmentCodec.class, org.aspen.vnet.VAddr.class)) {
            try {
                String p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                if (!parts.contains(p)) {
                    parts.add(p);
                }
            } catch (URISyntaxException | NullPointerException e) {
                parts.add(System.getProperty("java.class.path"));
            }
        }
        return String.join(java.io.File.pathSeparator, parts);
    }

    private static void writeJar(Path classes, Path jar, Spec spec) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue(AaCode.ATTR_NAME, spec.name());
        a.putValue(AaCode.ATTR_VERSION, spec.version());
        a.putValue(AaCode.ATTR_ENTRY, spec.entry());
        if (spec.description() != null) {
            a.putValue(AaCode.ATTR_DESCRIPTION, spec.description());
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(classes)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            for (Path f : files) {
                JarEntry e = new JarEntry(classes.relativize(f).toString().replace('\\', '/'));
                e.setTime(0); // the same sources give the same bytes, hence the same code digest
                out.putNextEntry(e);
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }
}
