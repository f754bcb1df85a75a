package org.aspen.lab.scenario;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads scenario files (YAML, or JSON by extension) with one strict mapper: unknown fields,
 * duplicate keys, trailing content and wrong types are errors, reported in one line that names the
 * file, the field path and the problem. Then checks meaning ({@link ScenarioCheck}): unique names and
 * addresses, links and routes that name existing nodes, units that parse, expectations that refer to
 * real things.
 *
 * <pre>{@code
 * Scenario s = ScenarioLoader.load(Path.of("examples/scenarios/line3.yaml"));
 * }</pre>
 */
public final class ScenarioLoader {
    private ScenarioLoader() {
    }

    public static ObjectMapper strictMapper(boolean yaml) {
        ObjectMapper m = yaml ? new ObjectMapper(new YAMLFactory()) : new ObjectMapper();
        m.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        m.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        m.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        m.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        m.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        return m;
    }

    public static Scenario load(Path file) {
        String label = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, label, !label.endsWith(".json"));
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": no such file");
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
    }

    /** Parses and validates; {@code label} names the source in error messages. */
    public static Scenario parse(InputStream in, String label, boolean yaml) {
        Scenario s;
        byte[] bytes;
        try {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ConfigException(label + ": cannot read: " + e.getMessage());
        }
        if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
            throw new ConfigException(label + ": the file is empty");
        }
        try {
            s = strictMapper(yaml).readValue(bytes, Scenario.class);
        } catch (JsonProcessingException e) {
            throw failure(label, e, bytes);
        } catch (IOException e) {
            throw new ConfigException(label + ": cannot read: " + e.getMessage());
        }
        if (s == null) {
            throw new ConfigException(label + ": the file is empty");
        }
        new ScenarioCheck(label, s).run();
        return s;
    }

    /**
     * The error for {@code source} (named {@code label}) that failed to read as {@code e} says. A
     * syntax error names the line and column ({@code line3.yaml: line 4, column 5: ...}), gives the parser's
     * problem rather than its context, and carries the offending line with a caret as its
     * {@link ConfigException#excerpt()}; any other error is {@link #describe}d.
     */
    public static ConfigException failure(String label, JsonProcessingException e, byte[] source) {
        String path = e instanceof JsonMappingException jm ? path(jm.getPath()) : "";
        String where = path.isEmpty() ? "" : path + ": ";
        MarkedYAMLException y = yamlSyntax(e);
        if (y != null && y.getProblemMark() != null) {
            Mark m = y.getProblemMark();
            return new ConfigException(label + ": line " + (m.getLine() + 1) + ", column " + (m.getColumn() + 1) + ": " + where
                    + yamlProblem(y), excerpt(source, m.getLine(), m.getColumn()));
        }
        StreamReadException r = jsonSyntax(e);
        if (r != null && r.getLocation() != null && r.getLocation().getLineNr() > 0) {
            int line = r.getLocation().getLineNr();
            int col = Math.max(1, r.getLocation().getColumnNr());
            String problem = firstLine(r.getOriginalMessage(), "", "")
                    .replaceAll("\\(for (\\w+) starting at \\[Source: .*?line: (\\d+), column: (\\d+)\\]\\)",
                            "(in the $1 from line $2, column $3)");
            return new ConfigException(label + ": line " + line + ", column " + col + ": " + where + problem,
                    excerpt(source, line - 1, col - 1));
        }
        return new ConfigException(label + ": " + describe(e));
    }

    /** The error for a file read from {@code file}; its bytes are read again for the excerpt. */
    public static ConfigException failure(String label, JsonProcessingException e, Path file) {
        byte[] source;
        try {
            source = Files.readAllBytes(file);
        } catch (IOException unreadable) {
            source = new byte[0];
        }
        return failure(label, e, source);
    }

    /** SnakeYAML's error under Jackson's wrapper, or null when {@code e} is not a YAML syntax error. */
    private static MarkedYAMLException yamlSyntax(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof MarkedYAMLException y) {
                return y;
            }
        }
        return null;
    }

    /** Jackson's JSON syntax error, under the mapping error that may wrap it, or null. */
    private static StreamReadException jsonSyntax(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StreamReadException r && !(t instanceof JsonMappingException)) {
                return r;
            }
        }
        return null;
    }

    /**
     * The parser's problem (what it found), then its context (what it was reading, and from where),
     * with a hint for the usual mistakes: an unclosed bracket, a tab, a wrong indentation.
     */
    private static String yamlProblem(MarkedYAMLException y) {
        String problem = y.getProblem() == null ? "syntax error" : y.getProblem().trim();
        if (problem.contains("(TAB)")) {
            problem = "a tab character: YAML indents with spaces, never tabs";
        }
        String context = y.getContext() == null ? "" : y.getContext().trim();
        Mark cm = y.getContextMark();
        if (context.isEmpty() || cm == null) {
            return problem + hint(problem, "");
        }
        String at = "line " + (cm.getLine() + 1) + ", column " + (cm.getColumn() + 1);
        return problem + " (" + context + " from " + at + ")" + hint(problem, context);
    }

    private static String hint(String problem, String context) {
        if (context.contains("flow mapping")) {
            return ": is a '}' missing?";
        }
        if (context.contains("flow sequence")) {
            return ": is a ']' missing?";
        }
        if (context.contains("block") || problem.startsWith("mapping values are not allowed")) {
            return ": check the indentation (each level the same number of spaces)";
        }
        return "";
    }

    /** Line {@code line} (0-based) of {@code source} and a caret under column {@code col}; tabs shown as {@code \t}. */
    static String excerpt(byte[] source, int line, int col) {
        List<String> lines = new String(source, StandardCharsets.UTF_8).lines().toList();
        if (line < 0 || line >= lines.size()) {
            return "";
        }
        String text = lines.get(line);
        StringBuilder shown = new StringBuilder();
        int caret = 0;
        for (int i = 0; i < text.length(); i++) {
            if (i == col) {
                caret = shown.length();
            }
            char c = text.charAt(i);
            shown.append(c == '\t' ? "\\t" : String.valueOf(c));
        }
        if (col >= text.length()) {
            caret = shown.length();
        }
        String number = String.valueOf(line + 1);
        return " " + number + " | " + shown + "\n" + " ".repeat(number.length() + 1) + " | " + " ".repeat(caret) + "^";
    }

    public static String describe(JsonProcessingException e) {
        String path = e instanceof JsonMappingException jm ? path(jm.getPath()) : "";
        String where = path.isEmpty() ? "" : path + ": ";
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : " (known: " + u.getKnownPropertyIds().stream()
                    .map(Object::toString).sorted().collect(Collectors.joining(", ")) + ")";
            return where + "unknown field '" + u.getPropertyName() + "'" + known;
        }
        if (e instanceof InvalidTypeIdException t) {
            return where + "unknown type '" + t.getTypeId() + "' (known: " + String.join(", ", expectationTypes()) + ")";
        }
        if (e instanceof MismatchedInputException mi && mi.getTargetType() != null) {
            return where + "expected " + typeName(mi.getTargetType()) + firstLine(e.getOriginalMessage(), " (", ")");
        }
        String loc = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
        return where + firstLine(e.getOriginalMessage(), "", "") + loc;
    }

    /** The {@code type} names of expectations, as declared on {@link Scenario.Expectation}. */
    public static List<String> expectationTypes() {
        return Arrays.stream(Scenario.Expectation.class.getAnnotation(JsonSubTypes.class).value())
                .map(JsonSubTypes.Type::name).toList();
    }

    private static String typeName(Class<?> c) {
        if (List.class.isAssignableFrom(c)) {
            return "a list";
        }
        if (c == String.class) {
            return "a text value";
        }
        if (c == Integer.class || c == Long.class || c == int.class || c == long.class) {
            return "a whole number";
        }
        if (c.isRecord() || c.isInterface()) {
            return "a mapping (key: value)";
        }
        return c.getSimpleName();
    }

    private static String firstLine(String msg, String pre, String post) {
        if (msg == null || msg.isBlank()) {
            return "";
        }
        String l = msg.lines().findFirst().orElse("").trim();
        return pre + l + post;
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            } else if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            }
        }
        return sb.toString();
    }

    /** host:port parsing for udp/control fields. */
    public static final class HostPort {
        private HostPort() {
        }

        public static InetSocketAddress parse(String text) {
            int i = text.lastIndexOf(':');
            if (i <= 0 || i == text.length() - 1) {
                throw new IllegalArgumentException("'" + text + "' is not host:port");
            }
            String host = text.substring(0, i);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            int port;
            try {
                port = Integer.parseInt(text.substring(i + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': port is not a number");
            }
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("'" + text + "': port must be 0-65535");
            }
            return InetSocketAddress.createUnresolved(host, port);
        }

        /** {@code host:port}, or a bare {@code port} on the loopback address (127.0.0.1). */
        public static InetSocketAddress parseOrPort(String text) {
            if (text.matches("\\d+")) {
                return parse("127.0.0.1:" + text);
            }
            return parse(text);
        }
    }
}
