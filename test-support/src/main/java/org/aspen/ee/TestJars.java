package org.aspen.ee;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.aspen.ee.api.ActiveApplication;

/**
 * Builds AA jars inside the tests: compiles the sources in {@link TestAas} against the AA API only
 * (the aspen-aa-api jar or classes directory) with the JDK's compiler, then packs a jar with an AA
 * manifest. Nothing binary is committed. In test-support, so ee-core's tests, the system tests and
 * the EE's microbenchmarks share it.
 *
 * <pre>{@code
 * byte[] jar = TestJars.jar("probe", "1", "t.Probe", TestAas.PROBE);
 * }</pre>
 */
public final class TestJars {
    private static final Map<String, byte[]> CACHE = new HashMap<>();
    /** Compiled class directories by sources: one compilation serves every name and version. */
    private static final Map<Map<String, String>, Path> COMPILED = new HashMap<>();

    private TestJars() {
    }

    public static synchronized byte[] jar(String name, String version, String entry, Map<String, String> sources) {
        String key = name + "@" + version + "/" + entry + "/" + sources.hashCode();
        return CACHE.computeIfAbsent(key, k -> build(name, version, entry, sources));
    }

    /**
     * A jar of only {@code entry}'s own class files (the class and its nested classes) from a
     * compilation of all of {@code sources}: many small AAs from one compiler run.
     */
    public static synchronized byte[] jarOf(String name, String entry, Map<String, String> sources) {
        String key = name + "@1/" + entry + "/only/" + sources.hashCode();
        return CACHE.computeIfAbsent(key, k -> {
            try {
                Path classes = COMPILED.computeIfAbsent(sources, TestJars::compile);
                String path = entry.replace('.', '/');
                return pack(classes, name, "1", entry, f -> {
                    String rel = classes.relativize(f).toString().replace('\\', '/');
                    return rel.equals(path + ".class") || rel.startsWith(path + "$");
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static byte[] build(String name, String version, String entry, Map<String, String> sources) {
        try {
            Path classes = COMPILED.get(sources);
            if (classes == null) {
                classes = compile(sources);
                COMPILED.put(sources, classes);
            }
            return pack(classes, name, version, entry);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path compile(Map<String, String> sources) {
        try {
            Path dir = Files.createTempDirectory("aa-src");
            List<String> args = new ArrayList<>(List.of("-d", dir.resolve("out").toString(), "-classpath", apiPath(),
                    "--release", "17", "-proc:none", "-nowarn"));
            for (Map.Entry<String, String> e : sources.entrySet()) {
                Path src = dir.resolve("src").resolve(e.getKey().replace('.', '/') + ".java");
                Files.createDirectories(src.getParent());
                Files.writeString(src, e.getValue());
                args.add(src.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            if (javac.run(null, null, err, args.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("test AA did not compile:\n" + err);
            }
            return dir.resolve("out");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A jar made bigger by a {@code pad.bin} entry of {@code padBytes} seeded random (incompressible) bytes. */
    public static byte[] padded(String name, String version, String entry, Map<String, String> sources, int padBytes) {
        try {
            byte[] plain = jar(name, version, entry, sources);
            java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(new java.io.ByteArrayInputStream(plain));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (JarOutputStream out = new JarOutputStream(bytes, in.getManifest())) {
                JarEntry e;
                while ((e = in.getNextJarEntry()) != null) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    out.write(in.readAllBytes());
                    out.closeEntry();
                }
                byte[] pad = new byte[padBytes];
                new java.util.SplittableRandom(padBytes).nextBytes(pad);
                out.putNextEntry(new JarEntry("pad.bin"));
                out.write(pad);
                out.closeEntry();
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String apiPath() {
        try {
            return Path.of(ActiveApplication.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] pack(Path classes, String name, String version, String entry) throws IOException {
        return pack(classes, name, version, entry, f -> true);
    }

    private static byte[] pack(Path classes, String name, String version, String entry,
                               java.util.function.Predicate<Path> include) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Aa-Name", name);   // ee.AaCode.ATTR_NAME and the rest: docs/writing-an-aa.md
        // (test-support sits below ee-core, so it writes the names; ee-core's TestJarsTest reads them back)
        a.putValue("Aa-Version", version);
        a.putValue("Aa-Entry", entry);
        a.putValue("Aa-Description", "test AA " + name);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, mf); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).filter(include).sorted().toList()) {
                JarEntry e = new JarEntry(classes.relativize(f).toString().replace('\\', '/'));
                e.setTime(0);  // same sources, same bytes, same digest
                out.putNextEntry(e);
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
