package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.aspen.aatest.AaSimulation;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/writing-an-aa.md's path from an empty directory: {@code aspen aa new}, {@code mvn -q -B package}
 * of the generated project (against a private local repository holding this build's Aspen artifacts,
 * everything else copied from the build's own local repository, so no network is used), then
 * {@code aspen deploy --allow --start} of the jar it built to a node running on real UDP.
 */
class AaNewProjectTest {
    /** Generous: Maven starts, copies the plugins from the local repository, compiles and tests. */
    private static final long MAVEN_MINUTES = 8;

    @Test
    void newProjectBuildsWithMavenAndItsJarDeploysToARunningNode(@TempDir Path tmp) throws Exception {
        Path project = tmp.resolve("work/hop-counter");
        CliTest.Run r = CliTest.run("aa", "new", "hop-counter", "--dir", project.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("src/main/java/org/example/hopcounter/HopCounter.java"), r.out());
        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<artifactId>aspen-aa-api</artifactId>") && !pom.contains("{{"), pom);

        Path repo = tmp.resolve("m2");
        installAspenArtifacts(repo);
        Path settings = mirrorSettings(tmp.resolve("settings.xml"));
        Path log = tmp.resolve("mvn.log");
        Process mvn = new ProcessBuilder("mvn", "-q", "-B", "-s", settings.toString(),
                "-Dmaven.repo.local=" + repo, "package")
                .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!mvn.waitFor(MAVEN_MINUTES, TimeUnit.MINUTES)) {
            mvn.destroyForcibly().waitFor();
            throw new AssertionError("mvn package of the new project took over " + MAVEN_MINUTES + " min:\n" + Files.readString(log));
        }
        assertEquals(0, mvn.exitValue(), "mvn package of the new project failed:\n" + Files.readString(log));
        Path jar = project.resolve("target/hop-counter-1.0.0.jar");
        assertTrue(Files.isRegularFile(jar), "no " + jar);
        String report = Files.readString(project.resolve(
                "target/surefire-reports/org.example.hopcounter.HopCounterTest.txt"));
        assertTrue(report.contains("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0"), report);
        try (JarFile j = new JarFile(jar.toFile())) {
            assertEquals("org.example.hopcounter.HopCounter", j.getManifest().getMainAttributes().getValue("Aa-Entry"));
            assertTrue(j.stream().allMatch(e -> e.isDirectory() || e.getName().startsWith("META-INF/")
                    || e.getName().startsWith("org/example/hopcounter/")), "only the AA's own classes in its jar");
        }

        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream("""
                name: pair
                timers: {hello: 100ms, dead: 1s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b]}
                """.formatted(pa, pb).getBytes(StandardCharsets.UTF_8)), "pair.yaml", true);
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null)) {
            String ctlA = "127.0.0.1:" + a.controlAddress().getPort();
            String ctlB = "127.0.0.1:" + b.controlAddress().getPort();
            r = CliTest.run("deploy", "--allow", "--start", "--node", ctlB, jar.toString());
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("started hop-counter@1.0.0"), r.out());
            int code = -1;
            for (int i = 0; i < 30 && code != 0; i++) {
                code = CliTest.run("ping", "10.0.0.2", "--node", ctlA, "-c", "2", "-i", "50ms").code();
            }
            assertEquals(0, code, "a pings b, where the AA counts what arrives");
            r = CliTest.run("aa", "list", "--node", ctlB, "--json");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("hop-counter@1.0.0") && r.out().contains("\"state\" : \"running\""), r.out());
            assertTrue(r.out().matches("(?s).*\"packets\" : [1-9].*"), r.out());
        }
    }

    @Test
    void badArgumentsAreUsageErrorsAndWriteNothing(@TempDir Path tmp) throws IOException {
        CliTest.Run r = CliTest.run("aa", "new", "Hop_Counter", "--dir", tmp.resolve("x").toString());
        assertEquals(Aspen.USAGE, r.code());
        assertTrue(r.err().contains("AA name 'Hop_Counter' must be"), r.err());
        r = CliTest.run("aa", "new", "ok", "--package", "org.int", "--dir", tmp.resolve("x").toString());
        assertEquals(Aspen.USAGE, r.code());
        assertTrue(r.err().contains("--package 'org.int' is not a Java package name"), r.err());
        Files.writeString(tmp.resolve("taken.txt"), "mine");
        r = CliTest.run("aa", "new", "ok", "--dir", tmp.toString());
        assertEquals(Aspen.USAGE, r.code());
        assertTrue(r.err().contains("exists and is not an empty directory"), r.err());
        assertEquals(List.of(tmp.resolve("taken.txt")), Files.list(tmp).toList(), "nothing written");
        assertEquals("HopCounter2", AaNewCommand.className("hop-counter2"));
    }

    /**
     * What {@code mvn install} from the checkout puts in a local repository, from this build's own
     * classes: the parent pom, the AA API, the harness and the EE modules the harness depends on.
     */
    static void installAspenArtifacts(Path repo) throws IOException, URISyntaxException {
        Properties p = new Properties();
        try (InputStream in = AaNewProjectTest.class.getResourceAsStream("/aspen-version.properties")) {
            p.load(in);
        }
        String version = p.getProperty("version");
        Path root = Path.of("..").toAbsolutePath().normalize();
        install(repo, "aspen-parent", version, root.resolve("pom.xml"), null);
        install(repo, "aspen-aa-api", version, root.resolve("aa-api/pom.xml"), codeOf(ActiveApplication.class));
        install(repo, "aspen-aa-test", version, root.resolve("aa-test/pom.xml"), codeOf(AaSimulation.class));
        install(repo, "ee-core", version, root.resolve("ee-core/pom.xml"), codeOf(ExecutionEnvironment.class));
        install(repo, "rdp", version, root.resolve("rdp/pom.xml"), codeOf(RdpStack.class));
        install(repo, "vnet", version, root.resolve("vnet/pom.xml"), codeOf(VAddr.class));
    }

    private static Path codeOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static void install(Path repo, String artifact, String version, Path pom, Path code) throws IOException {
        Path dir = repo.resolve("org/aspen").resolve(artifact).resolve(version);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (code == null) {
            return;
        }
        Path jar = dir.resolve(artifact + "-" + version + ".jar");
        if (Files.isRegularFile(code)) {
            Files.copy(code, jar, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        // a reactor build before `package` gives the classes directory: pack it as the jar would
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
                Stream<Path> files = Files.walk(code)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                j.putNextEntry(new JarEntry(code.relativize(f).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
    }

    /** Every repository mirrored to this build's local repository, read as a file repository. */
    private static Path mirrorSettings(Path file) throws IOException {
        Path local = Path.of(System.getProperty("aspen.localRepository",
                System.getProperty("user.home") + "/.m2/repository")).toAbsolutePath();
        Files.writeString(file, """
                <settings>
                  <mirrors>
                    <mirror><id>build-local</id><mirrorOf>*</mirrorOf><url>%s</url></mirror>
                  </mirrors>
                  <profiles>
                    <profile>
                      <id>quiet</id>
                      <repositories>
                        <repository>
                          <id>central</id><url>https://repo.maven.apache.org/maven2</url>
                          <releases><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </repository>
                      </repositories>
                      <pluginRepositories>
                        <pluginRepository>
                          <id>central</id><url>https://repo.maven.apache.org/maven2</url>
                          <releases><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </pluginRepository>
                      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>quiet</activeProfile></activeProfiles>
                </settings>
                """.formatted(local.toUri()));
        return file;
    }
}
