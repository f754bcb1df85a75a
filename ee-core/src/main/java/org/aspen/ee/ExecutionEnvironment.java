package org.aspen.ee;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.fetch.CodeFetcher;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketInterceptor;
import org.aspen.vnet.packet.Protocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's execution environment: it loads, runs, isolates and stops active applications, and
 * connects them to the node (diversion, raw sends, congestion callbacks, AA messages, on-demand
 * start of the AA a packet's spec names).
 *
 * <pre>{@code
 * ExecutionEnvironment ee = new ExecutionEnvironment(node, EeConfig.DEFAULT, new TrustPolicy().allowJar(jar));
 * ee.setCodeFetcher(new StreamCodeFetcher(transport, node.scheduler(), EeConfig.DEFAULT));
 * AaInstance counter = ee.startAa(jar, Map.of("report", "1s"));   // boot config
 * ee.upgrade(newJar, null, Map.of());                              // starts the new, stops the old
 * }</pre>
 *
 * Constructing it installs one {@link PacketInterceptor} (diversion channels in the order they were
 * opened, then packets addressed here that carry an AA spec) and the handler for VNet protocol
 * {@code AA_MESSAGE}. Every method must run on the node's loop; failures that a caller should see
 * are {@link AaException}s with a one-line reason, never a crash of the node.
 *
 * <p>This class admits code (size, format, trust, cache) and keeps the instances' lifecycle; the
 * node-facing parts are its own classes: {@link Diversions} (the interceptor and the channels),
 * {@link OnDemandStart} (AA-spec packets, code fetch), {@link AaMessaging} (protocol
 * {@code AA_MESSAGE}) and {@link CongestionFeed} (drop callbacks).
 */
public final class ExecutionEnvironment {
    private static final Logger log = LoggerFactory.getLogger(ExecutionEnvironment.class);

    private final Node node;
    private final EeConfig config;
    private final TrustPolicy trust;
    private final CodeCache cache;
    private final EeCounters counters = new EeCounters();
    private final Map<String, AaInstance> instances = new LinkedHashMap<>();
    private final AaMessaging messages;
    private final OnDemandStart onDemand;
    private final Diversions diversions;
    private final CongestionFeed congestion;
    private boolean skipAllowList;
    private HandlerClock handlerClock;
    private HandlerWatchdog.Slot watchdog;
    private AaInstance current;

    public ExecutionEnvironment(Node node, EeConfig config, TrustPolicy trust) {
        this.node = node;
        this.config = config;
        this.trust = trust;
        this.cache = new CodeCache(config.codeCacheEntries());
        this.handlerClock = node.scheduler()::nanos;
        this.messages = new AaMessaging(this);
        this.onDemand = new OnDemandStart(this, messages);
        this.diversions = new Diversions(node, onDemand);
        this.congestion = new CongestionFeed(node);
        node.addInterceptor(diversions.interceptor());
        node.registerHandler(Protocol.AA_MESSAGE, messages::onAaMessage);
    }

    // ---- wiring ----

    public Node node() {
        return node;
    }

    public EeConfig config() {
        return config;
    }

    public TrustPolicy trust() {
        return trust;
    }

    public CodeCache cache() {
        return cache;
    }

    public EeCounters counters() {
        return counters;
    }

    /** How code is fetched for on-demand starts (null: only cached code starts on demand). */
    public void setCodeFetcher(CodeFetcher f) {
        onDemand.setCodeFetcher(f);
    }

    /** A node to fetch code from when the packet's source does not have it (null: none). */
    public void setCodeServer(VAddr server) {
        onDemand.setCodeServer(server);
    }

    public void setHandlerClock(HandlerClock c) {
        this.handlerClock = c;
    }

    HandlerClock handlerClock() {
        return handlerClock;
    }

    /**
     * Real runtime: the watchdog that charges handlers for their loop thread's CPU time while they
     * run and has the ones over {@code handlerBudgetNanos} unwound. With one, the handler clock no
     * longer decides a budget (it still measures {@code handlerNanos}). Null: none (this node's slot is
     * closed).
     */
    public void setWatchdog(HandlerWatchdog w) {
        if (watchdog != null) {
            watchdog.close();
        }
        this.watchdog = w == null ? null : w.slot();
    }

    HandlerWatchdog.Slot watchdog() {
        return watchdog;
    }

    /** The AA whose handler is running now, or null (for diagnostics and charging clocks). */
    public AaInstance current() {
        return current;
    }

    AaInstance enter(AaInstance i) {
        AaInstance outer = current;
        current = i;
        return outer;
    }

    void exit(AaInstance outer) {
        current = outer;
    }

    /** The diversion point: channels AAs opened, and where re-injected packets resume. */
    Diversions diversions() {
        return diversions;
    }

    /** Where packets addressed here with an AA spec go (an AA's own sends to this node too). */
    OnDemandStart onDemand() {
        return onDemand;
    }

    AaMessaging messages() {
        return messages;
    }

    CongestionFeed congestion() {
        return congestion;
    }

    // ---- code and lifecycle ----

    /**
     * Checks a jar (format, size, trust) and puts it in the code cache, without starting it.
     *
     * @param signature detached Ed25519 signature over the jar's SHA-256, or null
     */
    public AaCode deploy(byte[] jar, byte[] signature) {
        AaCode code = read(jar, signature);
        admit(code);
        return code;
    }

    /**
     * Reads {@code jar} as AA code without admitting it: refused (and counted) when it is over the
     * size limit or not a readable AA jar. The operator's {@code allow} asks this first, so only a
     * jar that could run goes on the allow-list.
     */
    public AaCode read(byte[] jar, byte[] signature) {
        if (jar.length > config.maxJarBytes()) {
            throw refuse("AA jar of " + jar.length + " bytes is over this node's limit of " + config.maxJarBytes());
        }
        try {
            return AaCode.parse(jar, signature, !skipAllowList);
        } catch (AaException e) {
            throw refuse(e.getMessage());
        }
    }

    private void admit(AaCode code) {
        String why = trust.check(code);
        if (why != null) {
            throw refuse(why);
        }
        cache.put(code);
    }

    /**
     * Tests only (package-private, so no node, operator or AA can reach it): reads code without the
     * allow-list, for the tests of the defences beneath it (the CPU watchdog needs a handler that
     * reads the clock, class-loader isolation one that loads classes by name).
     */
    void skipAllowListForTests() {
        skipAllowList = true;
    }

    private AaException refuse(String why) {
        counters.refused++;
        log.warn("{}: refused: {}", node.name(), why);
        return new AaException(why);
    }

    /** Deploys and starts a jar (boot configuration, management). */
    public AaInstance startAa(byte[] jar, Map<String, String> params) {
        return start(deploy(jar, null), params);
    }

    /** Starts code already in the cache, by its SHA-256 (64 hex digits). */
    public AaInstance startAa(String digestHex, Map<String, String> params) {
        return start(cachedCode(digestHex), params);
    }

    /**
     * Code in the cache by its digest (64 hex digits), a prefix of it that only one cached jar has,
     * or {@code name@version} (the newest cached jar with that id).
     *
     * @throws AaException naming what was not found, or the jars an ambiguous prefix matches
     */
    public AaCode cachedCode(String ref) {
        AaCode exact = cache.get(ref);
        if (exact != null) {
            return exact;
        }
        List<AaCode> found = new ArrayList<>();
        for (AaCode c : cache.all()) {
            if (ref.contains("@") ? c.id().equals(ref) : !ref.isEmpty() && c.digestHex().startsWith(ref.toLowerCase(java.util.Locale.ROOT))) {
                found.add(c);
            }
        }
        if (ref.contains("@") && !found.isEmpty()) {
            return found.get(found.size() - 1);
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw new AaException("no code " + (ref.contains("@") ? ref : "with digest " + ref) + " in this node's cache; deploy it first");
        }
        throw new AaException("digest prefix " + ref + " matches " + found.size() + " jars in this node's cache ("
                + String.join(", ", found.stream().map(AaCode::toString).toList()) + "); give more digits");
    }

    /**
     * Starts {@code code} in a class loader of its own. Returns the running instance with the same
     * digest if there is one; refuses a second, different code under the same {@code name@version}.
     */
    public AaInstance start(AaCode code, Map<String, String> params) {
        AaInstance existing = instances.get(code.id());
        if (existing != null && existing.isRunning()) {
            if (existing.code().digestHex().equals(code.digestHex())) {
                return existing;
            }
            throw refuse(code.id() + " already runs here with other code (" + existing.code()
                    + "); give the new code another version to run both");
        }
        admit(code);
        long memoryQuota = memoryQuota(code, params);
        AaClassLoader loader = new AaClassLoader(code, ExecutionEnvironment.class.getClassLoader());
        AaMemory memory = new AaMemory(loader);
        loader.budget().memory(memoryQuota, memory);
        ActiveApplication app;
        // the constructor and static initialisers run AA code: under start's budget, like start itself
        AaBudget budget = loader.budget();
        boolean armed = budget.arm(config.handlerBudgetChecks() * START_FACTOR);
        if (watchdog != null) {
            watchdog.enter(budget, config.handlerBudgetNanos() * START_FACTOR);
        }
        String overrun = null;
        try {
            Class<?> c = loader.loadClass(code.entryClass());
            if (!ActiveApplication.class.isAssignableFrom(c)) {
                throw refuse(code + ": entry class " + code.entryClass() + " does not implement ActiveApplication");
            }
            app = (ActiveApplication) c.getDeclaredConstructor().newInstance();
        } catch (AaException e) {
            throw e;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException | AaBudget.Exceeded
                 | StackOverflowError | OutOfMemoryError e) {
            // an Error from a static initialiser (the budget's, a stack overflow) arrives unwrapped
            budget.kill();
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof AaBudget.Exceeded || cause instanceof VirtualMachineError) {
                counters.overruns++;
            }
            throw refuse(code + ": cannot create " + code.entryClass() + ": " + creationFailure(e));
        } finally {
            if (watchdog != null) {
                watchdog.exit();
            }
            if (armed) {
                overrun = budget.disarm();
            }
        }
        if (overrun != null) {   // the constructor caught the budget's error and returned
            budget.kill();
            counters.overruns++;
            throw refuse(code + ": cannot create " + code.entryClass() + ": its constructor " + overrun);
        }
        AaInstance inst = new AaInstance(this, code, loader, app, node.random().split());
        memory.roots(inst::memoryRoots);
        instances.put(code.id(), inst);
        inst.start(params == null ? Map.of() : params);
        counters.started++;
        log.info("{}: started AA {} ({})", node.name(), code, code.description());
        return inst;
    }

    /** The start parameter that sets an AA's memory quota (the EE's; the AA does not see it). */
    public static final String MEMORY_PARAM = "aa.memory";

    /** The AA's memory quota: its {@value #MEMORY_PARAM} parameter, or the configured default. */
    private long memoryQuota(AaCode code, Map<String, String> params) {
        String v = params == null ? null : params.get(MEMORY_PARAM);
        if (v == null) {
            return config.aaMemoryBytes();
        }
        long bytes;
        try {
            bytes = Units.bytes(code + ": start parameter " + MEMORY_PARAM, v);
        } catch (IllegalArgumentException e) {
            throw refuse(e.getMessage());
        }
        if (bytes < 1) {
            throw refuse(code + ": start parameter " + MEMORY_PARAM + "='" + v + "' must be at least 1B");
        }
        return bytes;
    }

    static Map<String, String> withoutEeParams(Map<String, String> params) {
        if (params == null) {
            return Map.of();
        }
        if (!params.containsKey(MEMORY_PARAM)) {
            return params;
        }
        Map<String, String> p = new java.util.LinkedHashMap<>(params);
        p.remove(MEMORY_PARAM);
        return p;
    }

    /**
     * What went wrong creating an AA, in one line: the constructor's or static initialiser's own
     * exception (class and message), not the reflection wrapper around it.
     */
    static String creationFailure(Throwable e) {
        Throwable cause = e;
        String where = "";
        if (e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null) {
            cause = e.getCause();
            where = "its constructor ";
        } else if (e instanceof ExceptionInInitializerError && e.getCause() != null) {
            cause = e.getCause();
            where = "its static initialiser ";
        }
        String what = cause instanceof AaBudget.Exceeded x ? x.getMessage()
                : cause instanceof StackOverflowError ? "ran out of stack (StackOverflowError)"
                : (where.isEmpty() ? "" : "threw ") + AaInstance.describe(cause);
        return (where + what).replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    /** {@code start} and the constructor get this many handler budgets (class loading on a cold JVM). */
    static final int START_FACTOR = 10;

    /**
     * Upgrades: starts {@code jar} (a new version), then stops every running instance with the same
     * name and other code. If the new one fails to start, the old ones keep running. With no (or
     * empty) {@code params} the new one gets the start parameters of the newest running instance of
     * that name ({@link AaInstance#params()} of the answer tells which it got).
     */
    public AaInstance upgrade(byte[] jar, byte[] signature, Map<String, String> params) {
        AaCode code = deploy(jar, signature);
        for (AaInstance running : instances.values()) {
            if (running.isRunning() && running.code().digestHex().equals(code.digestHex())) {
                throw new AaException(running.id() + " already runs this very code (digest "
                        + code.digestHex().substring(0, 12) + "); an upgrade needs a new build, e.g. a bumped Aa-Version");
            }
        }
        if (params == null || params.isEmpty()) {
            // no new parameters: the running instance's (issue 30 item 4); the answer says which
            AaInstance newest = running(code.name());
            params = newest == null ? Map.of() : newest.params();
        }
        AaInstance fresh = start(code, params);
        for (AaInstance old : List.copyOf(instances.values())) {
            if (old != fresh && old.isRunning() && old.name().equals(code.name())) {
                old.stop("upgraded to " + code.version());
            }
        }
        return fresh;
    }

    /** Stops the AA with this {@code name@version}; false when none runs. */
    public boolean stopAa(String id, String reason) {
        AaInstance i = instances.get(id);
        if (i == null || !i.isRunning()) {
            return false;
        }
        i.stop(reason);
        return true;
    }

    /** Stops every AA and detaches from the node. */
    public void shutdown() {
        for (AaInstance i : List.copyOf(instances.values())) {
            i.stop(SHUTDOWN);
        }
        node.removeInterceptor(diversions.interceptor());
        if (watchdog != null) {
            watchdog.close();
        }
    }

    /** Stopped instances kept for {@code aa list} (why they stopped); older ones are forgotten. */
    static final int KEEP_STOPPED = 32;

    /** The stop reason of every AA when the node shuts down. */
    public static final String SHUTDOWN = "node shutting down";

    private final List<java.util.function.Consumer<AaInstance>> stopListeners = new ArrayList<>();

    /** Tells {@code l} (on the node's loop) of every AA that stops, for whatever reason ({@link AaInstance#stopReason()}). */
    public void onAaStopped(java.util.function.Consumer<AaInstance> l) {
        stopListeners.add(l);
    }

    void stopped(AaInstance i) {
        counters.stopped++;
        for (java.util.function.Consumer<AaInstance> l : stopListeners) {
            l.accept(i);
        }
        // a stopped instance pins its class loader: keep only the most recent few
        List<String> stopped = new ArrayList<>();
        instances.forEach((id, inst) -> {
            if (inst.state() == AaInstance.State.STOPPED || inst == i) {
                stopped.add(id);
            }
        });
        for (int k = 0; k < stopped.size() - KEEP_STOPPED; k++) {
            instances.remove(stopped.get(k));
        }
    }

    /**
     * Every instance started here, running or stopped (the last per {@code name@version}, and at
     * most {@value #KEEP_STOPPED} stopped ones), in start order.
     */
    public List<AaInstance> instances() {
        return List.copyOf(instances.values());
    }

    public AaInstance instance(String id) {
        return instances.get(id);
    }

    /** The most recently started running instance called {@code name}, or null. */
    public AaInstance running(String name) {
        AaInstance found = null;
        for (AaInstance i : instances.values()) {
            if (i.isRunning() && i.name().equals(name)) {
                found = i;
            }
        }
        return found;
    }

    AaInstance runningByDigest(String hex) {
        for (AaInstance i : instances.values()) {
            if (i.isRunning() && i.code().digestHex().equals(hex)) {
                return i;
            }
        }
        return null;
    }

    /** For {@code stats}: the node's counters, the EE's, every AA's and every link's. */
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("node", node.name());
        m.put("address", node.address().toString());
        m.put("nanos", node.scheduler().nanos());
        m.put("nodeCounters", node.counters().counts());
        EeReport aa = aaStats();
        m.put("ee", aa.ee());
        m.put("aas", aa.aas());
        Map<String, Object> links = new LinkedHashMap<>();
        for (Link l : node.links()) {
            links.put(l.name(), l.counters().counts(node.scheduler().nanos()));
        }
        m.put("links", links);
        return m;
    }

    /** The EE's own part of the stats: its counters ({@code ee}) and one row per AA ({@code aas}). */
    public EeReport aaStats() {
        List<AaReport> aas = new ArrayList<>();
        for (AaInstance i : instances.values()) {
            aas.add(i.describe());
        }
        return new EeReport(counters.counts(), aas);
    }
}
