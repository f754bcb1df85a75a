package org.aspen.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --json}: machine-readable output instead of text, for every command that offers it (the
 * clients of a node and the benchmarks).
 *
 * <pre>{@code
 * @Mixin JsonOption output = new JsonOption();
 * if (output.json()) { out.println(line); } else { out.printf("reply from %s%n", ...); }
 * output.printAnswer(out, control.call("stats", Map.of()));
 * return output.printReply(out, reply, false, o -> o.println("cleared"));
 * return output.printResult(out, benchResult, benchResult::summary);
 * }</pre>
 */
public final class JsonOption {
    private static final ObjectMapper INDENTED = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    /** Whether {@code --json} was given. */
    boolean json() {
        return json;
    }

    /** A node's answer: indented JSON with {@code --json}, else an indented text tree. */
    void printAnswer(PrintWriter out, JsonNode answer) {
        if (json) {
            out.println(answer.toPrettyString());
        } else {
            tree(out, "", answer, 0);
        }
        out.flush();
    }

    /**
     * A node's reply to a client command: {@code reply} as JSON with {@code --json} (indented when
     * {@code indent}, else one line), else what {@code text} prints; returns {@link Aspen#OK}.
     */
    int printReply(PrintWriter out, JsonNode reply, boolean indent, Consumer<PrintWriter> text) {
        if (json) {
            out.println(indent ? reply.toPrettyString() : reply.toString());
        } else {
            text.accept(out);
        }
        out.flush();
        return Aspen.OK;
    }

    /**
     * A benchmark's result: {@code json} as indented JSON with {@code --json}, else {@code text}
     * (printed as it is, no line end added); returns {@link Aspen#OK}.
     */
    int printResult(PrintWriter out, Object json, Supplier<String> text) throws JsonProcessingException {
        if (this.json) {
            printIndented(out, json);
        } else {
            out.print(text.get());
            out.flush();
        }
        return Aspen.OK;
    }

    /** A result (a record, a map) as indented JSON, whatever {@code --json} says. */
    static void printIndented(PrintWriter out, Object result) throws JsonProcessingException {
        out.println(INDENTED.writeValueAsString(result));
        out.flush();
    }

    /** Scalars one per line as {@code name: value}, nested objects indented, empty objects left out. */
    private static void tree(PrintWriter out, String name, JsonNode n, int depth) {
        String pad = "  ".repeat(depth);
        if (n.isObject()) {
            if (n.isEmpty()) {
                return;
            }
            if (!name.isEmpty()) {
                out.println(pad + name + ":");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                tree(out, e.getKey(), e.getValue(), name.isEmpty() ? depth : depth + 1);
            }
        } else if (n.isArray()) {
            out.println(pad + name + ": " + (n.isEmpty() ? "none" : ""));
            int i = 0;
            for (JsonNode x : n) {
                tree(out, "[" + i++ + "]", x, depth + 1);
            }
        } else {
            out.println(pad + name + ": " + n.asText());
        }
    }
}
