package org.aspen.aatest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.aspen.aatest.sample.RawCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AaSimulationTest {
    @TempDir
    Path dir;

    @Test
    void runsTheJarOnTheMiddleNodeAndSeesItsEffect() throws IOException {
        Path jar = aaJar("raw-counter", RawCounter.class);
        AaSimulation sim = AaSimulation.line("a", "b", "c");
        DeployedAa aa = sim.deploy("b", jar, Map.of("max", "10"));
        assertEquals("raw-counter@1.0.0", aa.id());
        assertTrue(aa.running());
        sim.sendRaw(0, "a", "c", "short".getBytes(StandardCharsets.UTF_8));
        sim.sendRaw(1_000_000, "a", "c", "longer than ten bytes".getBytes(StandardCharsets.UTF_8));
        sim.sendRaw(2_000_000, "c", "a", "back".getBytes(StandardCharsets.UTF_8));
        sim.run(1_000_000_000L);

        assertEquals(1, sim.received("c").size());
        assertArrayEquals("short".getBytes(StandardCharsets.UTF_8), sim.received("c").get(0));
        assertEquals(1, sim.received("a").size());
        assertEquals(3, aa.counter("packets"));
        assertEquals(0, aa.counter("never-used"));
        assertEquals("10.0.0.2", sim.addressOf("b"));
        assertEquals(1_000_000_000L, sim.nanos());
    }

    @Test
    void aJarWithoutAnAaManifestIsRefusedWithTheEesReason() throws IOException {
        Path jar = dir.resolve("plain.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, new Manifest())) {
            j.putNextEntry(new JarEntry("x.txt"));
            j.closeEntry();
        }
        AaSimulation sim = AaSimulation.line("a");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.deploy("a", jar, Map.of()));
        assertTrue(e.getMessage().contains("did not start on a: "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sim.received("z"));
    }

    /** Packs the AA's compiled classes (its package, from the test class path) with an AA manifest. */
    private Path aaJar(String name, Class<?> entry) throws IOException {
        return aaJar(name, "1.0.0", entry);
    }

    /** The same, as version {@code version}. */
    Path aaJar(String name, String version, Class<?> entry) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Aa-Name", name);
        a.putValue("Aa-Version", version);
        a.putValue("Aa-Entry", entry.getName());
        Path jar = dir.resolve(name + "-" + version + ".jar");
        String pkg = entry.getPackageName().replace('.', '/');
        Path classes = Path.of(System.getProperty("basedir", ".")).resolve("target/test-classes").resolve(pkg);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, mf);
                var files = Files.list(classes)) {
            for (Path f : files.sorted().toList()) {
                j.putNextEntry(new JarEntry(pkg + "/" + f.getFileName()));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return jar;
    }
}
