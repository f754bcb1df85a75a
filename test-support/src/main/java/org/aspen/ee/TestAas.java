package org.aspen.ee;

import java.util.Map;

/**
 * Sources of the small AAs the tests (and the EE's microbenchmarks) compile into jars (see
 * {@link TestJars}).
 *
 * <pre>{@code
 * byte[] pass = TestAas.diverter("pass");          // diverts protocol 2 and re-injects it
 * ee.trust().allowJar(pass);
 * ee.startAa(pass, Map.of("mode", "pass"));
 * }</pre>
 */
public final class TestAas {
    private TestAas() {
    }

    /** Diverts by protocol (and optionally ports) and acts per the "mode" parameter. */
    public static final Map<String, String> DIVERTER = Map.of("t.Diverter", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Diverter implements ActiveApplication {
                private String mode;
                private int seen;
                private int refused;
                private AaPacket kept;
                public void start(AaContext ctx, Map<String, String> p) {
                    mode = p.getOrDefault("mode", "pass");
                    Match.Builder m = Match.builder().protocol(Integer.parseInt(p.getOrDefault("protocol", "2")));
                    if (p.containsKey("srcPort")) {
                        m.ports(Match.RDP_PORTS, Integer.parseInt(p.get("srcPort")), Integer.parseInt(p.get("dstPort")));
                    }
                    ctx.divert(m.build(), this::on);
                }
                private void on(DiversionChannel c, AaPacket p) {
                    seen++;
                    switch (mode) {
                        case "drop" -> c.drop(p);
                        case "modify" -> { p.writeU8(0, 0x7f); p.setPriority(9); c.reinject(p); }
                        case "close" -> { c.drop(p); c.close(); }
                        case "flush" -> { if (seen == 1) { c.drop(p); c.flushClose(); } else { c.reinject(p); } }
                        case "throw" -> throw new IllegalStateException("boom " + seen);
                        case "keep" -> {   // writes into the view of the packet before, already handed back
                            if (kept != null) {
                                try { kept.setPriority(9); } catch (IllegalStateException e) { refused++; }
                                try { kept.writeU8(0, 0x7f); } catch (IllegalStateException e) { refused++; }
                            }
                            kept = p;
                            c.reinject(p);
                        }
                        default -> c.reinject(p);
                    }
                }
                @Override public String toString() { return "seen=" + seen + " refused=" + refused; }
            }
            """);

    /**
     * Spins "spinMs" of wall-clock time in the handler of a diverter of protocol 2, then re-injects:
     * a misbehaving AA, on purpose, for the handler clock. It reads the host's clock, which the
     * allow-list refuses: start it on an EE with {@code ExecutionEnvironment.skipAllowListForTests()}.
     */
    public static final Map<String, String> SPINNER = Map.of("t.Spinner", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Spinner implements ActiveApplication {
                public void start(AaContext ctx, Map<String, String> p) {
                    long spinNanos = Long.parseLong(p.getOrDefault("spinMs", "0")) * 1_000_000L;
                    ctx.divert(Match.builder().protocol(2).build(), (c, pkt) -> {
                        long end = System.nanoTime() + spinNanos;
                        while (System.nanoTime() < end) { Thread.onSpinWait(); }
                        c.reinject(pkt);
                    });
                }
            }
            """);

