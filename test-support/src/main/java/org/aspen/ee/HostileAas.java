package org.aspen.ee;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * AAs written to do harm (issue 30), one small class each, compiled together and packed one per
 * jar ({@link TestJars#jarOf}); and one AA that uses much of what the allow-list lets in. Every
 * hostile one must be refused by the allow-list when its jar is read. In test-support, so ee-core's
 * tests and the system tests share them.
 *
 * <pre>{@code
 * byte[] spawn = HostileAas.jar("Spawn");   // starts a Thread: refused when the jar is read
 * }</pre>
 */
public final class HostileAas {
    private HostileAas() {
    }

    private static final String HEAD = """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            """;

    public static final Map<String, String> SOURCES = new LinkedHashMap<>();

    private static void aa(String cls, String body) {
        SOURCES.put("t." + cls, HEAD + "public final class " + cls + " implements ActiveApplication {\n" + body + "\n}\n");
    }

    static {
        aa("Exit", """
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.divert(Match.ANY, (c, pkt) -> System.exit(3));
                }""");
        aa("Halt", """
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.divert(Match.ANY, (c, pkt) -> Runtime.getRuntime().halt(4));
                }""");
        aa("ReflectiveSleep", """
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.divert(Match.ANY, (c, pkt) -> {
                        try {
                            Class.forName("java.lang.Thread").getMethod("sleep", long.class).invoke(null, 10_000L);
                        } catch (ReflectiveOperationException e) { }
                        c.reinject(pkt);
                    });
                }""");
        aa("Spawn", """
                public void start(AaContext ctx, Map<String, String> p) {
                    new Thread(this::spin).start();
                }
                private void spin() { while (true) { } }""");
        aa("Dice", """
                private final java.util.Random random = new java.util.Random();
                public void start(AaContext ctx, Map<String, String> p) { }""");
        aa("MathRandom", """
                public void start(AaContext ctx, Map<String, String> p) { ctx.counter("x").add((long) (Math.random() * 10)); }""");
        aa("LocalRandom", """
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.counter("x").add(java.util.concurrent.ThreadLocalRandom.current().nextInt(10));
                }""");
        aa("WallClock", """
                public void start(AaContext ctx, Map<String, String> p) { ctx.counter("x").add(System.currentTimeMillis()); }""");
        aa("InstantNow", """
                public void start(AaContext ctx, Map<String, String> p) { ctx.log().info("at {}", java.time.Instant.now()); }""");
        aa("ExitRef", """
                public void start(AaContext ctx, Map<String, String> p) {
                    java.util.function.IntConsumer bye = System::exit;
                    bye.accept(0);
                }""");
        aa("Waiter", """
                private final java.util.List<String> lock = new java.util.ArrayList<>();
                public void start(AaContext ctx, Map<String, String> p) throws Exception {
                    synchronized (lock) { lock.wait(); }
                }""");
        aa("Parallel", """
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.counter("x").add(java.util.stream.IntStream.range(0, 1000).parallel().sum());
                }""");
        aa("Pool", """
                public void start(AaContext ctx, Map<String, String> p) {
                    java.util.concurrent.ForkJoinPool.commonPool().execute(() -> { while (true) { } });
                }""");
        aa("Files", """
                public void start(AaContext ctx, Map<String, String> p) throws Exception {
                    java.nio.file.Files.delete(java.nio.file.Path.of("/tmp/x"));
                }""");
        aa("Props", """
                public void start(AaContext ctx, Map<String, String> p) { System.setProperty("user.dir", "/"); }""");
        aa("Print", """
                public void start(AaContext ctx, Map<String, String> p) { System.out.println("hello"); }""");
        aa("Handles", """
                public void start(AaContext ctx, Map<String, String> p) throws Exception {
                    java.lang.invoke.MethodHandles.lookup();
                }""");
        aa("Unsafe", """
                public void start(AaContext ctx, Map<String, String> p) { ctx.log().info(sun.misc.Unsafe.class.getName()); }""");
        aa("Finalizer", """
                public void start(AaContext ctx, Map<String, String> p) { }
                @Override protected void finalize() { while (true) { } }""");
        SOURCES.put("t.Worker", HEAD + """
                public final class Worker extends Thread implements ActiveApplication {
                    public void start(AaContext ctx, Map<String, String> p) { start(); }
                    @Override public void run() { while (true) { } }
                }
                """);
    }

    /** An AA using lambdas, method references, records, enums and their switch, streams, string concatenation and more. */
    static final Map<String, String> GOOD = Map.of("t.Good", HEAD + """
            import java.nio.ByteBuffer;
            import java.nio.charset.StandardCharsets;
            import java.time.Duration;
            import java.util.*;
            import java.util.stream.*;
            public final class Good implements ActiveApplication {
                enum Kind { SMALL, LARGE }
                record Seen(int length, Kind kind) { }
                private final Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
                private final Deque<Seen> last = new ArrayDeque<>();
                private AaContext ctx;
                public void start(AaContext ctx, Map<String, String> p) {
                    this.ctx = ctx;
                    assert ctx != null;
                    int limit = Integer.parseInt(p.getOrDefault("limit", "100"));
                    ctx.divert(Match.ANY, (c, pkt) -> {
                        Kind k = pkt.length() > limit ? Kind.LARGE : Kind.SMALL;
                        switch (k) {
                            case SMALL -> counts.merge(k, 1, Integer::sum);
                            case LARGE -> counts.merge(k, 2, Integer::sum);
                        }
                        last.addLast(new Seen(pkt.length(), k));
                        if (last.size() > 8) last.removeFirst();
                        ByteBuffer b = ByteBuffer.wrap(pkt.payload());
                        String text = "len=" + pkt.length() + " first=" + (b.hasRemaining() ? b.get() : -1);
                        ctx.counter("bytes").add(text.getBytes(StandardCharsets.UTF_8).length);
                        ctx.counter("draw").add(ctx.random().nextInt(10));
                        Duration at = ctx.now();
                        ctx.counter("ms").add(at.toMillis() + String.format("%d", 0).length());
                        List<Integer> lengths = last.stream().map(Seen::length).sorted().collect(Collectors.toList());
                        ctx.counter("max").add(lengths.isEmpty() ? 0 : Collections.max(lengths));
                        try (var s = IntStream.range(0, 3).boxed()) { ctx.counter("sum").add(s.mapToInt(i -> i).sum()); }
                        c.reinject(pkt);
                    });
                }
                @Override public String toString() { return counts + " " + last; }
            }
            """);

    /** The jar of one of {@link #SOURCES}' classes, by its simple name ("Spawn", "Dice", ...). */
    public static byte[] jar(String cls) {
        return TestJars.jarOf(cls.toLowerCase(java.util.Locale.ROOT), "t." + cls, SOURCES);
    }
}
