package org.aspen.ee;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Registration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running AA: its code, class loader and object, its inbound queue, the channels, timers and
 * listeners it opened, its counters, and the isolation guard every call into AA code goes through.
 *
 * <pre>{@code
 * AaInstance a = ee.startAa(jar, Map.of());
 * a.state(); a.counters().counts(); a.stopReason();
 * }</pre>
 *
 * The guard catches and counts anything a handler throws, arms the AA's {@link AaBudget} (checked
 * inside the AA's own code) and, in the real runtime, its {@link HandlerWatchdog} slot, and stops
 * the AA (never the node) when a call ran past its budget (unwound by the budget's error), ran out
 * of stack or heap, or the AA has failed {@code maxErrors} times. All methods run on the node's loop.
 */
public final class AaInstance {
    private static final Logger log = LoggerFactory.getLogger(AaInstance.class);

    public enum State { STARTING, RUNNING, STOPPING, STOPPED }

    @FunctionalInterface
    interface Body {
        void run() throws Exception;
    }

    /**
     * One queued item other than a diverted packet (a packet addressed to the AA's spec, a message,
     * a congestion event). A diverted packet is queued as its {@link PacketView}, which knows its
     * channel: it costs no object beyond the view the AA is handed.
     */
    private record Inbound(int bytes, String what, Body action) {
    }

    private final ExecutionEnvironment ee;
    private final AaCode code;
    private ClassLoader loader;
    private ActiveApplication app;
    private final HostContext context;
    private final AaCounters counters = new AaCounters();
    /** {@link PacketView}s (diverted packets, for their channel's handler) and {@link Inbound}s, in arrival order. */
    private final ArrayDeque<Object> inbound = new ArrayDeque<>();
    private final List<Diversion> channels = new ArrayList<>();
    private final Set<HostContext.HostTimer> timers = new LinkedHashSet<>();
    private final List<Registration> registrations = new ArrayList<>();
    private final Map<String, Metric> metrics = new LinkedHashMap<>();
    private final long startedAt;
    private State state = State.STARTING;
    private String stopReason;
    private Map<String, String> params = Map.of();
    private String lastFailure;
    private boolean drainScheduled;
    private final Runnable drainTask = this::drain;
    private final String taker;
    private final AaBudget budget;
    private final int queueLimit;
    private final int drainBatch;
    private final long budgetChecks;
    private final long budgetNanos;
    /** The handler clock's reading when the last call in the current scope ended (or the scope began). */
    private long mark;
    /** Whether the last call threw (its AA's exception, the budget's error, no stack or heap). */
    private boolean failed;
    /** The calls of this turn of the queue are timed together (a watchdog watches the node), not one by one. */
    private boolean turnTimed;

    AaInstance(ExecutionEnvironment ee, AaCode code, ClassLoader loader, ActiveApplication app, SplittableRandom random) {
        this.ee = ee;
        this.code = code;
        this.loader = loader;
        this.app = app;
        this.startedAt = ee.node().scheduler().nanos();
        this.context = new HostContext(ee, this, random);
        this.taker = "aa:" + code.id();
        this.budget = ((AaClassLoader) loader).budget();
        EeConfig c = ee.config();
        this.queueLimit = c.inboundQueueLimit();
        this.drainBatch = c.drainBatch();
        this.budgetChecks = c.handlerBudgetChecks();
        this.budgetNanos = c.handlerBudgetNanos();
    }

    /** Where the count of what the AA holds starts ({@link AaMemory}): the AA object, its handlers, its timers' tasks. */
    List<Object> memoryRoots() {
        List<Object> roots = new ArrayList<>();
        if (app != null) {
            roots.add(app);
        }
        for (Diversion d : channels) {
            roots.add(d.handler());
        }
        for (HostContext.HostTimer t : timers) {
            roots.add(t.task);
        }
        return roots;
    }

    /** "aa:" and the id: what a trace names as the taker of a packet this AA diverted. */
    String taker() {
        return taker;
    }

    public String id() {
        return code.id();
    }

    public String name() {
        return code.name();
    }

    public String version() {
        return code.version();
    }

    public AaCode code() {
        return code;
    }

    public State state() {
        return state;
    }

    public boolean isRunning() {
        return state == State.RUNNING;
    }

    /** Starting or running: its context may be used. */
    boolean isActive() {
        return state == State.STARTING || state == State.RUNNING;
    }

    /** Its kept log lines numbered after {@code after} ({@link AaLogger}), oldest first. */
    public List<Map<String, Object>> logLines(long after) {
        return context.logger().since(after);
    }

    /**
     * The start parameters it was given (an {@code aa.memory} quota included: the EE's own, which
     * the AA does not see); shown by {@code aa list}, kept by an upgrade that gives none.
     */
    public Map<String, String> params() {
        return params;
    }

    /** Why it stopped (management, upgrade, faults), or null while it runs. */
    public String stopReason() {
        return stopReason;
    }

    public AaCounters counters() {
        return counters;
    }

    /** Items waiting in the inbound queue. */
    public int queued() {
        return inbound.size();
    }

    /**
     * The AA object itself, for in-process tests and diagnostics (its class lives in the AA's own
     * loader: reach its methods by reflection, and only on the node's loop). Never handed to AAs.
     */
    public ActiveApplication app() {
        return app;
    }

    ClassLoader loader() {
        return loader;
    }

    ExecutionEnvironment ee() {
        return ee;
    }

    HostContext context() {
        return context;
    }

    /** A counter the AA itself keeps (see {@code AaContext.counter}). */
    static final class Metric implements org.aspen.ee.api.AaCounter {
        private long value;

        @Override
        public void add(long delta) {
            value += delta;
        }

        @Override
        public long get() {
            return value;
        }
    }

    Metric metric(String name) {
        return metrics.computeIfAbsent(name, n -> new Metric());
    }

    /** The AA's own counters by name. */
    public Map<String, Long> metrics() {
        Map<String, Long> m = new LinkedHashMap<>();
        metrics.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }

    /** One row for {@code aa list} and {@code stats}. */
    public AaReport describe() {
        return new AaReport(id(), name(), version(), code.digestHex(), code.description(), state.name().toLowerCase(), stopReason,
                new java.util.TreeMap<>(params), startedAt, channels.size(), inbound.size(), counters.counts(), metrics());
    }

    void start(Map<String, String> params) {
        this.params = Map.copyOf(params);
        Map<String, String> its = Map.copyOf(ExecutionEnvironment.withoutEeParams(params));   // aa.memory is the EE's
        boolean ok = guard("start", () -> app.start(context, its));
        if (state == State.STARTING && ok) {
            state = State.RUNNING;
        } else {
            stop(stopReason != null ? stopReason : "start failed: " + lastFailure);
            throw new AaException("AA " + code + " failed to start: " + stopReason);
        }
    }

    /** Runs a timer's or listener's body now, under the guard, if the AA still runs. */
    void invoke(String what, Body body) {
        if (state == State.RUNNING) {
            guard(what, body);
        }
    }

    /**
     * Queues work for the AA's handlers; false (counted as a queue drop) when the queue is full or
     * the AA no longer runs.
     */
    boolean enqueue(int bytes, String what, Body action) {
        return offer(new Inbound(bytes, what, action));
    }

    private boolean offer(Object item) {
        if (state != State.RUNNING || inbound.size() >= queueLimit) {
            counters.queueDrops++;
            return false;
        }
        inbound.add(item);
        if (!drainScheduled) {
            drainScheduled = true;
            ee.node().scheduler().execute(drainTask);
        }
        return true;
    }

    /**
     * Hands the AA up to {@code drainBatch} queued items, all under one entry into its scope (context
     * class loader, current AA); each item is still a call of its own, with its own budget, watchdog
     * mark and failure count. Time: without a watchdog the handler clock is read after each call and
     * the call's time is charged against the time budget; with one (the real runtime, where the
     * watchdog charges CPU time and the clock only measures) the turn is timed as a whole: two
     * readings of the host clock per turn instead of one per packet.
     */
    private void drain() {
        drainScheduled = false;
        if (state != State.RUNNING || inbound.isEmpty()) {
            return;
        }
        Thread t = Thread.currentThread();
        ClassLoader previous = t.getContextClassLoader();
        AaInstance outer = ee.enter(this);
        if (previous != loader) {
            t.setContextClassLoader(loader);
        }
        boolean inside = true;
        turnTimed = ee.watchdog() != null;
        try {
            mark = ee.handlerClock().nanos();
            for (int n = 0; n < drainBatch && state == State.RUNNING; n++) {
                Object item = inbound.poll();
                if (item == null) {
                    break;
                }
                String why;
                Diversion channel = null;
                if (item instanceof PacketView v) {
                    channel = v.channel;
                    counters.packets++;
                    counters.bytes += v.packet.length();
                    channel.queued--;
                    why = call("packet", null, v, 1);
                } else {
                    Inbound i = (Inbound) item;
                    switch (i.what) {
                        case "packet" -> {
                            counters.packets++;
                            counters.bytes += i.bytes;
                        }
                        case "message" -> counters.messages++;
                        case "congestion" -> counters.congestionEvents++;
                        default -> { }
                    }
                    why = call(i.what, i.action, null, 1);
                }
                if (why != null) {
                    inside = false;
                    endTurn();
                    leave(t, previous, outer);
                    stop(why);
                }
                if (channel != null) {
                    channel.delivered();
                }
                if (why != null) {
                    return;
                }
            }
            endTurn();
        } finally {
            turnTimed = false;
            if (inside) {
                leave(t, previous, outer);
            }
        }
        if (!inbound.isEmpty() && state == State.RUNNING && !drainScheduled) {
            drainScheduled = true;
            ee.node().scheduler().execute(drainTask);
        }
    }

    /** Queues a packet {@code channel} diverted, for the channel's handler. */
    boolean enqueueDiverted(Diversion channel, PacketView v) {
        if (!offer(v)) {
            return false;
        }
        channel.queued++;
        return true;
    }

    /** Queues a packet addressed to this AA by its spec, for {@code onPacket}. */
    void enqueuePacket(PacketView v) {
        if (!enqueue(v.length(), "packet", () -> app.onPacket(v))) {
            ee.node().counters().countDrop(org.aspen.vnet.packet.DropReason.FILTERED);
        }
    }

    void appOnMessage(org.aspen.ee.api.AaMessage m) {
        app.onMessage(m);
    }

    /** Removes a closing channel's packets from the queue (counted as queue drops). */
    void discard(Diversion channel) {
        int before = inbound.size();
        inbound.removeIf(i -> i instanceof PacketView v && v.channel == channel);
        int gone = before - inbound.size();
        counters.queueDrops += gone;
        channel.queued -= gone;
        channels.remove(channel);
    }

    void opened(Diversion channel) {
        channels.add(channel);
    }

    void closedChannel(Diversion channel) {
        channels.remove(channel);
    }

    void addTimer(HostContext.HostTimer t) {
        timers.add(t);
    }

    void removeTimer(HostContext.HostTimer t) {
        timers.remove(t);
    }

    void addRegistration(Registration r) {
        registrations.add(r);
    }

    /**
     * The isolation guard around one call into AA code outside the inbound queue (start, stop, timers,
     * listeners). Returns false when the body threw.
     */
    private boolean guard(String what, Body body) {
        Thread t = Thread.currentThread();
        ClassLoader previous = t.getContextClassLoader();
        AaInstance outer = ee.enter(this);
        if (previous != loader) {
            t.setContextClassLoader(loader);
        }
        String why;
        long outerMark = mark;   // a call nested in a drain's scope (one AA's call reaching another's listener)
        boolean outerTurnTimed = turnTimed;
        turnTimed = false;
        try {
            mark = ee.handlerClock().nanos();
            why = call(what, body, null, what.equals("start") ? ExecutionEnvironment.START_FACTOR : 1);
        } finally {
            mark = outerMark;
            turnTimed = outerTurnTimed;
            leave(t, previous, outer);
        }
        boolean ok = !failed;
        if (why != null) {
            stop(why);
        }
        return ok;
    }

    private void leave(Thread t, ClassLoader previous, AaInstance outer) {
        if (previous != loader) {
            t.setContextClassLoader(previous);
        }
        ee.exit(outer);
    }

    /**
     * One call into AA code, inside the AA's scope (context class loader and current AA set): {@code body},
     * or with {@code body} null the handler of {@code packet}'s channel. Arms the AA's budget and
     * watchdog mark, catches what the call throws, charges its time since {@link #mark} (unless its
     * turn is timed as a whole), and returns why the AA must now be stopped, or null. Sets {@link #failed}.
     */
    private String call(String what, Body body, PacketView packet, int factor) {
        boolean armed = budget.arm(budgetChecks * factor);
        HandlerWatchdog.Slot dog = armed ? ee.watchdog() : null;
        if (dog != null) {
            dog.enter(budget, budgetNanos * factor);
        }
        Throwable thrown = null;
        String described = null;
        try {
            if (body != null) {
                body.run();
            } else {
                packet.channel.handler().onPacket(packet.channel, packet);
            }
        } catch (Throwable e) {
            thrown = e;
            if (!(e instanceof AaBudget.Exceeded) && !(e instanceof VirtualMachineError)) {
                // the AA's exception may run AA code (getMessage): describe it while the budget holds
                described = describe(e);
            }
        }
        if (dog != null) {
            dog.exit();
        }
        // also when the AA caught the budget's error and returned
        String overrun = armed ? budget.disarm() : null;
        long charged = 0;
        if (!turnTimed) {
            long elapsed = measure();
            // without a watchdog (simulation, tests) the handler clock's reading counts: a test's
            // clock may charge time; with one, the watchdog has charged CPU time while it ran
            charged = dog == null ? elapsed : 0;
        }
        failed = thrown != null || overrun != null;
        if (failed) {
            return failure(what, thrown, described, overrun, charged, factor);
        }
        return overLimits(what, charged, factor);
    }

    /** Charges the handler clock's time since {@link #mark} to the AA's handler time, and moves the mark. */
    private long measure() {
        long now = ee.handlerClock().nanos();
        long elapsed = Math.max(0, now - mark);
        mark = now;
        counters.handlerNanos += elapsed;
        if (elapsed > counters.maxHandlerNanos) {
            counters.maxHandlerNanos = elapsed;
        }
        return elapsed;
    }

    /** Ends a turn of the queue: a turn timed as a whole is charged now. */
    private void endTurn() {
        if (turnTimed) {
            turnTimed = false;
            measure();
        }
    }

    /**
     * After a call that threw or ran past its budget: counts it and says why the AA must stop, or null
     * ({@code elapsed}: the time to charge, 0 where the watchdog charges it).
     */
    private String failure(String what, Throwable thrown, String described, String overrun, long elapsed, int factor) {
        String fatal = null;
        if (thrown instanceof AaBudget.Exceeded e) {
            overrun = overrun != null ? overrun : e.getMessage();
        } else if (thrown instanceof StackOverflowError) {
            fatal = "ran out of stack (StackOverflowError)";
        } else if (thrown instanceof OutOfMemoryError) {
            fatal = "ran out of heap (OutOfMemoryError: " + thrown.getMessage() + ")";
        } else if (thrown instanceof VirtualMachineError v) {
            throw v;
        } else if (thrown != null) {
            lastFailure = what + " threw " + described;
            counters.errors++;
            String frames = ownFrames(thrown);
            log.warn("{}: AA {} failed in {} ({} of {} allowed): {}{}", ee.node().name(), id(), what,
                    counters.errors, ee.config().maxErrors(), described, frames);
            context.logger().ee("WARN", "failed in " + what + " (" + counters.errors + " of " + ee.config().maxErrors()
                    + " allowed): " + described + frames);
        }
        if (overrun == null && fatal == null) {
            return overLimits(what, elapsed, factor);
        }
        counters.overruns++;
        ee.counters().overruns++;
        String why = what + " handler " + (overrun != null ? overrun : fatal);
        log.warn("{}: AA {} {}: stopping it (the node goes on)", ee.node().name(), id(), why);
        return why;
    }

    /**
     * The frames of {@code e}'s stack trace in the AA's own classes, innermost first, as
     * {@code " at t.Foo.bar(Foo.java:12) < t.Foo.lambda$start$0(Foo.java:9)"} (at most 8), or "" when
     * none is the AA's: what an AA developer needs from the node's log (issue 30 item 4).
     */
    String ownFrames(Throwable e) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (StackTraceElement f : e.getStackTrace()) {
            if (code.classBytes(f.getClassName()) != null && n++ < 8) {
                // without the loader's name (aa:NAME@VERSION//) the JDK would print first
                b.append(n == 1 ? " at " : " < ").append(new StackTraceElement(f.getClassName(), f.getMethodName(),
                        f.getFileName(), f.getLineNumber()));
            }
        }
        return b.toString();
    }

    /**
     * A throwable in one line: its class and message, or its class alone when asking for the message
     * fails (AA code may override it; the caller holds the budget).
     */
    static String describe(Throwable e) {
        try {
            return String.valueOf(e);
        } catch (Throwable inner) {
            if (inner instanceof VirtualMachineError v && !(v instanceof StackOverflowError)) {
                throw v;
            }
            return e.getClass().getName();
        }
    }

    /** Why the AA must stop after a call that took {@code elapsed} (its time, or its failure count), or null. */
    private String overLimits(String what, long elapsed, int factor) {
        if (state != State.RUNNING && state != State.STARTING) {
            return null;
        }
        long limit = budgetNanos * factor;
        if (elapsed > limit) {
            counters.overruns++;
            ee.counters().overruns++;
            return String.format("%s handler took %.1f ms, over its %.1f ms budget", what, elapsed / 1e6, limit / 1e6);
        } else if (counters.errors >= ee.config().maxErrors()) {
            return counters.errors + " handler failures (last: " + lastFailure + ")";
        }
        return null;
    }

    /**
     * Stops the AA: hands the diverted packets it has not seen back to the node (its failure must
     * not cost traffic it never touched), closes its channels, cancels its timers and listeners,
     * drops the rest of its inbound queue, then calls its {@code stop()}. Idempotent.
     */
    void stop(String reason) {
        if (state == State.STOPPING || state == State.STOPPED) {
            return;
        }
        boolean started = state == State.RUNNING;
        state = State.STOPPING;
        stopReason = reason;
        List<Object> held = new ArrayList<>(inbound);
        inbound.clear();
        for (Diversion d : List.copyOf(channels)) {
            d.close();
        }
        for (HostContext.HostTimer tm : List.copyOf(timers)) {
            tm.cancel();
        }
        for (Registration r : List.copyOf(registrations)) {
            r.close();
        }
        for (Object i : held) {
            if (i instanceof PacketView v && !v.disposed) {
                v.disposed = true;
                counters.released++;
                ee.diversions().resume(v, v.channel.seq);
            } else {
                counters.queueDrops++;
            }
        }
        if (started) {
            guard("stop", app::stop);
        }
        budget.kill();   // any of its code still running (its own threads) throws at its next check
        budget.memory(0, null);
        if (budget.overMemory()) {
            // over its memory quota: let go of the AA so its memory comes back (app() is null from now on)
            app = null;
            loader = null;
            channels.clear();
            timers.clear();
            registrations.clear();
            log.warn("{}: AA {} held about {} when counted; its objects are let go", ee.node().name(), id(),
                    AaBudget.mib(budget.held()));
        }
        state = State.STOPPED;
        ee.stopped(this);
        log.info("{}: AA {} stopped: {}", ee.node().name(), id(), reason);
        context.logger().ee("INFO", "stopped: " + reason);
    }

    @Override
    public String toString() {
        return code + " " + state.name().toLowerCase();
    }
}
