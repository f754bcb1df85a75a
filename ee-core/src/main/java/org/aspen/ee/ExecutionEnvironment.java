package org.aspen.ee;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.aspen.ee.api.AaMessage;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.CongestionEvent;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.LinkStatus;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Registration;
import org.aspen.ee.fetch.CodeFetcher;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.DropListener;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueState;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketInterceptor;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.time.Cancellable;
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
 */
public final class ExecutionEnvironment {
    private static final Logger log = LoggerFactory.getLogger(ExecutionEnvironment.class);

    private final Node node;
    private final EeConfig config;
    private final TrustPolicy trust;
    private final CodeCache cache;
    private final EeCounters counters = new EeCounters();
    private final Map<String, AaInstance> instances = new LinkedHashMap<>();
    private final List<Diversion> channels = new ArrayList<>();
    private final List<CongestionReg> congestion = new ArrayList<>();
    private final Set<Link> hookedLinks = new LinkedHashSet<>();
    private final Map<String, PendingStart> pending = new LinkedHashMap<>();
    /** Digests whose on-demand start failed, until when: packets for them are dropped without a new fetch. */
    private final Map<String, Long> refusedUntil = new LinkedHashMap<>();
    /** The AA that took the last diverted packet: what a trace or capture names as the taker (TraceSink.diverted). */
    private String lastTaker = "ee";
    private final PacketInterceptor interceptor = new PacketInterceptor() {
        @Override
        public boolean intercept(Packet p, Link in) {
            return ExecutionEnvironment.this.intercept(p, in);
        }

        @Override
        public String toString() {
            return lastTaker;
        }
    };
    private CodeFetcher fetcher;
    private VAddr codeServer;
    private HandlerClock handlerClock;
    private HandlerWatchdog watchdog;
    private AaInstance current;
    private long channelSeq;

    private record CongestionReg(AaInstance owner, Consumer<CongestionEvent> listener) {
    }

    public ExecutionEnvironment(Node node, EeConfig config, TrustPolicy trust) {
        this.node = node;
        this.config = config;
        this.trust = trust;
        this.cache = new CodeCache(config.codeCacheEntries());
        this.handlerClock = node.scheduler()::nanos;
        node.addInterceptor(interceptor);
        node.registerHandler(Protocol.AA_MESSAGE, this::onAaMessage);
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
        this.fetcher = f;
    }

    /** A node to fetch code from when the packet's source does not have it (null: none). */
    public void setCodeServer(VAddr server) {
        this.codeServer = server;
    }

    public void setHandlerClock(HandlerClock c) {
        this.handlerClock = c;
    }

    HandlerClock handlerClock() {
        return handlerClock;
    }

    /** Real runtime: reports handlers that overrun while they still run. */
    public void setWatchdog(HandlerWatchdog w) {
        this.watchdog = w;
    }

