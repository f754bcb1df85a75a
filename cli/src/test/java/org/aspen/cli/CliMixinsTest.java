package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The shared options: every client of a node's control endpoint takes {@code --node}, {@code --token},
 * {@code --json} and {@code --timeout} from the one mixin that defines each, and reaches the node only
 * through {@link ControlOptions}; and every command's help reads at 80 columns.
 */
class CliMixinsTest {
    /** Valid arguments (all but --node/--token) for every client of a node: a new client verb must add its own. */
    private static Map<String, List<String>> samples(Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("aa.jar"), new byte[] {'P', 'K', 3, 4});
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("ping", List.of("10.0.0.3", "-c", "1"));
        m.put("trace", List.of("10.0.0.3"));
        m.put("send", List.of("10.0.0.2:7000", "--size", "1MB"));
        m.put("recv", List.of("--port", "7000"));
        m.put("aa list", List.of());
        m.put("aa start", List.of("ab".repeat(32)));
        m.put("aa stop", List.of("flow-counter@1.0.0"));
        m.put("aa logs", List.of("flow-counter@1.0.0"));
        m.put("deploy", List.of("--allow", jar.toString()));
        m.put("stats", List.of());
        m.put("routes", List.of());
        m.put("neighbours", List.of());
        m.put("qdisc set", List.of("a-b", "red", "min_th=5"));
        m.put("qdisc show", List.of());
        m.put("flakeway set", List.of("name x; loss 1%"));
        m.put("flakeway clear", List.of());
        m.put("flakeway show", List.of());
        m.put("capture", List.of("--out", dir.resolve("c.pcapng").toString(), "--count", "1"));
        return m;
    }

    @Test
    void everyClientOfANodeTakesTheSharedOptionsFromTheirMixins() {
        List<String> clients = new ArrayList<>();
        for (CommandSpec c : commands()) {
            if (c.findOption("--node") == null) {
                continue;
            }
            String name = name(c);
            clients.add(name);
            assertFromMixin(c, "--node", ControlOptions.class);
            assertFromMixin(c, "--token", ControlOptions.class);
            if (c.findOption("--json") != null) {
                assertFromMixin(c, "--json", JsonOption.class);
            }
            // every client has a bounded wait, named --timeout
            assertNotNull(c.findOption("--timeout"), name + " has no --timeout");
            if (c.findOption("-W") != null) {
                assertFromMixin(c, "--timeout", ReplyTimeoutOption.class);      // per reply: ping, trace
            } else if (!STREAMS.contains(name)) {
                assertFromMixin(c, "--timeout", RequestTimeoutOption.class);    // one request, one answer
            }
        }
        assertTrue(clients.containsAll(List.of("ping", "trace", "send", "recv", "stats", "deploy", "capture", "aa list",
                "qdisc set", "flakeway show")), "the walk found the clients: " + clients);
    }

    @Test
    void everyClientOfANodeReachesItThroughTheMixin(@TempDir Path dir) throws Exception {
        Map<String, List<String>> samples = samples(dir);
        // a port held by a bound socket that never listens: connecting is refused, and no other process can take
        // it meanwhile (a port only picked as free was once taken by another node, and recv waited 600 s on it)
        try (java.net.Socket holder = new java.net.Socket()) {
            holder.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
            clientsFailOneLine(samples, holder.getLocalPort());
        }
    }

    private void clientsFailOneLine(Map<String, List<String>> samples, int port) throws Exception {
        int clients = 0;
        for (CommandSpec c : commands()) {
            if (c.findOption("--node") == null) {
                continue;
            }
            String name = name(c);
            List<String> sample = samples.get(name);
            assertNotNull(sample, "'aspen " + name + "' talks to a node: give it sample arguments in CliMixinsTest.samples");
            List<String> args = new ArrayList<>(List.of(name.split(" ")));
            args.addAll(sample);
            args.addAll(List.of("--node", "127.0.0.1:" + port, "--token", "t"));
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(Aspen.FAILURE, r.code(), name + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), name + ": one line: " + r.err());
            assertTrue(r.err().startsWith("aspen: error: cannot reach the node's control endpoint at 127.0.0.1:" + port + " ("),
                    name + ": " + r.err());
            clients++;
        }
        assertEquals(samples.size(), clients, "every sample is a client that was run");
    }

    /** Clients whose --timeout bounds a stream's quiet time, each in its own words. */
    private static final List<String> STREAMS = List.of("send", "recv", "capture");

    @Test
    void everyClientGivesUpOnASilentNodeWithinItsTimeoutAndSaysWhatItWaitedFor(@TempDir Path dir) throws Exception {
        Map<String, List<String>> samples = samples(dir);
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String node = "127.0.0.1:" + silent.getLocalPort();
            for (Map.Entry<String, List<String>> e : samples.entrySet()) {
                String name = e.getKey();
                List<String> args = new ArrayList<>(List.of(name.split(" ")));
                args.addAll(e.getValue());
                args.addAll(List.of("--node", node, "--timeout", "300ms"));
                if (name.equals("ping")) {
                    args.addAll(List.of("-i", "100ms"));
                }
                CliTest.Run r = CliTest.run(args.toArray(String[]::new));
                assertEquals(Aspen.FAILURE, r.code(), name + ": " + r.out() + r.err());
                assertEquals(1, r.err().lines().count(), name + ": one line: " + r.err());
                String why = r.err();
                boolean named = name.equals("recv") ? why.contains("no transfer arrived on port 7000 within 300ms")
                        : why.contains("the node at " + node + " sent nothing for ")
                        || why.contains("no answer from the node at " + node + " to '") && why.contains("' within 300ms (--timeout)");
                assertTrue(named, name + ": " + why);
            }
        }
    }

    @Test
    void aNodeThatStopsAnsweringEndsTheRequestInsteadOfHangingIt() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ControlOptions control = new ControlOptions();
            control.node = "127.0.0.1:" + silent.getLocalPort();
            long t0 = System.nanoTime();
            assertThrows(SocketTimeoutException.class, () -> control.stream("stats", Map.of(), Duration.ofMillis(300), d -> { }));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 250 && ms < 10_000, "gave up after the quiet limit, not before or never: " + ms + " ms");
            assertThrows(IllegalArgumentException.class, () -> control.stream("stats", Map.of(), Duration.ZERO, d -> { }),
                    "no request without a limit");
        }
    }

    @Test
    void everyHelpReadsAt80Columns() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true));
        try {
            for (CommandSpec c : commands()) {
                String help = c.commandLine().getUsageMessage();
                help.lines().forEach(l -> assertTrue(l.length() <= 80, name(c) + ": line over 80 columns: " + l));
                // the command lists show only this line, so it must not stop mid-sentence
                String[] description = c.usageMessage().description();
                assertTrue(description.length > 0 && description[0].endsWith("."),
                        name(c) + ": the first description line is a whole sentence: " + String.join("|", description));
            }
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", warnings.toString(), "picocli rendered every description as written (no '%' warnings)");
    }

    /**
     * picocli wraps at spaces but also after a dot or before a digit inside a long token, which splits
     * URLs ({@code http://127.} / {@code 0.0.1:PORT/}), numbers and abbreviations ({@code (e.} /
     * {@code g. on:50}); the texts are worded so that no such break happens at 80 columns.
     */
    @Test
    void noHelpLineBreaksAUrlANumberAnAbbreviationOrAnOption() {
        for (CommandSpec c : commands()) {
            List<String> lines = c.commandLine().getUsageMessage().lines().toList();
            for (int i = 0; i + 1 < lines.size(); i++) {
                String next = lines.get(i + 1);
                if (next.isBlank() || !Character.isWhitespace(next.charAt(0))) {
                    continue;   // not a wrapped continuation
                }
                String[] prev = lines.get(i).trim().split("\\s+");
                String a = prev[prev.length - 1];
                String b = next.trim().split("\\s+")[0];
                String where = name(c) + ": '" + a + "' / '" + b + "'";
                assertFalse(a.contains("://") && !a.matches(".*/[.,;:)]?"), where + " splits a URL");
                assertFalse(a.matches(".*\\d\\.") && b.matches("\\d.*"), where + " splits a number");
                assertFalse(a.matches("\\(?[a-z]\\.") && b.matches("[a-z]\\..*"), where + " splits an abbreviation");
                assertFalse(a.startsWith("--") && a.endsWith("-"), where + " splits an option name");
            }
        }
    }

    private static void assertFromMixin(CommandSpec c, String option, Class<?> mixin) {
        OptionSpec o = c.findOption(option);
        assertNotNull(o, name(c) + " has " + option);
        assertTrue(o.userObject() instanceof Field f && f.getDeclaringClass() == mixin,
                name(c) + ": " + option + " is declared in " + o.userObject() + ", not in " + mixin.getSimpleName());
        CommandSpec from = c.mixins().values().stream().filter(m -> m.userObject().getClass() == mixin).findFirst().orElse(null);
        assertNotNull(from, name(c) + " mixes in " + mixin.getSimpleName());
        assertSame(o, from.findOption(option), name(c) + ": the " + option + " it parses is the mixin's");
    }

    /** Every command under {@code aspen}, depth first, without picocli's own {@code help}. */
    private static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        walk(Aspen.commandLine(), all);
        assertFalse(all.isEmpty());
        return all;
    }

    private static void walk(CommandLine cl, List<CommandSpec> all) {
        all.add(cl.getCommandSpec());
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                walk(sub, all);
            }
        }
    }

    /** {@code "aa list"} for {@code aspen aa list}; {@code "aspen"} for the root. */
    private static String name(CommandSpec c) {
        String q = c.qualifiedName();
        return q.equals("aspen") ? q : q.substring("aspen ".length());
    }
}
