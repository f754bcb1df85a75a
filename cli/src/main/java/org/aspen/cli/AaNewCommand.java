package org.aspen.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.lang.model.SourceVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code aspen aa new NAME}: writes a standalone Maven project for an AA (pom on the AA API, an AA
 * class with a packet handler, a unit test that runs its jar in the simulation through the
 * {@code aspen-aa-test} harness), from the templates under {@code /aa-template/}.
 */
@Command(name = "new", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a Maven project for a new AA: a pom on the AA API, an AA class with a "
                + "packet handler and a unit test that runs it in the simulation.",
                "Build it with `mvn -q -B package` (the Aspen artifacts must be in your local Maven "
                + "repository: docs/writing-an-aa.md) and deploy target/NAME-1.0.0.jar."})
final class AaNewCommand implements Callable<Integer> {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Z_]+)}}");

    @Parameters(index = "0", paramLabel = "NAME",
            description = "The AA's name (Aa-Name, artifactId): lower case, digits and dashes, e.g. hop-counter.")
    String name;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to write the project (default: ./NAME); "
            + "must not exist or be empty.")
    Path dir;

    @Option(names = "--package", paramLabel = "PKG",
            description = "Java package and groupId (default: org.example.NAME without dashes).")
    String pkg;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (name.length() > 64 || !NAME.matcher(name).matches()) {
            throw usage("AA name '" + name + "' must be 1-64 characters of a-z, 0-9 and single dashes, "
                    + "starting with a letter");
        }
        String javaPackage = pkg != null ? pkg : "org.example." + name.replace("-", "");
        if (!SourceVersion.isName(javaPackage)) {
            throw usage("--package '" + javaPackage + "' is not a Java package name");
        }
        Path target = dir != null ? dir : Path.of(name);
        if (Files.exists(target) && !isEmptyDirectory(target)) {
            throw usage("--dir " + target + " exists and is not an empty directory");
        }
        String className = className(name);
        Map<String, String> values = values(javaPackage, className);
        String pkgPath = javaPackage.replace('.', '/');
        Map<String, String> files = new LinkedHashMap<>();
        files.put("pom.xml", "pom.xml.template");
        files.put("src/main/java/" + pkgPath + "/" + className + ".java", "Aa.java.template");
        files.put("src/test/java/" + pkgPath + "/" + className + "Test.java", "AaTest.java.template");
        files.put("src/test/resources/logback-test.xml", "logback-test.xml.template");
        files.put(".gitignore", "gitignore.template");
        PrintWriter out = spec.commandLine().getOut();
        out.println("writing AA " + name + " (" + javaPackage + "." + className + ") in " + target);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path file = target.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, render(template(f.getValue()), values));
            out.println("  " + f.getKey());
        }
        out.println("next:");
        out.println("  cd " + target + " && mvn -q -B package");
        out.println("  aspen deploy --node HOST:PORT --allow --start target/" + name + "-1.0.0.jar");
        return 0;
    }

    /** {@code hop-counter} becomes {@code HopCounter}. */
    static String className(String aaName) {
        StringBuilder b = new StringBuilder();
        for (String part : aaName.split("-")) {
            b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return b.toString();
    }

    private Map<String, String> values(String javaPackage, String className) {
        Properties v = new Properties();
        try (InputStream in = AaNewCommand.class.getResourceAsStream("/aspen-version.properties")) {
            v.load(in);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("aspen-version.properties is missing from this build of aspen", e);
        }
        Map<String, String> m = new LinkedHashMap<>();
        m.put("NAME", name);
        m.put("GROUP", javaPackage);
        m.put("PACKAGE", javaPackage);
        m.put("CLASS", className);
        m.put("DESCRIPTION", name + ": counts the packets through its node (from aspen aa new)");
        m.put("ASPEN_VERSION", v.getProperty("version"));
        m.put("JUNIT_VERSION", v.getProperty("junit"));
        m.put("LOGBACK_VERSION", v.getProperty("logback"));
        for (String plugin : new String[] {"compiler", "surefire", "jar", "resources", "install", "clean"}) {
            m.put(plugin.toUpperCase() + "_PLUGIN_VERSION", v.getProperty(plugin + "-plugin"));
        }
        return m;
    }

    /** Replaces every {@code {{KEY}}}; a key without a value is a bug in this build, not bad input. */
    static String render(String template, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            if (v == null) {
                throw new IllegalStateException("AA template placeholder {{" + m.group(1) + "}} has no value");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String template(String resource) {
        try (InputStream in = AaNewCommand.class.getResourceAsStream("/aa-template/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("AA template " + resource + " is missing from this build of aspen");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isEmptyDirectory(Path p) throws IOException {
        if (!Files.isDirectory(p)) {
            return false;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