    HandlerWatchdog watchdog() {
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

    // ---- code and lifecycle ----

    /**
     * Checks a jar (format, size, trust) and puts it in the code cache, without starting it.
     *
     * @param signature detached Ed25519 signature over the jar's SHA-256, or null
     */
    public AaCode deploy(byte[] jar, byte[] signature) {
        if (jar.length > config.maxJarBytes()) {
            throw refuse("AA jar of " + jar.length + " bytes is over this node's limit of " + config.maxJarBytes());
        }
        AaCode code;
        try {
            code = AaCode.parse(jar, signature);
        } catch (AaException e) {
            throw refuse(e.getMessage());
        }
        admit(code);
        return code;
    }

    private void admit(AaCode code) {
        String why = trust.check(code);
        if (why != null) {
            throw refuse(why);
        }
        cache.put(code);
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
        AaCode code = cache.get(digestHex);
        if (code == null) {
            throw new AaException("no code with digest " + digestHex + " in this node's cache; deploy it first");
        }
        return start(code, params);
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
        AaClassLoader loader = new AaClassLoader(code, ExecutionEnvironment.class.getClassLoader());
        ActiveApplication app;
        try {
            Class<?> c = loader.loadClass(code.entryClass());
            if (!ActiveApplication.class.isAssignableFrom(c)) {
                throw refuse(code + ": entry class " + code.entryClass() + " does not implement ActiveApplication");
            }
            app = (ActiveApplication) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            if (e instanceof AaException a) {
                throw a;
            }
            throw refuse(code + ": cannot create " + code.entryClass() + ": " + e);
        }
        AaInstance inst = new AaInstance(this, code, loader, app, node.random().split());
        instances.put(code.id(), inst);
        inst.start(params == null ? Map.of() : params);
        counters.started++;
        log.info("{}: started AA {} ({})", node.name(), code, code.description());
        return inst;
    }

    /**
     * Upgrades: starts {@code jar} (a new version), then stops every running instance with the same
     * name and other code. If the new one fails to start, the old ones keep running.
     */
    public AaInstance upgrade(byte[] jar, byte[] signature, Map<String, String> params) {
        AaCode code = deploy(jar, signature);
        for (AaInstance running : instances.values()) {
            if (running.isRunning() && running.code().digestHex().equals(code.digestHex())) {
                throw new AaException(running.id() + " already runs this very code (digest "
                        + code.digestHex().substring(0, 12) + "); an upgrade needs a new build, e.g. a bumped Aa-Version");
            }
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
            i.stop("node shutting down");
        }
        node.removeInterceptor(interceptor);
    }

    /** Stopped instances kept for {@code aa list} (why they stopped); older ones are forgotten. */
    static final int KEEP_STOPPED = 32;

    void stopped(AaInstance i) {
        counters.stopped++;
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

    private AaInstance runningByDigest(String hex) {
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
        m.put("nodeCounters", node.counters().snapshot());
        m.putAll(aaStats());
        Map<String, Object> links = new LinkedHashMap<>();
        for (Link l : node.links()) {
            links.put(l.name(), l.counters().snapshot(node.scheduler().nanos()));
        }
        m.put("links", links);
        return m;
    }

    /** The EE's own part of the stats: its counters ({@code ee}) and one row per AA ({@code aas}). */
    public Map<String, Object> aaStats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ee", counters.snapshot());
        List<Object> aas = new ArrayList<>();
        for (AaInstance i : instances.values()) {
            aas.add(i.describe());
        }
        m.put("aas", aas);
        return m;
    }

    // ---- diversion ----

    DiversionChannel openChannel(AaInstance owner, Match match, DiversionChannel.Handler handler) {
        Diversion d = new Diversion(++channelSeq, owner, match, handler);
        channels.add(d);
        owner.opened(d);
        return d;
    }

    void removeChannel(Diversion d) {
        channels.remove(d);
        d.owner().closedChannel(d);
    }

    private boolean intercept(Packet p, Link in) {
        return dispatch(p, in, 0);
    }

    /** Offers {@code p} to the channels opened after {@code afterSeq}, then to AA-spec delivery. */
    private boolean dispatch(Packet p, Link in, long afterSeq) {
        PacketView v = null;
        for (int i = 0; i < channels.size(); i++) {
            Diversion d = channels.get(i);
            if (d.seq <= afterSeq || !d.isOpen()) {
                continue;
            }
            if (v == null) {
                v = new PacketView(p, in, null);
            }
            Match m = d.match();
            String specName = m.aaName() != null && p.hasAaSpec() ? p.aaSpec().name() : null;
            if (m.matches(p.sourceBits(), p.destinationBits(), p.protocol(), specName, v)) {
                lastTaker = "aa:" + d.owner().id();
                d.capture(v);
                return true;
            }
        }
        if (p.hasAaSpec() && p.destinationBits() == node.address().value()) {
            lastTaker = "aa-spec:" + p.aaSpec().name();
            deliverBySpec(p, in);
            return true;
        }
        return false;
    }

    /** A diverted packet handed back: later channels may still take it, else the node resumes. */
    void resume(PacketView v, long afterSeq) {
        if (!dispatch(v.packet, v.in, afterSeq)) {
            node.reinject(v.packet, v.in, interceptor);
        }
    }

    // ---- congestion ----

    Registration addCongestionListener(AaInstance owner, Consumer<CongestionEvent> listener) {
        // Detection is off by default (as in ASP); an AA that asks for congestion callbacks turns it
        // on for the node, and it goes off again when the last such registration ends.
        node.setCongestionDetection(true);
        for (Link l : node.links()) {
            if (hookedLinks.add(l)) {
                l.addDropListener(dropListener);
            }
        }
        CongestionReg r = new CongestionReg(owner, listener);
        congestion.add(r);
        return () -> {
            congestion.remove(r);
            if (congestion.isEmpty()) {
                node.setCongestionDetection(false);
            }
        };
    }

    private final DropListener dropListener = new DropListener() {
        @Override
        public void aboutToDrop(Link link, Packet packet, DropReason reason) {
            aboutToDrop(link, packet, reason, null);
        }

        @Override
        public void aboutToDrop(Link link, Packet packet, DropReason reason, QueueState queue) {
            congestion(link, packet, reason, queue == null ? Double.NaN : queue.average());
        }
    };

    private void congestion(Link link, Packet p, DropReason why, double average) {
        if (congestion.isEmpty()) {
            return;
        }
        LinkStatus status = status(link);
        for (CongestionReg r : List.copyOf(congestion)) {
            CongestionEvent e = new CongestionEvent(status, new PacketView(p.copy(), null, null), why.label, average);
            r.owner.enqueue(null, p.length(), "congestion", () -> r.listener.accept(e));
        }
    }

    static LinkStatus status(Link l) {
        QueueDiscipline d = l.discipline();
        var c = l.counters();
        var cfg = l.config();
        return new LinkStatus(l.name(), l.peer().isUnspecified() ? null : PacketView.addr(l.peer()), l.isUp(),
                cfg.bandwidthBps(), cfg.delayNanos(), d.packets(), d.bytes(), cfg.limit().maxPackets(),
                cfg.limit().maxBytes(), d.kind(), c.sentPackets, c.sentBytes, c.receivedPackets, c.receivedBytes,
                c.marked, c.totalDrops());
    }

    // ---- AA messages ----

    boolean deliverMessage(VAddr fromNode, String fromAa, String toAa, byte[] body) {
        AaInstance target = running(toAa);
        if (target == null) {
            counters.undeliverableMessages++;
            return false;
        }
        AaMessage m = new AaMessage(PacketView.addr(fromNode), fromAa, body);
        return target.enqueue(null, body.length, "message", () -> target.appOnMessage(m));
    }

    boolean sendRemoteMessage(VAddr to, String fromAa, String toAa, byte[] body) {
        byte[] payload = AaMessageCodec.encode(AaMessageCodec.MESSAGE, fromAa, toAa, body);
        return node.send(Packet.builder().source(node.address()).destination(to).protocol(Protocol.AA_MESSAGE)
                .ttl(node.config().defaultTtl()).payload(payload).build());
    }

    private void onAaMessage(Packet p, Link in) {
        AaMessageCodec.Decoded d = AaMessageCodec.decode(p.payload());
        if (d == null) {
            counters.undeliverableMessages++;
            return;
        }
        if (d.kind() == AaMessageCodec.ERROR) {
            counters.remoteRefusals++;
            log.warn("{}: node {} reports: {}", node.name(), p.source(), new String(d.body(), StandardCharsets.UTF_8));
            return;
        }
        if (!deliverMessage(p.source(), d.from(), d.to(), d.body())) {
            log.debug("{}: message from {}/{} for AA {} that does not run here", node.name(), p.source(), d.from(), d.to());
        }
    }

    private void sendErrorNotice(VAddr to, String text) {
        if (to.equals(node.address()) || to.isUnspecified()) {
            return;
        }
        byte[] payload = AaMessageCodec.encode(AaMessageCodec.ERROR, "", "", text.getBytes(StandardCharsets.UTF_8));
        node.send(Packet.builder().source(node.address()).destination(to).protocol(Protocol.AA_MESSAGE)
                .ttl(node.config().defaultTtl()).payload(payload).build());
    }

    // ---- on-demand start ----

    /** Packets waiting for the AA their spec names while its code is fetched. */
    private final class PendingStart {
        final AaSpec spec;
        final List<VAddr> sources = new ArrayList<>();
        final List<PacketView> waiting = new ArrayList<>();
        final Set<VAddr> requesters = new LinkedHashSet<>();
        int next;
        int attempt;
        VAddr asked;
        String lastError = "no source to fetch from";
        Cancellable timeout = Cancellable.NONE;

        PendingStart(AaSpec spec) {
            this.spec = spec;
        }

        void add(Packet p, Link in) {
            requesters.add(p.source());
            if (waiting.size() >= config.pendingQueueLimit()) {
                counters.pendingDrops++;
                node.counters().countDrop(DropReason.FILTERED);
                return;
            }
            waiting.add(new PacketView(p, in, null));
        }
    }

    void deliverBySpec(Packet p, Link in) {
        AaSpec spec = p.aaSpec();
        String hex = spec.digestHex();
        AaInstance inst = runningByDigest(hex);
        if (inst != null) {
            inst.enqueuePacket(new PacketView(p, in, null));
            return;
        }
        PendingStart ps = pending.get(hex);
        if (ps != null) {
            ps.add(p, in);
            return;
        }
        ps = new PendingStart(spec);
        ps.add(p, in);
        AaCode code = cache.get(hex);
        if (code != null) {
            startPending(ps, code);
            return;
        }
        Long until = refusedUntil.get(hex);
        if (until != null && until > node.scheduler().nanos()) {
            counters.pendingDrops++;
            node.counters().countDrop(DropReason.FILTERED);
            return;
        }
        refusedUntil.remove(hex);
        pending.put(hex, ps);
        ps.sources.add(p.source());
        if (codeServer != null && !codeServer.equals(p.source())) {
            ps.sources.add(codeServer);
        }
        fetchNext(ps);
    }

    private void fetchNext(PendingStart ps) {
        if (fetcher == null) {
            failPending(ps, "code for " + ps.spec + " is not cached here and no code fetcher is configured");
            return;
        }
        if (ps.next >= ps.sources.size()) {
            failPending(ps, "could not fetch " + ps.spec + ": " + ps.lastError);
            return;
        }
        VAddr from = ps.sources.get(ps.next++);
        int attempt = ++ps.attempt;
        ps.asked = from;
        counters.fetches++;
        ps.timeout = node.scheduler().schedule(config.fetchTimeoutNanos(),
                () -> fetched(ps, attempt, CodeFetcher.FetchResult.failed("timed out")));
        fetcher.fetch(from, ps.spec.digest(), r -> fetched(ps, attempt, r));
    }

    private void fetched(PendingStart ps, int attempt, CodeFetcher.FetchResult r) {
        if (pending.get(ps.spec.digestHex()) != ps || ps.attempt != attempt) {
            return;  // a late answer to an attempt we gave up on
        }
        ps.timeout.cancel();
        if (!r.ok()) {
            counters.fetchFailures++;
            ps.lastError = ps.asked + " answered: " + r.error();
            fetchNext(ps);
            return;
        }
        byte[] got = AaCode.sha256(r.jar());
        if (!Arrays.equals(got, ps.spec.digest())) {
            counters.digestMismatches++;
            counters.fetchFailures++;
            ps.lastError = "digest mismatch: asked " + ps.asked + " for " + ps.spec.digestHex() + ", got code with digest "
                    + HexFormat.of().formatHex(got);
            log.warn("{}: {}", node.name(), ps.lastError);
            fetchNext(ps);
            return;
        }
        AaCode code;
        try {
            code = deploy(r.jar(), r.signature());
        } catch (AaException e) {
            failPending(ps, e.getMessage());
            return;
        }
        startPending(ps, code);
    }

    private void startPending(PendingStart ps, AaCode code) {
        pending.remove(ps.spec.digestHex());
        AaInstance inst;
        try {
            inst = start(code, Map.of());
        } catch (AaException e) {
            failPending(ps, e.getMessage());
            return;
        }
        for (PacketView v : ps.waiting) {
            inst.enqueuePacket(v);
        }
    }

    /**
     * Drops the waiting packets, tells each requester why, and holds the refusal for one fetch
     * timeout, so a stream of packets for bad code does not become a stream of fetches and notices.
     */
    private void failPending(PendingStart ps, String why) {
        pending.remove(ps.spec.digestHex());
        refusedUntil.put(ps.spec.digestHex(), node.scheduler().nanos() + config.fetchTimeoutNanos());
        counters.pendingDrops += ps.waiting.size();
        for (int i = 0; i < ps.waiting.size(); i++) {
            node.counters().countDrop(DropReason.FILTERED);
        }
        log.warn("{}: cannot start AA {} on demand, dropped {} packet(s): {}", node.name(), ps.spec, ps.waiting.size(), why);
        for (VAddr requester : ps.requesters) {
            sendErrorNotice(requester, "node " + node.name() + " (" + node.address() + ") did not start AA " + ps.spec + ": " + why);
        }
    }
}
