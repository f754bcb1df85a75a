package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node image runs: its layers unpacked into a root filesystem, its entry point started there
 * as the image's own user ({@code chroot --userspec=10001:10001}, in a mount and PID namespace of
 * its own with a fresh {@code /proc}, the image's environment and nothing of the host's), with
 * {@code --metrics}. Host nodes a and c sit on either side of it: {@code /metrics} and
 * {@code /-/healthy} answer from inside the image, and a ping from a to c goes through it. This is
 * what a container runtime does, less the network namespace (the test uses loopback). Needs root,
 * {@code unshare} and {@code chroot} (util-linux, coreutils); skipped, saying so, without them.
 * Run by failsafe in the {@code image} profile, after Jib wrote the tarball (docs/deploying.md).
 */
class ImageRunIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<Process> procs = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        MultiProcessNodeTest.stopAll(procs);
    }

    @Test
    void theImagesNodeServesMetricsAndForwardsPings(@TempDir Path dir) throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        boolean tools = Files.isExecutable(Path.of("/usr/bin/unshare")) && Files.isExecutable(Path.of("/usr/sbin/chroot"))
                && Files.isExecutable(Path.of("/usr/bin/mount"));
        if (!root || !tools) {
            System.err.println("ImageRunIT: SKIPPED, it needs root, /usr/bin/unshare and /usr/sbin/chroot to run the image's node");
        }
        Assumptions.assumeTrue(root && tools, "needs root, unshare and chroot");

        Path tar = Path.of(System.getProperty("aspen.image.tar", "target/aspen-node-image.tar"));
        Map<String, byte[]> files = ImageManifestIT.read(Files.newInputStream(tar));
        JsonNode ref = JSON.readTree(files.get("index.json")).path("manifests").get(0);
        JsonNode manifest = JSON.readTree(ImageManifestIT.blob(files, ref.path("digest").asText(), ref.path("size").asLong()));
        JsonNode configRef = manifest.path("config");
        JsonNode config = JSON.readTree(ImageManifestIT.blob(files, configRef.path("digest").asText(),
                configRef.path("size").asLong())).path("config");
        Path rootfs = dir.resolve("rootfs");
        for (JsonNode layer : manifest.path("layers")) {
            byte[] gz = ImageManifestIT.blob(files, layer.path("digest").asText(), layer.path("size").asLong());
            unpack(new GZIPInputStream(new ByteArrayInputStream(gz)), rootfs);
        }
        Files.createDirectories(rootfs.resolve("proc"));

        int pa = FreePorts.udpAndTcp();
        int pm = FreePorts.udpAndTcp();
        int pc = FreePorts.udpAndTcp();
        int metrics = FreePorts.udpAndTcp();
        String yaml = """
                name: through-the-image
                routing: auto
                timers: {hello: 100ms, dead: 2s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: m, address: 10.0.0.2, udp: 127.0.0.1:%d}
                  - {name: c, address: 10.0.0.3, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, m]}
                  - {between: [m, c]}
                """.formatted(pa, pm, pc);
        Path hostConfig = dir.resolve("line.yaml");
        Files.writeString(hostConfig, yaml);
        Files.createDirectories(rootfs.resolve("etc/aspen"));
        Files.writeString(rootfs.resolve("etc/aspen/line.yaml"), yaml);   // the image's config volume

        // the entry point exactly as the image declares it, as its user, with its environment only
        List<String> inside = new ArrayList<>(ImageManifestIT.strings(config.path("Entrypoint")));
        inside.addAll(List.of("--config", "/etc/aspen/line.yaml", "--name", "m", "--metrics", "127.0.0.1:" + metrics,
                "--duration", "90s"));
        String user = config.path("User").asText();
        // sh -c SCRIPT ROOT USER ENTRYPOINT...: $0 is the root, $1 the user, the rest the command
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/unshare", "--mount", "--pid", "--fork", "--kill-child",
                "/bin/sh", "-c", "r=$0; u=$1; shift; /usr/bin/mount -t proc proc \"$r/proc\" && exec /usr/sbin/chroot --userspec=\"$u\" \"$r\" \"$@\"",
                rootfs.toString(), user));
        cmd.addAll(inside);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().clear();
        for (String e : ImageManifestIT.strings(config.path("Env"))) {
            pb.environment().put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
        }
        Process m = pb.start();
        procs.add(m);
        // the metrics line, not the up line: the endpoint starts listening after "up" is printed, so a scrape
        // right after "up" can race it on a busy machine (CI dry run, session 16: ConnectException)
        CompletableFuture<String> metricsM = NodeMetricsTest.metricsLine(m);
        CompletableFuture<String> upA = MultiProcessNodeTest.upLine(MultiProcessNodeTest.startNode(procs, hostConfig, "a"));
        CompletableFuture<String> upC = MultiProcessNodeTest.upLine(MultiProcessNodeTest.startNode(procs, hostConfig, "c"));
        assertEquals("http://127.0.0.1:" + metrics + "/metrics", metricsM.get(120, TimeUnit.SECONDS), "m's endpoint, from inside the image");
        upA.get(60, TimeUnit.SECONDS);
        upC.get(60, TimeUnit.SECONDS);

        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> scrape = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metrics + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, scrape.statusCode());
        assertTrue(scrape.body().contains("aspen_build_info{"), "build info from inside the image");
        assertTrue(scrape.body().lines().anyMatch(l -> l.startsWith("aspen_link_up{")), "link metrics");
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metrics + "/-/healthy"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode(), health.body());

        // a -> c crosses m, the image's node; routing converges within a few hellos (slow machines: retry)
        String control = "127.0.0.1:" + pa;
        Cli.Run ping = null;
        for (int attempt = 0; attempt < 40 && (ping == null || ping.code() != 0); attempt++) {
            ping = Cli.run("ping", "10.0.0.3", "--node", control, "-c", "1", "-W", "1s");
        }
        assertEquals(0, ping.code(), ping.out() + ping.err());
        Cli.Run trace = Cli.run("trace", "10.0.0.3", "--node", control);
        assertEquals(0, trace.code(), trace.out() + trace.err());
        assertTrue(trace.out().contains("10.0.0.2 (m)"), "the path goes through the image's node: " + trace.out());
    }

    /** Unpacks one layer: directories, regular files with their modes, symbolic and hard links. */
    static void unpack(java.io.InputStream layer, Path root) throws IOException {
        try (TarArchiveInputStream in = new TarArchiveInputStream(layer)) {
            TarArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                String name = e.getName().replaceFirst("^\\./", "").replaceFirst("^/", "");
                Path to = root.resolve(name).normalize();
                if (!to.startsWith(root)) {
                    throw new IOException("layer entry outside the root: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(to);
                } else if (e.isSymbolicLink()) {
                    Files.createDirectories(to.getParent());
                    Files.deleteIfExists(to);
                    Files.createSymbolicLink(to, Path.of(e.getLinkName()));
                    continue;
                } else if (e.isLink()) {
                    Files.createDirectories(to.getParent());
                    Files.deleteIfExists(to);
                    Files.createLink(to, root.resolve(e.getLinkName().replaceFirst("^/", "")));
                    continue;
                } else if (e.isFile()) {
                    Files.createDirectories(to.getParent());
                    Files.write(to, in.readAllBytes());
                } else {
                    continue;
                }
                Files.setPosixFilePermissions(to, permissions(e.getMode()));
            }
        }
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> p = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = {PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
                PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_READ, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_READ};
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << i)) != 0) {
                p.add(bits[i]);
            }
        }
        return p;
    }
}
