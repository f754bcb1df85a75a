package org.aspen.ee.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.aspen.ee.AaCode;
import org.aspen.ee.AaException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Fuzz target for the AA jar and manifest reader: any bytes give an {@link AaCode} or an
 * {@link AaException}, never another exception or error. Regression corpus:
 * {@code src/test/resources/org/aspen/ee/fuzz/AaCodeFuzzTestInputs/parse/}; fuzzing: docs/fuzzing.md.
 */
class AaCodeFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void parse(byte[] jar) {
        try {
            AaCode c = AaCode.parse(jar, null);
            assertNotNull(c.name());
            assertNotNull(c.version());
            assertNotNull(c.entryClass());
            c.id();
            c.description();
            c.toString();
            assertArrayEquals(AaCode.sha256(jar), c.digest());
        } catch (AaException e) {
            assertNotNull(e.getMessage());
        }
    }

    /** Finding: a 10 kB jar whose entry inflates to 200 MB was read whole (OutOfMemoryError at scale). */
    @Test
    void zipBombIsRefused() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest("bomb", "1", "a.Main"))) {
            out.putNextEntry(new JarEntry("a/Main.class"));
            out.write(new byte[] {(byte) 0xca, (byte) 0xfe});
            out.putNextEntry(new JarEntry("zeros.bin"));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 200; i++) {
                out.write(zeros);
            }
        }
        byte[] jar = bytes.toByteArray();
        assertTrue(jar.length < 1 << 20, "the bomb is small: " + jar.length);
        AaException e = assertThrows(AaException.class, () -> AaCode.parse(jar, null));
        assertTrue(e.getMessage().contains("unpacks to more than"), e.getMessage());
    }

    static Manifest manifest(String name, String version, String entry) {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (name != null) {
            a.putValue(AaCode.ATTR_NAME, name);
        }
        if (version != null) {
            a.putValue(AaCode.ATTR_VERSION, version);
        }
        if (entry != null) {
            a.putValue(AaCode.ATTR_ENTRY, entry);
        }
        return m;
    }

    static byte[] jar(Manifest m, String... entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = m == null ? new JarOutputStream(bytes) : new JarOutputStream(bytes, m)) {
            for (String e : entries) {
                out.putNextEntry(new JarEntry(e));
                out.write(new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe});
            }
        }
        return bytes.toByteArray();
    }

    /** Writes the seed corpus: {@code mvn -B test -pl vnet,rdp,ee-core -Dtest=AaCodeFuzzTest#writeSeeds -Daspen.fuzz.writeSeeds=true}. */
    @Test
    @EnabledIfSystemProperty(named = "aspen.fuzz.writeSeeds", matches = "true")
    void writeSeeds() throws IOException {
        Path dir = Path.of("src/test/resources/org/aspen/ee/fuzz/AaCodeFuzzTestInputs/parse");
        Files.createDirectories(dir);
        Files.write(dir.resolve("valid"), jar(manifest("counter", "1.0.0", "a.Main"), "a/Main.class", "a/Helper.class", "res.txt", "dir/"));
        Files.write(dir.resolve("no-manifest"), jar(null, "a/Main.class"));
        Files.write(dir.resolve("entry-missing"), jar(manifest("counter", "1.0.0", "a.Other"), "a/Main.class"));
        Files.write(dir.resolve("name-too-long"), jar(manifest("n".repeat(65), "1", "a.Main"), "a/Main.class"));
        Files.write(dir.resolve("no-version"), jar(manifest("counter", null, "a.Main"), "a/Main.class"));
        byte[] valid = jar(manifest("counter", "1.0.0", "a.Main"), "a/Main.class");
        Files.write(dir.resolve("truncated"), java.util.Arrays.copyOf(valid, valid.length / 2));
        Files.write(dir.resolve("not-a-zip"), "hello, not a jar".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
