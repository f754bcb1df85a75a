package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The node image's Java runtime (the {@code image} profile's {@code image.modules}, cut by jlink in
 * stage-runtime.sh) holds every JDK module the node's code reaches: jdeps walks the class path from
 * cli's classes ({@code -R}: only what the main code reaches, not the tests' libraries) and every
 * module it names must be in the runtime's module graph. Without {@code jdk.httpserver},
 * {@code aspen node --metrics} died in the image with {@code NoClassDefFoundError:
 * com/sun/net/httpserver/HttpHandler}.
 */
class ImageModulesTest {
    static Set<String> imageModules() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<image.modules>([^<]+)</image.modules>").matcher(pom);
        assertTrue(m.find(), "cli/pom.xml's image profile sets image.modules");
        return Arrays.stream(m.group(1).split(",")).map(String::trim).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The modules jlink puts in the runtime: those named and every module they require. */
    static Set<String> closure(Set<String> roots) {
        Configuration c = Configuration.empty().resolve(ModuleFinder.ofSystem(), ModuleFinder.of(), roots);
        return c.modules().stream().map(ResolvedModule::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void theImageRuntimeHasTheHttpServerThatMetricsNeeds() throws Exception {
        Set<String> runtime = closure(imageModules());
        assertTrue(runtime.contains("jdk.httpserver"), "--metrics serves with com.sun.net.httpserver: " + runtime);
        assertTrue(runtime.contains("jdk.management") && runtime.contains("java.management"), "JVM metrics: " + runtime);
    }

    @Test
    void everyJdkModuleTheNodesCodeReachesIsInTheImageRuntime() throws Exception {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("jdeps: run the tests on a JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(err), "--print-module-deps", "--ignore-missing-deps",
                "--multi-release", "17", "-R", "-cp", System.getProperty("java.class.path"), "target/classes");
        assertEquals(0, rc, err.toString());
        List<String> lines = out.toString().lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
        Set<String> needed = new TreeSet<>(Arrays.asList(lines.get(lines.size() - 1).split(",")));
        assertTrue(needed.contains("java.base"), "jdeps printed a module list: " + out);
        Set<String> runtime = closure(imageModules());
        Set<String> missing = new TreeSet<>(needed);
        missing.removeAll(runtime);
        assertEquals(Set.of(), missing, "modules the node's code needs that image.modules lacks (needs " + needed + ")");
    }
}