    /**
     * Tries to load the classes named in "classes" (refused by the allow-list: start it on an EE with
     * {@code ExecutionEnvironment.skipAllowListForTests()}) and reports which it could see.
     */
    public static final Map<String, String> PROBE = Map.of("t.Probe", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Probe implements ActiveApplication {
                private final StringBuilder seen = new StringBuilder();
                public void start(AaContext ctx, Map<String, String> p) {
                    for (String c : p.getOrDefault("classes", "").split(",")) {
                        try {
                            Class.forName(c, false, Probe.class.getClassLoader());
                            seen.append(c).append("=ok;");
                        } catch (ClassNotFoundException | NoClassDefFoundError e) {
                            seen.append(c).append("=missing;");
                        }
                    }
                }
                @Override public String toString() { return seen.toString(); }
            }
            """, "t.Secret", """
            package t;
            public final class Secret { }
            """);

    /**
     * Records packets addressed to it, answers messages with "echo:" + body, and with "notify" set
     * reacts to congestion by forging a RAW packet (source: the dropped packet's destination) to
     * that address. Ticks a timer "ticks" times every 10 ms, drawing from its random source.
     */
    public static final Map<String, String> ECHO = Map.of("t.Echo", """
            package t;
            import java.nio.charset.StandardCharsets;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Echo implements ActiveApplication {
                private AaContext ctx;
                private final StringBuilder log = new StringBuilder();
                private int ticks;
                public void start(AaContext ctx, Map<String, String> p) {
                    this.ctx = ctx;
                    if (p.containsKey("notify")) {
                        Address to = Address.parse(p.get("notify"));
                        ctx.onCongestion(e -> {
                            log.append("drop:").append(e.reason()).append('/').append(e.link().queuePackets()).append(';');
                            ctx.send(ctx.newPacket().source(e.packet().destination()).destination(to)
                                    .protocol(Protocols.RAW).payload(e.reason().getBytes(StandardCharsets.UTF_8)).build());
                        });
                    }
                    int n = Integer.parseInt(p.getOrDefault("ticks", "0"));
                    if (n > 0) tick(n);
                }
                private void tick(int left) {
                    ctx.schedule(10_000_000L, () -> {
                        ticks++;
                        log.append("tick@").append(ctx.nanos()).append('=').append(ctx.random().nextInt(1000)).append(';');
                        if (left > 1) tick(left - 1);
                    });
                }
                public void onPacket(AaPacket p) {
                    ctx.counter("packetsSeen").increment();
                    String text = new String(p.payload(), StandardCharsets.UTF_8);
                    if (text.startsWith("ping")) {
                        ctx.send(ctx.newPacket().destination(p.source()).protocol(Protocols.RAW)
                                .payload(("pong:" + text).getBytes(StandardCharsets.UTF_8)).build());
                    }
                    log.append("pkt:").append(new String(p.payload(), StandardCharsets.UTF_8))
                       .append(" from ").append(p.previousHop()).append(';');
                }
                public void onMessage(AaMessage m) {
                    String body = new String(m.body(), StandardCharsets.UTF_8);
                    log.append("msg:").append(m.fromAa()).append('@').append(m.fromNode()).append('=').append(body).append(';');
                    if (!body.startsWith("echo:")) {
                        ctx.sendMessage(m.fromNode(), m.fromAa(), ("echo:" + body).getBytes(StandardCharsets.UTF_8));
                    }
                }
                public void say(String to, String node, String body) {
                    if (node == null) ctx.sendMessage(to, body.getBytes(StandardCharsets.UTF_8));
                    else ctx.sendMessage(Address.parse(node), to, body.getBytes(StandardCharsets.UTF_8));
                }
                @Override public String toString() { return log.toString(); }
            }
            """);

    public static byte[] echo(String name, String version) {
        return TestJars.jar(name, version, "t.Echo", ECHO);
    }

    public static byte[] diverter(String name) {
        return TestJars.jar(name, "1", "t.Diverter", DIVERTER);
    }

    /** Diverts protocol 2 and re-injects every packet at once, unchanged: nothing but the EE's own path. */
    public static final Map<String, String> PASS_THROUGH = Map.of("t.Pass", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Pass implements ActiveApplication {
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.divert(Match.builder().protocol(2).build(), (c, packet) -> c.reinject(packet));
                }
            }
            """);

