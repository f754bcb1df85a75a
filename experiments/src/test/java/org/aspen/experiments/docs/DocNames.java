package org.aspen.experiments.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a markdown doc names in backticks, resolved against a source tree: classes ({@code
 * LabRunner}, {@code run.LabRunner}, {@code org.aspen.lab.run.LabRunner}), their members ({@code
 * Link.receiveFrame()}, {@code Match.RDP_PORTS}) and nested types ({@code LabRunner.Options}), and
 * paths in the repository ({@code tools/reproduce-results.sh}, {@code cli/src/assembly/bundle.xml}).
 *
 * <pre>{@code
 * DocNames names = DocNames.index(repositoryRoot);
 * List<DocNames.Unresolved> wrong = names.check(Files.readString(repositoryRoot.resolve("docs/architecture.md")));
 * }</pre>
 *
 * <p>A class is found when a {@code .java} file under some {@code src/main/java} or {@code
 * src/test/java} declares it (a package prefix must end the file's package: {@code run.LabRunner}
 * is {@code org.aspen.lab.run.LabRunner}), or when the tree imports it (a JDK or library class the
 * code uses, such as {@code SplittableRandom}), or it is in {@code java.lang}. A member is found when
 * its name appears in the declaring file, or, for a library class this test can load, when the class
 * has a public method or field of that name. Fenced code blocks are left out; so are names in
 * capitals ({@code NAME}, {@code TTL}) and {@code Xxx} placeholders ({@code XxxRun}). A path is
 * checked when it starts with a top-level directory of the repository, or with {@code ../} (which
 * leaves the repository, and is refused); build outputs (a {@code target} directory), globs and
 * placeholders ({@code docs/results/DIR}, {@code docs/results-xxx.md}) are not.
 */
final class DocNames {
    /** One mention that names nothing in the tree: its line in the doc, the mention, and why. */
    record Unresolved(int line, String mention, String why) {
        @Override
        public String toString() {
            return "line " + line + ": `" + mention + "`: " + why;
        }
    }

    private static final Pattern FENCE = Pattern.compile("(?ms)^[ \\t]*```.*?^[ \\t]*```[^\\n]*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern CLASS_MENTION = Pattern.compile("(?:[a-z][a-z0-9]*\\.)*[A-Z]\\w*(?:\\.\\w+)*");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+([a-z][\\w.]*\\.([A-Z]\\w*))\\s*;");
    private static final Pattern PLACEHOLDER = Pattern.compile("[A-Z][A-Z0-9_]*|Xxx\\w*");
    private static final Pattern PATH = Pattern.compile("(?:\\.\\./|[a-z][\\w.-]*/)[\\w./*-]*");

    private final Path root;
    /** Fully qualified name of each top-level type -> its source. */
    private final Map<String, String> types = new HashMap<>();
    /** Simple name -> the sources that declare a type of that name (top-level or nested). */
    private final Map<String, List<String>> declaring = new HashMap<>();
    /** Simple name -> fully qualified names the tree imports. */
    private final Map<String, Set<String>> imported = new HashMap<>();
    private final Set<String> topLevelDirectories = new HashSet<>();

    private DocNames(Path root) {
        this.root = root;
    }

