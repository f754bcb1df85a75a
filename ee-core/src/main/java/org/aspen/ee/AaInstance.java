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
 * a.state(); a.counters().snapshot(); a.stopReason();
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
     * One queued item, and its body: {@code action}, or for a diverted packet ({@code action} null)
     * its channel's handler, so a diverted packet costs one object here, not an item and a lambda.
     *
     * @param packet the diverted packet, for channel items (handed back to the node if the AA stops)
     */
    private record Inbound(Diversion channel, PacketView packet, int bytes, String what, Body action) implements Body {
        @Override
        public void run() throws Exception {
            if (action != null) {
                action.run();
            } else {
                channel.handler().onPacket(channel, packet);
            }
        }
    }

    private final ExecutionEnvironment ee;
    private final AaCode code;
    private final ClassLoader loader;
    private final ActiveApplication app;
    private final HostContext context;
    private final AaCounters counters = new AaCounters();
    private final ArrayDeque<Inbound> inbound = new ArrayDeque<>();
    private final List<Diversion> channels = new ArrayList<>();
    private final Set<HostContext.HostTimer> timers = new LinkedHashSet<>();
    private final List<Registration> registrations = new ArrayList<>();
    private final Map<String, Metric> metrics = new LinkedHashMap<>();
    private final long startedAt;
    private State state = State.STARTING;
    private String stopReason;
    private String lastFailure;
    private boolean drainScheduled;
    private final String taker;

    AaInstance(ExecutionEnvironment ee, AaCode code, ClassLoader loader, ActiveApplication app, SplittableRandom random) {
        this.ee = ee;
        this.code = code;
        this.loader = loader;
        this.app = app;
        this.startedAt = ee.node().scheduler().nanos();
        this.context = new HostContext(ee, this, random);
        this.taker = "aa:" + code.id();
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
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id());
        m.put("name", name());
        m.put("version", version());
        m.put("digest", code.digestHex());
        m.put("description", code.description());
        m.put("state", state.name().toLowerCase());
        if (stopReason != null) {
            m.put("stopReason", stopReason);
        }
        m.put("startedAtNanos", startedAt);
        m.put("channels", channels.size());
        m.put("queued", inbound.size());
        m.put("counters", counters.snapshot());
        m.put("metrics", metrics());
        return m;
    }

    void start(Map<String, String> params) {
        boolean ok = guard("start", () -> app.start(context, Map.copyOf(params)));
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
    boolean enqueue(Diversion channel, int bytes, String what, Body action) {
        return enqueue(channel, null, bytes, what, action);
    }

    boolean enqueue(Diversion channel, PacketView packet, int bytes, String what, Body action) {
        if (state != State.RUNNING || inbound.size() >= ee.config().inboundQueueLimit()) {
            counters.queueDrops++;
            return false;
        }
        inbound.add(new Inbound(channel, packet, bytes, what, action));   // action null: the channel's handler
        if (channel != null) {
            channel.queued++;
        }
        if (!drainScheduled) {
            drainScheduled = true;
            ee.node().scheduler().execute(this::drain);
        }
        return true;
    }

    private void drain() {
        drainScheduled = false;
        for (int n = 0; n < ee.config().drainBatch() && state == State.RUNNING; n++) {
            Inbound i = inbound.poll();
            if (i == null) {
                break;
            }
            switch (i.what) {
                case "packet" -> {
                    counters.packets++;
                    counters.bytes += i.bytes;
                }
                case "message" -> counters.messages++;
                case "congestion" -> counters.congestionEvents++;
                default -> { }
            }
            if (i.channel != null) {
                i.channel.queued--;
            }
            guard(i.what, i);
            if (i.channel != null) {
                i.channel.delivered();
            }
        }
        if (!inbound.isEmpty() && state == State.RUNNING && !drainScheduled) {
            drainScheduled = true;
            ee.node().scheduler().execute(this::drain);
        }
    }

    /** Queues a packet {@code channel} diverted, for the channel's handler. */
    boolean enqueueDiverted(Diversion channel, PacketView v) {
        return enqueue(channel, v, v.length(), "packet", null);
    }

    /** Queues a packet addressed to this AA by its spec, for {@code onPacket}. */
    void enqueuePacket(PacketView v) {
        if (!enqueue(null, v.length(), "packet", () -> app.onPacket(v))) {
            ee.node().counters().countDrop(org.aspen.vnet.packet.DropReason.FILTERED);
        }
    }

    void appOnMessage(org.aspen.ee.api.AaMessage m) {
        app.onMessage(m);
    }

    /** Removes a closing channel's packets from the queue (counted as queue drops). */
    void discard(Diversion channel) {
        int before = inbound.size();
        inbound.removeIf(i -> i.channel == channel);
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

    /** The isolation guard. Returns false when the body threw. */
    private boolean guard(String what, Body body) {
        Thread t = Thread.currentThread();
        ClassLoader previous = t.getContextClassLoader();
        AaInstance outer = ee.enter(this);
        t.setContextClassLoader(loader);
        boolean start = what.equals("start");
        int factor = start ? ExecutionEnvironment.START_FACTOR : 1;
        AaBudget budget = budget();
        boolean armed = budget.arm(ee.config().handlerBudgetChecks() * factor);
        HandlerWatchdog.Slot dog = armed ? ee.watchdog() : null;
        if (dog != null) {
            dog.enter(budget, ee.config().handlerBudgetNanos() * factor);
        }
        long t0 = ee.handlerClock().nanos();
        Throwable failure = null;
        String fatal = null;
        String overrun = null;
        String described = null;
        try {
            body.run();
        } catch (AaBudget.Exceeded e) {
            overrun = e.getMessage();
        } catch (StackOverflowError e) {
            fatal = "ran out of stack (StackOverflowError)";
        } catch (OutOfMemoryError e) {
            fatal = "ran out of heap (OutOfMemoryError: " + e.getMessage() + ")";
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            failure = e;
            // the AA's exception may run AA code (getMessage): describe it while the budget holds
            described = describe(e);
            lastFailure = what + " threw " + described;
        } finally {
            long elapsed = Math.max(0, ee.handlerClock().nanos() - t0);
            if (dog != null) {
                dog.exit();
            }
            if (armed) {
                String why = budget.disarm();   // also when the AA caught the budget's error and returned
                overrun = why != null ? why : overrun;
            }
            t.setContextClassLoader(previous);
            ee.exit(outer);
            counters.handlerNanos += elapsed;
            counters.maxHandlerNanos = Math.max(counters.maxHandlerNanos, elapsed);
            if (failure != null) {
                counters.errors++;
                log.warn("{}: AA {} failed in {} ({} of {} allowed): {}", ee.node().name(), id(), what,
                        counters.errors, ee.config().maxErrors(), described);
            }
            if (overrun != null || fatal != null) {
                counters.overruns++;
                ee.counters().overruns++;
                String why = what + " handler " + (overrun != null ? overrun : fatal);
                log.warn("{}: AA {} {}: stopping it (the node goes on)", ee.node().name(), id(), why);
                stop(why);
            } else {
                // without a watchdog (simulation, tests) the handler clock's reading counts: a test's
                // clock may charge time; with one, the watchdog has charged CPU time while it ran
                checkLimits(what, dog == null ? elapsed : 0, factor);
            }
        }
        return failure == null && overrun == null && fatal == null;
    }

    private AaBudget budget() {
        return ((AaClassLoader) loader).budget();
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

    private void checkLimits(String what, long elapsed, int factor) {
        if (state != State.RUNNING && state != State.STARTING) {
            return;
        }
        long budget = ee.config().handlerBudgetNanos() * factor;
        if (elapsed > budget) {
            counters.overruns++;
            ee.counters().overruns++;
            stop(String.format("%s handler took %.1f ms, over its %.1f ms budget", what, elapsed / 1e6, budget / 1e6));
        } else if (counters.errors >= ee.config().maxErrors()) {
            stop(counters.errors + " handler failures (last: " + lastFailure + ")");
        }
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
        List<Inbound> held = new ArrayList<>(inbound);
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
        for (Inbound i : held) {
            if (i.packet != null && !i.packet.disposed) {
                i.packet.disposed = true;
                counters.released++;
                ee.diversions().resume(i.packet, i.channel.seq);
            } else {
                counters.queueDrops++;
            }
        }
        if (started) {
            guard("stop", app::stop);
        }
        budget().kill();   // any of its code still running (its own threads) throws at its next check
        state = State.STOPPED;
        ee.stopped(this);
        log.info("{}: AA {} stopped: {}", ee.node().name(), id(), reason);
    }

    @Override
    public String toString() {
        return code + " " + state.name().toLowerCase();
    }
}