    /**
     * A pass-through diverter of protocol 2 that counts the packets its handler saw with its own loader
     * as context class loader (it asks the thread: refused by the allow-list, see {@link #PROBE}).
     */
    public static final Map<String, String> CONTEXT_LOADER = Map.of("t.Ccl", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Ccl implements ActiveApplication {
                private int own;
                private int other;
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.divert(Match.builder().protocol(2).build(), (c, packet) -> {
                        if (Thread.currentThread().getContextClassLoader() == Ccl.class.getClassLoader()) { own++; } else { other++; }
                        c.reinject(packet);
                    });
                }
                @Override public String toString() { return "own=" + own + " other=" + other; }
            }
            """);

    public static byte[] passThrough(String name) {
        return TestJars.jar(name, "1", "t.Pass", PASS_THROUGH);
    }

    /**
     * Runaway code, per the "mode" parameter, in the packet handler of a diverter of protocol 2:
     * "loop" (a tight loop), "alloc" (a loop that allocates), "recurse" (unbounded recursion),
     * "swallow" (a tight loop inside catch (Throwable), retried forever), "pass" (re-injects).
     * "startMode" does the same in start. Entry t.SpinCtor loops in its constructor, t.SpinInit in
     * its static initialiser.
     */
    public static final Map<String, String> RUNAWAY = Map.of("t.Runaway", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Runaway implements ActiveApplication {
                static volatile long sink;
                private String mode;
                public void start(AaContext ctx, Map<String, String> p) {
                    mode = p.getOrDefault("mode", "pass");
                    run(p.getOrDefault("startMode", "none"));
                    ctx.divert(Match.builder().protocol(2).build(), (c, pkt) -> {
                        if (!mode.equals("pass")) { run(mode); }
                        c.reinject(pkt);
                    });
                }
                static int depth(int n) { return depth(n + 1) + 1; }
                static void run(String m) {
                    switch (m) {
                        case "loop" -> { long i = 0; while (true) { i++; } }
                        case "alloc" -> { java.util.List<byte[]> keep = new java.util.ArrayList<>();
                                          while (true) { keep.add(new byte[256]); if (keep.size() > 1000) { keep.clear(); } } }
                        case "recurse" -> sink = depth(0);
                        case "swallow" -> { while (true) { try { long i = 0; while (true) { sink = ++i; } } catch (Throwable t) { sink = -1; } } }
                        default -> { }
                    }
                }
            }
            """, "t.SpinCtor", """
            package t;
            public final class SpinCtor implements org.aspen.ee.api.ActiveApplication {
                public SpinCtor() { Runaway.run("loop"); }
                public void start(org.aspen.ee.api.AaContext c, java.util.Map<String, String> p) { }
            }
            """, "t.SpinInit", """
            package t;
            public final class SpinInit implements org.aspen.ee.api.ActiveApplication {
                static { Runaway.run("swallow"); }
                public void start(org.aspen.ee.api.AaContext c, java.util.Map<String, String> p) { }
            }
            """);

    /** A handler that sleeps: refused when the jar is read, since it would hold the node's loop. */
    public static final Map<String, String> SLEEPER = Map.of("t.Sleeper", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Sleeper implements ActiveApplication {
                public void start(AaContext ctx, Map<String, String> p) {
                    ctx.divert(Match.builder().protocol(2).build(), (c, pkt) -> {
                        try { Thread.sleep(10_000); } catch (InterruptedException e) { }
                        c.reinject(pkt);
                    });
                }
            }
            """);

    /** Keeps an array of "mib" MiB per packet of protocol 2 it diverts, then re-injects the packet. */
    public static final Map<String, String> HOG = Map.of("t.Hog", """
            package t;
            import java.util.Map;
            import org.aspen.ee.api.*;
            public final class Hog implements ActiveApplication {
                private final java.util.List<byte[]> keep = new java.util.ArrayList<>();
                private String seen = "";
                public void start(AaContext ctx, Map<String, String> p) {
                    int mib = Integer.parseInt(p.getOrDefault("mib", "8"));
                    seen = String.valueOf(new java.util.TreeMap<>(p));
                    ctx.divert(Match.builder().protocol(2).build(), (c, pkt) -> {
                        keep.add(new byte[mib << 20]);
                        ctx.counter("kept").increment();
                        c.reinject(pkt);
                    });
                }
                @Override public String toString() { return seen; }
            }
            """);

    /** The {@link #HOG} AA's jar (name hog, version 1). */
    public static byte[] hog() {
        return TestJars.jar("hog", "1", "t.Hog", HOG);
    }
}