    /** Reads every {@code .java} file under {@code root}'s {@code src/main/java} and {@code src/test/java} directories. */
    static DocNames index(Path root) {
        DocNames n = new DocNames(root);
        try {
            try (var top = Files.list(root)) {
                top.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(s -> !s.startsWith("."))
                        .forEach(n.topLevelDirectories::add);
            }
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    return !dir.equals(root) && (name.startsWith(".") || name.equals("target") || name.equals("node_modules"))
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String rel = root.relativize(file).toString().replace('\\', '/');
                    int at = Math.max(rel.indexOf("src/main/java/"), rel.indexOf("src/test/java/"));
                    if (rel.endsWith(".java") && at >= 0) {
                        n.add(rel.substring(at + "src/main/java/".length(), rel.length() - ".java".length()).replace('/', '.'),
                                Files.readString(file, StandardCharsets.UTF_8));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return n;
    }

    private void add(String fqn, String source) {
        types.put(fqn, source);
        declaring.computeIfAbsent(fqn.substring(fqn.lastIndexOf('.') + 1), k -> new ArrayList<>()).add(source);
        Matcher d = DECLARATION.matcher(source);
        while (d.find()) {
            List<String> files = declaring.computeIfAbsent(d.group(1), k -> new ArrayList<>());
            if (!files.contains(source)) {
                files.add(source);
            }
        }
        Matcher i = IMPORT.matcher(source);
        while (i.find()) {
            imported.computeIfAbsent(i.group(2), k -> new HashSet<>()).add(i.group(1));
        }
    }

    /** Every mention in {@code markdown} that names no class, member or path of the tree, in the doc's order. */
    List<Unresolved> check(String markdown) {
        Matcher f = FENCE.matcher(markdown);
        StringBuilder prose = new StringBuilder();
        while (f.find()) {
            f.appendReplacement(prose, Matcher.quoteReplacement("\n".repeat((int) f.group().chars().filter(c -> c == '\n').count())));
        }
        f.appendTail(prose);
        String text = prose.toString();
        List<Unresolved> out = new ArrayList<>();
        Matcher m = CODE_SPAN.matcher(text);
        while (m.find()) {
            int line = 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count();
            String mention = m.group(1).strip().replaceAll("\\s+", " ");
            String why = mention.contains("/") ? path(mention) : name(mention.replaceFirst("\\(.*\\)$", ""));
            if (why != null) {
                out.add(new Unresolved(line, mention, why));
            }
        }
        return out;
    }

    /** Why a class mention resolves to nothing, or null when it does (or is no class mention). */
    private String name(String mention) {
        if (!CLASS_MENTION.matcher(mention).matches()) {
            return null;
        }
        String[] parts = mention.split("\\.");
        int i = 0;
        while (!Character.isUpperCase(parts[i].charAt(0))) {
            i++;
        }
        String type = parts[i];
        if (PLACEHOLDER.matcher(type).matches()) {
            return null;
        }
        String pkg = String.join(".", java.util.Arrays.copyOfRange(parts, 0, i));
        List<String> sources = new ArrayList<>();
        Class<?> library = null;
        if (!pkg.isEmpty()) {
            types.forEach((fqn, src) -> {
                if (fqn.equals(pkg + "." + type) || fqn.endsWith("." + pkg + "." + type)) {
                    sources.add(src);
                }
            });
            if (sources.isEmpty()) {
                library = load(pkg + "." + type);
                if (library == null) {
                    return "no class " + pkg + "." + type + " in the source tree";
                }
            }
        } else {
            sources.addAll(declaring.getOrDefault(type, List.of()));
            if (sources.isEmpty()) {
                for (String fqn : imported.getOrDefault(type, Set.of())) {
                    library = load(fqn);
                    if (library != null) {
                        break;
                    }
                }
                if (library == null) {
                    library = load("java.lang." + type);
                }
                if (library == null && !imported.containsKey(type)) {
                    return "no class " + type + " in the source tree, its imports or java.lang";
                }
            }
        }
        if (i + 1 >= parts.length) {
            return null;
        }
        String member = parts[i + 1];
        boolean nested = Character.isUpperCase(member.charAt(0)) && !PLACEHOLDER.matcher(member).matches();
        if (!sources.isEmpty()) {
            Pattern p = nested ? Pattern.compile("\\b(?:class|interface|record|enum)\\s+" + member + "\\b")
                    : Pattern.compile("\\b" + Pattern.quote(member) + "\\b");
            return sources.stream().anyMatch(s -> p.matcher(s).find()) ? null
                    : type + " has no " + (nested ? "nested type " : "member ") + member;
        }
        if (library == null) {
            return null;   // imported, but not on this test's class path: the class is known, its members are not
        }
        for (Method x : library.getMethods()) {
            if (x.getName().equals(member)) {
                return null;
            }
        }
        for (Field x : library.getFields()) {
            if (x.getName().equals(member)) {
                return null;
            }
        }
        for (Class<?> x : library.getClasses()) {
            if (x.getSimpleName().equals(member)) {
                return null;
            }
        }
        return library.getName() + " has no public member " + member;
    }

    /** Why a path mention is not in the repository, or null when it is (or is no repository path). */
    private String path(String mention) {
        if (!PATH.matcher(mention).matches()) {
            return null;
        }
        if (mention.startsWith("../")) {
            return "a path outside the repository";
        }
        String top = mention.substring(0, mention.indexOf('/'));
        List<String> segments = List.of(mention.split("/"));
        if (!topLevelDirectories.contains(top) || mention.contains("*") || segments.contains("target")
                || segments.stream().anyMatch(s -> PLACEHOLDER.matcher(s.replaceFirst("\\..*$", "")).matches()
                        || s.toLowerCase(java.util.Locale.ROOT).contains("xxx"))) {
            return null;
        }
        return Files.exists(root.resolve(mention)) ? null : "no such file or directory in the repository";
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, DocNames.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
