package org.aspen.ee;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * The EE's benchmarks (not tests: the figures depend on the machine).
 *
 * <pre>{@code
 * java -cp ee-core/target/test-classes:ee-core/target/classes:$(cat cp.txt) org.aspen.ee.EeBench
 * }</pre>
 *
 * 1. Cost of diversion, in the simulation (CPU cost of the forwarding path, no sockets): packets per
 *    CPU second of the simulating thread through the middle node of a - b - c with a pass-through
 *    diversion AA on b versus none, alternating trials in the same run.
 * 2. On-demand start over real UDP on loopback: a sends a packet carrying the spec of a 100 KB AA to
 *    d three hops away; d fetches the jar from a over RDP, verifies, starts it, delivers; the AA
 *    answers. Reported: that first round trip, a round trip to the running AA, and the in-loop time
 *    of a cached start (code already in d's cache).
 * 3. The handler guard's cost per call ({@code EeBench guard} runs only this one).
 * {@code EeBench diversion} runs only 1; {@code EeBench profile N} runs the pass-through AA case N times
 * (for {@code -XX:StartFlightRecording}); {@code EeBench age} compares the forwarding path without an AA
 * in a fresh lab and in a lab whose objects are old (what their age costs; run it under each GC).
 */
public final class EeBench {
    private EeBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("guard")) {
            guard();
            return;
        }
        if (args.length > 1 && args[0].equals("profile")) {   // the AA path alone, for a profiler
            byte[] jar = TestAas.diverter("bench-pass");
            for (int i = Integer.parseInt(args[1]); i > 0; i--) {
                forward(200_000, jar);
            }
            return;
        }
        if (args.length > 0 && args[0].equals("age")) {
            age();
            return;
        }
        if (args.length > 0 && args[0].equals("diversion")) {
            diversion();
            return;
        }
        diversion();
        guard();
        onDemand();
    }

    // ---- 3. the handler guard's cost per call, and a budget check's ----

    /**
     * Per diverted packet, in the simulation (so that only the guard's CPU cost differs): a
     * pass-through AA on b with the real runtime's guard (watchdog slot, node clock) against the same
     * AA charged by the loop thread's CPU clock read twice per call (the real runtime's setting
     * before the watchdog charged CPU time itself), and no AA at all. Then the rate of budget checks
     * in a tight loop (a runaway handler, stopped by the default budget in the simulation).
     */
    private static void guard() throws Exception {
        int packets = 200_000;
        byte[] jar = TestAas.diverter("bench-guard");
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        HandlerClock cpu = threads::getCurrentThreadCpuTime;
        double[] none = new double[5];
        double[] before = new double[5];
        double[] after = new double[5];
        try (HandlerWatchdog dog = new HandlerWatchdog(EeConfig.DEFAULT.handlerBudgetNanos(), System::nanoTime)) {
            for (int i = -1; i < none.length; i++) {   // -1: JIT warm-up
                double n = forward(packets, null, null, null);
                double b = forward(packets, jar, cpu, null);
                double a = forward(packets, jar, System::nanoTime, dog);
                if (i >= 0) {
                    none[i] = n;
                    before[i] = b;
                    after[i] = a;
                }
            }
        }
        double n = 1e9 / median(none);
        double b = 1e9 / median(before) - n;
        double a = 1e9 / median(after) - n;
        System.out.printf(Locale.ROOT, "handler guard (simulation, %d packets a->c, pass-through AA on b, median of %d):%n"
                + "  AA cost per packet, thread-CPU clock read twice per call: %,.0f ns%n"
                + "  AA cost per packet, watchdog slot + node clock (now):     %,.0f ns%n"
                + "  ratio now/before: %.2f  (forwarding without an AA: %,.0f ns per packet)%n",
                packets, none.length, b, a, a / b, n);
        // budget checks: the runaway "loop" AA stopped by the default budget, timed on this thread
        byte[] runaway = TestJars.jar("bench-runaway", "1", "t.Runaway", TestAas.RUNAWAY);
        double[] rate = new double[5];
        for (int i = -1; i < rate.length; i++) {
            SimLab lab = new SimLab();
            AaInstance aa = lab.start("b", runaway, Map.of("mode", "loop"));
            lab.net.at(0, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "x"));
            long t0 = System.nanoTime();
            lab.run(1_000_000_000L);
            long t1 = System.nanoTime();
            if (aa.isRunning()) {
                throw new IllegalStateException("the runaway AA was not stopped");
            }
            if (i >= 0) {
                rate[i] = EeConfig.DEFAULT.handlerBudgetChecks() / ((t1 - t0) / 1e9);
            }
        }
        System.out.printf(Locale.ROOT, "budget checks in a tight loop: %,.0f per second (median of %d); the default"
                + " %,d checks last %.0f ms%n", median(rate), rate.length, EeConfig.DEFAULT.handlerBudgetChecks(),
                EeConfig.DEFAULT.handlerBudgetChecks() / median(rate) * 1e3);
    }

    // ---- 1. diversion ----

    /**
     * Two measurements, 11 alternating trials each (no AA / pass-through AA on b), medians of the
     * simulating thread's CPU time per packet:
     * <ul>
     *   <li>fresh node: a new lab (and AA) per trial, as a node in its first tens of milliseconds: its
     *   objects young, the AA's classes just loaded (their code not yet compiled);</li>
     *   <li>long-running node: the same two labs for every trial, after a full GC, as a node that has
     *   run a while: its objects in the old generation, the AA's code compiled. Old objects make the
     *   forwarding path itself dearer under G1 (docs/ee.md "Third round"), so both labs are promoted together.</li>
     * </ul>
     */
    private static void diversion() {
        int packets = 200_000;
        int trials = 11;
        byte[] jar = TestAas.diverter("bench-pass");
        forward(packets, null);  // JIT warm-up
        forward(packets, jar);
        double[] none = new double[trials];
        double[] pass = new double[trials];
        for (int i = 0; i < trials; i++) {
            none[i] = forward(packets, null, null, null, true);
            pass[i] = forward(packets, jar, null, null, true);
        }
        double[] keptNone = new double[trials];
        double[] keptPass = new double[trials];
        Rig noAa = new Rig(null, null, null);
        Rig aa = new Rig(jar, null, null);
        for (int i = 0; i < 3; i++) {   // the AA's code compiled, both labs past their first packets
            noAa.run(packets, true);
            aa.run(packets, true);
        }
        System.gc();   // both labs' objects to the old generation together
        for (int i = -2; i < trials; i++) {
            double n = noAa.run(packets, true);
            double p = aa.run(packets, true);
            if (i >= 0) {
                keptNone[i] = n;
                keptPass[i] = p;
            }
        }
        System.out.printf(Locale.ROOT, "diversion (simulation, %,d x 100-byte packets a->c through b; per second of%n"
                + "the simulating thread's CPU time, median of %d alternating trials; GC: %s):%n", packets, trials, gcName());
        row("fresh node (a new lab and AA per trial)", median(none), median(pass));
        row("long-running node (same labs, after a full GC)", median(keptNone), median(keptPass));
    }

    /**
     * The forwarding path without an AA in a fresh lab (built for the trial: its objects young)
     * against one lab kept throughout and promoted by a full GC (its objects old), alternating.
     */
    private static void age() {
        int packets = 200_000;
        int trials = 11;
        Rig kept = new Rig(null, null, null);
        for (int i = 0; i < 3; i++) {
            kept.run(packets, true);
            forward(packets, null, null, null, true);
        }
        System.gc();
        double[] fresh = new double[trials];
        double[] old = new double[trials];
        for (int i = -2; i < trials; i++) {
            double f = 1e9 / forward(packets, null, null, null, true);
            double o = 1e9 / kept.run(packets, true);
            if (i >= 0) {
                fresh[i] = f;
                old[i] = o;
            }
        }
        System.out.printf(Locale.ROOT, "forwarding without an AA (simulation, %,d packets a->c; CPU ns per packet,%n"
                + "median of %d alternating trials; GC: %s):%n"
                + "  a fresh lab per trial (young objects): %.0f ns%n"
                + "  one lab kept, after a full GC (old):   %.0f ns (%.2fx)%n",
                packets, trials, gcName(), median(fresh), median(old), median(old) / median(fresh));
    }

    private static String gcName() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).reduce((x, y) -> x + ", " + y).orElse("?");
    }

    private static void row(String what, double none, double pass) {
        System.out.printf(Locale.ROOT, "  %s:%n    no AA %,.0f/s (%.0f ns)  pass-through AA on b %,.0f/s (%.0f ns)%n"
                + "    ratio %.2f  (AA %.1f ns per packet)%n",
                what, none, 1e9 / none, pass, 1e9 / pass, pass / none, 1e9 / pass - 1e9 / none);
    }

    /** Wall-clock packets/s of one simulated run; the whole simulation runs on this thread. */
    private static double forward(int packets, byte[] aaJar) {
        return forward(packets, aaJar, null, null);
    }

    private static double forward(int packets, byte[] aaJar, HandlerClock clock, HandlerWatchdog dog) {
        return forward(packets, aaJar, clock, dog, false);
    }

    /** One run of a fresh lab: {@link Rig#run}. */
    private static double forward(int packets, byte[] aaJar, HandlerClock clock, HandlerWatchdog dog, boolean cpu) {
        return new Rig(aaJar, clock, dog).run(packets, cpu);
    }

    /** The lab a - b - c, with {@code aaJar} (or no AA) on b and a counting receiver on c. */
    private static final class Rig {
        private final SimLab lab = new SimLab();
        private final int[] arrived = {0};
        private final byte[] payload = new byte[100];

        Rig(byte[] aaJar, HandlerClock clock, HandlerWatchdog dog) {
            if (clock != null) {
                lab.ee("b").setHandlerClock(clock);
            }
            lab.ee("b").setWatchdog(dog);
            if (aaJar != null) {
                lab.start("b", aaJar, Map.of("mode", "pass"));
            }
            // c counts what arrives and nothing more: SimLab's test handler also logs each packet as a string,
            // about an eighth of the run's CPU, which would dilute the forwarding cost being measured
            lab.c.registerHandler(Protocol.RAW, (p, in) -> arrived[0]++);
        }

        /**
         * Packets/s of one simulated run of {@code packets} from a to c (bursts of 1,000, one per
         * simulated microsecond), per second of wall time or ({@code cpu}) of this thread's CPU
         * time: the whole simulation runs on this thread, so its CPU time is the forwarding cost
         * without the time other processes on a shared host take the core away (the GC's own
         * threads are not in it).
         */
        double run(int packets, boolean cpu) {
            long start = lab.net.now();
            arrived[0] = 0;
            for (int k = 0; k < packets; k += 1000) {
                lab.net.at(start + k * 1_000L, "a", () -> {
                    for (int i = 0; i < 1000; i++) {
                        lab.a.send(Packet.builder().source(SimLab.A).destination(SimLab.C).protocol(Protocol.RAW).payload(payload).build());
                    }
                });
            }
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            long t0 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
            lab.run(10_000_000_000L);
            long t1 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
            if (arrived[0] != packets) {
                throw new IllegalStateException("lost packets: " + arrived[0]);
            }
            return packets / ((t1 - t0) / 1e9);
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    // ---- 2. on-demand start ----

    private static void onDemand() throws Exception {
        int runs = 5;
        List<Double> first = new ArrayList<>();
        List<Double> running = new ArrayList<>();
        List<Double> cached = new ArrayList<>();
        for (int r = 0; r <= runs; r++) {
            double[] t = onDemandOnce(r);
            if (r > 0) {  // run 0 warms up the JIT
                first.add(t[0]);
                running.add(t[1]);
                cached.add(t[2]);
            }
        }
        System.out.printf(Locale.ROOT, "on-demand start over UDP loopback, 100 KB AA three hops away (median of %d runs):%n"
                + "  first packet -> answer, fetch over RDP + verify + start included: %.2f ms%n"
                + "  packet -> answer, AA already running:                            %.2f ms%n"
                + "  cached start (in the node's loop: class loader, entry class, start): %.3f ms%n",
                runs, med(first), med(running), med(cached));
    }

    private static double med(List<Double> v) {
        return median(v.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static double[] onDemandOnce(int run) throws Exception {
        VAddr[] addr = {VAddr.parse("10.0.0.1"), VAddr.parse("10.0.0.2"), VAddr.parse("10.0.0.3"), VAddr.parse("10.0.0.4")};
        String[] names = {"a", "b", "c", "d"};
        try (UdpNetwork net = new UdpNetwork(run, UdpOptions.DEFAULT.withLoopThreads(2))) {
            List<ExecutionEnvironment> ees = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                net.addNode(names[i], addr[i], NodeConfig.DEFAULT, null);
            }
            for (int i = 0; i < 3; i++) {
                net.connect(names[i] + "-" + names[i + 1], names[i], names[i + 1], LinkConfig.DEFAULT);
            }
            for (int i = 0; i < 4; i++) {
                Node n = net.node(names[i]);
                for (int j = 0; j < 4; j++) {
                    if (j != i) {
                        int via = j > i ? i + 1 : i - 1;
                        String link = j > i ? names[i] + "-" + names[i + 1] : names[i - 1] + "-" + names[i];
                        n.routes().addStatic(Route.host(addr[j], n.link(link), addr[via], 1, Route.Origin.STATIC));
                    }
                }
                ExecutionEnvironment ee = new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy());
                CodeFetch.overRdp(ee);
                ees.add(ee);
            }
            LinkedBlockingQueue<Long> answers = new LinkedBlockingQueue<>();
            net.node("a").registerHandler(Protocol.RAW, (p, in) -> answers.add(System.nanoTime()));
            net.run(1_000_000L);

            byte[] jar = TestJars.padded("big", "1." + run, "t.Echo", TestAas.ECHO, 100 * 1024);
            AaCode code = AaCode.parse(jar, null);
            on(net, "a", () -> {
                ees.get(0).trust().allowJar(jar);
                return ees.get(0).deploy(jar, null);
            });
            on(net, "d", () -> ees.get(3).trust().allowJar(jar));

            double firstMs = ping(net, code, answers);
            double runningMs = ping(net, code, answers);
            on(net, "d", () -> ees.get(3).stopAa(code.id(), "bench"));
            double cachedMs = on(net, "d", () -> {
                long t0 = System.nanoTime();
                ees.get(3).startAa(code.digestHex(), Map.of());
                return (System.nanoTime() - t0) / 1e6;
            });
            if (!on(net, "d", () -> ees.get(3).counters().fetches == 1)) {
                throw new IllegalStateException("expected exactly one fetch");
            }
            return new double[] {firstMs, runningMs, cachedMs};
        }
    }

    private static double ping(UdpNetwork net, AaCode code, LinkedBlockingQueue<Long> answers) throws Exception {
        long t0 = on(net, "a", () -> {
            long t = System.nanoTime();
            SimLab.sendWithSpec(net.node("a"), VAddr.parse("10.0.0.4"), code, "ping");
            return t;
        });
        Long t1 = answers.poll(20, TimeUnit.SECONDS);
        if (t1 == null) {
            throw new IllegalStateException("no answer from the AA");
        }
        return (t1 - t0) / 1e6;
    }

    /** Runs {@code task} on {@code node}'s loop and waits for its result (also used by {@code UdpEeTest}). */
    static <T> T on(UdpNetwork net, String node, Supplier<T> task) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        net.onLoop(node, () -> {
            try {
                f.complete(task.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(20, TimeUnit.SECONDS);
    }
}
