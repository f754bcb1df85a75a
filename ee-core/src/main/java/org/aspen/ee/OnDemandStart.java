package org.aspen.ee;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aspen.ee.fetch.CodeFetcher;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Cancellable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Packets addressed here that carry an AA spec: they go to the running AA with that digest, or the
 * AA is started on demand, from the code cache or from code fetched first from the packet's source,
 * then from the code server, while the packets wait (docs/ee.md, "On demand").
 *
 * <pre>{@code
 * ee.setCodeFetcher(fetcher);     // both land here
 * ee.setCodeServer(server);
 * onDemand.deliver(packet, in);   // from the diversion point, or an AA's ctx.send to this node
 * }</pre>
 *
 * A fetch that fails, times out or brings code with another digest tries the next source; when
 * none is left, or the code is refused or fails to start, the waiting packets are dropped and every
 * requester gets an error notice. Runs on the node's loop.
 */
final class OnDemandStart {
    /** The EE's logger: these lines are the EE's account of what it started and refused. */
    private static final Logger log = LoggerFactory.getLogger(ExecutionEnvironment.class);

    private final ExecutionEnvironment ee;
    private final Node node;
    private final EeConfig config;
    private final EeCounters counters;
    private final AaMessaging messages;
    private final Map<String, PendingStart> pending = new LinkedHashMap<>();
    /** Digests whose on-demand start failed, until when: packets for them are dropped without a new fetch. */
    private final Map<String, Long> refusedUntil = new LinkedHashMap<>();
    private CodeFetcher fetcher;
    private VAddr codeServer;

    OnDemandStart(ExecutionEnvironment ee, AaMessaging messages) {
        this.ee = ee;
        this.node = ee.node();
        this.config = ee.config();
        this.counters = ee.counters();
        this.messages = messages;
    }

    void setCodeFetcher(CodeFetcher f) {
        this.fetcher = f;
    }

    void setCodeServer(VAddr server) {
        this.codeServer = server;
    }

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

    void deliver(Packet p, Link in) {
        AaSpec spec = p.aaSpec();
        String hex = spec.digestHex();
        AaInstance inst = ee.runningByDigest(hex);
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
        AaCode code = ee.cache().get(hex);
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
            code = ee.deploy(r.jar(), r.signature());
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
            inst = ee.start(code, Map.of());
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
            messages.sendErrorNotice(requester, "node " + node.name() + " (" + node.address() + ") did not start AA " + ps.spec + ": " + why);
        }
    }
}
