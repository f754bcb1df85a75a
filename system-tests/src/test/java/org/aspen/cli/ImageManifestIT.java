package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;

/**
 * The node image that {@code mvn -B verify -Pimage} builds with Jib (target/aspen-node-image.tar, an
 * OCI image layout): its entry point runs {@code aspen node} on the image's own Java runtime, it exposes
 * the VNet UDP port and the control port, runs unprivileged, and its layers hold what the entry point
 * needs (the runtime and its loader, the classes, every jar on the class path), each blob matching its
 * digest. Run by failsafe in the {@code image} profile only (docs/deploying.md).
 */
class ImageManifestIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void manifestRunsAspenNodeAndLayersHoldWhatItNeeds() throws Exception {
        Path tar = Path.of(System.getProperty("aspen.image.tar", "target/aspen-node-image.tar"));
        Map<String, byte[]> files = read(Files.newInputStream(tar));
        assertTrue(files.containsKey("oci-layout"), "an OCI image layout: " + files.keySet());

        JsonNode index = JSON.readTree(files.get("index.json"));
        assertEquals(1, index.path("manifests").size(), index.toString());
        JsonNode ref = index.path("manifests").get(0);
        assertTrue(ref.path("annotations").path("org.opencontainers.image.ref.name").asText().startsWith("aspen-node:"), ref.toString());
        JsonNode manifest = JSON.readTree(blob(files, ref.path("digest").asText(), ref.path("size").asLong()));
        assertEquals("application/vnd.oci.image.manifest.v1+json", manifest.path("mediaType").asText());

        JsonNode configRef = manifest.path("config");
        JsonNode config = JSON.readTree(blob(files, configRef.path("digest").asText(), configRef.path("size").asLong()));
        assertEquals("linux", config.path("os").asText());
        assertEquals("amd64", config.path("architecture").asText());
        JsonNode c = config.path("config");
        assertEquals(List.of("/opt/java/bin/java", "-Djava.awt.headless=true", "-cp", "@/app/jib-classpath-file",
                "org.aspen.cli.Aspen", "node"), strings(c.path("Entrypoint")));
        assertEquals(Set.of("7000/udp", "7100/tcp"), names(c.path("ExposedPorts")));
        assertEquals("10001:10001", c.path("User").asText(), "runs unprivileged");
        assertEquals(Set.of("/etc/aspen"), names(c.path("Volumes")));
        assertTrue(strings(c.path("Env")).contains("JAVA_HOME=/opt/java"), c.toString());

        // every layer: its blob matches the digest and size the manifest names; what the image holds
        JsonNode layers = manifest.path("layers");
        assertEquals(config.path("rootfs").path("diff_ids").size(), layers.size(), "one diff id per layer");
        Map<String, byte[]> image = new HashMap<>();
        for (JsonNode layer : layers) {
            assertEquals("application/vnd.oci.image.layer.v1.tar+gzip", layer.path("mediaType").asText());
            byte[] gz = blob(files, layer.path("digest").asText(), layer.path("size").asLong());
            image.putAll(read(new GZIPInputStream(new java.io.ByteArrayInputStream(gz))));
        }
        for (String f : List.of("opt/java/bin/java", "opt/java/lib/libjli.so", "opt/java/lib/server/libjvm.so",
                "lib64/ld-linux-x86-64.so.2", "lib/x86_64-linux-gnu/libc.so.6", "etc/passwd",
                "app/classes/org/aspen/cli/Aspen.class", "app/jib-classpath-file")) {
            assertTrue(image.containsKey(f), "the image has /" + f);
        }
        assertTrue(new String(image.get("etc/passwd"), StandardCharsets.UTF_8).contains(":10001:10001:"));
        // the class path the entry point reads names only files the image has, and includes the EE
        List<String> classPath = List.of(new String(image.get("app/jib-classpath-file"), StandardCharsets.UTF_8).trim().split(":"));
        assertTrue(classPath.stream().anyMatch(p -> p.matches("/app/libs/ee-core-.*\\.jar")), classPath.toString());
        assertTrue(classPath.stream().anyMatch(p -> p.matches("/app/libs/aspen-aa-api-.*\\.jar")), classPath.toString());
        for (String p : classPath) {
            assertTrue(p.equals("/app/resources") || p.equals("/app/classes") || image.containsKey(p.substring(1)),
                    "class path entry " + p + " is in the image");
        }
    }

    /** Regular files of a tar stream by name (without a leading "./" or "/"). */
    static Map<String, byte[]> read(InputStream in) throws IOException {
        Map<String, byte[]> m = new HashMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                if (e.isFile()) {
                    m.put(e.getName().replaceFirst("^\\./", "").replaceFirst("^/", ""), tar.readAllBytes());
                }
            }
        }
        return m;
    }

    static byte[] blob(Map<String, byte[]> files, String digest, long size) throws NoSuchAlgorithmException {
        assertTrue(digest.startsWith("sha256:"), digest);
        String hex = digest.substring("sha256:".length());
        byte[] b = files.get("blobs/sha256/" + hex);
        assertTrue(b != null, "blob " + digest + " is in the tarball");
        assertEquals(size, b.length, "size of " + digest);
        assertEquals(hex, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b)), "digest of its bytes");
        return b;
    }

    static List<String> strings(JsonNode array) {
        List<String> l = new ArrayList<>();
        array.forEach(n -> l.add(n.asText()));
        return l;
    }

    private static Set<String> names(JsonNode object) {
        Set<String> s = new LinkedHashSet<>();
        object.fieldNames().forEachRemaining(s::add);
        return s;
    }
}
