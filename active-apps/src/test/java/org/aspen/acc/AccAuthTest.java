package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.aa.ConnKey;
import org.aspen.acc.aa.FilterRequest;
import org.aspen.ee.AaCode;
import org.aspen.ee.api.Address;
import org.aspen.ee.auth.ControlAuth;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.rdp.ConnectionId;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.Segment;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.auth.AuthCounts;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * ACC under authenticated control, in the simulation: with per-node keys ACC still acts (requests,
 * notifications and the filter's code fetch all signed and verified); a host on the path without a
 * key can neither start a filter nor throttle a flow by forging ACC's messages, which it can when
 * authentication is off.
 */
class AccAuthTest {
    static final long MS = 1_000_000L;

    /** A node key per node, each bound to its node. */
    static List<AuthKey> keyring(AccLab lab, List<String> names) {
        List<AuthKey> ring = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            byte[] secret = ("node-key-of-" + names.get(i) + "-0123456789abcdef").getBytes();
            ring.add(new AuthKey(i + 1, secret, Set.of(lab.addr(names.get(i))), Set.of()));
        }
        return ring;
    }

    static void authOn(AccLab lab, List<String> names) {
        List<AuthKey> ring = keyring(lab, names);
        for (String n : names) {
            ControlAuth.install(lab.node(n), ring, ControlAuth.ALL, 1);
        }
    }

    static AuthCounts.Kind auth(AccLab lab, String node, String kind) {
        return ((NodeAuth) lab.node(node).auth()).counts().kind(kind);
    }

    @Test
    void accActsWithAuthenticationOnAndTheFilterCodeIsFetchedOverAuthenticatedRdp() {
        // no filter code upstream: the access router a fetches it from r1 on the first request
        Dumbbell db = new Dumbbell(3, true, AccConfig.DEFAULT, Dumbbell.BOTTLENECK, false);
        AccLab lab = db.lab;
        lab.ees.values().forEach(CodeFetch::overRdp);
        AccSetup.trust(lab.ee("a"));
        List<String> all = new ArrayList<>(lab.ees.keySet());
        authOn(lab, all);
        Dumbbell.Result r = db.run(200_000);
        assertEquals(2, r.received().size(), "both transfers finished");
        assertTrue(lab.counter("r1", "filterRequestsSent") > 0);
        assertTrue(lab.counter("a", "filtersStarted") > 0, "filter started at a after an authenticated code fetch");
        assertTrue(auth(lab, "a", ControlAuth.AA_REQUEST).verified() > 0);
        assertTrue(auth(lab, "a", ControlAuth.CODE_FETCH).verified() > 0, "fetch replies verified at a");
        assertTrue(auth(lab, "r1", ControlAuth.CODE_FETCH).verified() > 0, "fetch requests verified at r1");
        assertTrue(auth(lab, "s1", ControlAuth.RDP_NOTIFY).verified() + auth(lab, "s2", ControlAuth.RDP_NOTIFY).verified() > 0);
        assertTrue(r.sent().stream().mapToLong(s -> s.series().notificationsAccepted()).sum() > 0);
        for (String n : all) {
            Node node = lab.node(n);
            long bad = node.counters().drops(DropReason.AUTH_UNSIGNED) + node.counters().drops(DropReason.AUTH_FORGED)
                    + node.counters().drops(DropReason.AUTH_REPLAYED);
            assertEquals(0, bad, n + " dropped authentic control");
        }
    }

    /** What the on-path host x sends: a filter request to a and a window notification to s, once. */
    record Forgery(AccLab lab, boolean signWithAGuess) {
        void arm() {
            Node x = lab.node("x");
            AaCode filter = AaCode.parse(AccJars.filter(), null);
            AaSpec spec = new AaSpec(filter.name(), filter.version(), filter.digest());
            // the guessed key has the id of a's key but not its secret
            NodeAuth guess = new NodeAuth(x.address(), List.of(new AuthKey(2, "a-guess-a-guess-a-guess-a-guess!".getBytes(),
                    Set.of(x.address()), Set.of())), 1);
            ControlAuth.selectors().forEach((k, sel) -> guess.protect(k, false, sel));
            boolean[] done = new boolean[1];
            x.addInterceptor((p, in) -> {
                Segment s = RdpPackets.decode(p);
                if (done[0] || s == null || s.dataLength == 0 || lab.net.now() < 100 * MS) {
                    return false;
                }
                done[0] = true;
                ConnectionId c = RdpPackets.connectionId(p);
                ConnKey conn = new ConnKey(Address.of(c.source().value()), c.sourcePort(), Address.of(c.destination().value()),
                        c.destinationPort());
                FilterRequest req = new FilterRequest(conn, 1, 20, 20, 1, 1, 60, 5_000, s.seq, Address.of(x.address().value()), false);
                List<Packet> forged = List.of(
                        RdpPackets.notification(c, s.seq, 1, 1, 60),
                        Packet.builder().source(x.address()).destination(lab.addr("a")).protocol(Protocol.RAW).aaSpec(spec)
                                .payload(req.encode()).build());
                for (Packet f : forged) {
                    x.send(signWithAGuess ? guess.outgoing(f, null) : f);
                }
                return false;   // the data segment itself goes on
            });
        }
    }

    /** s - a - x - d: x is on the path and forges; a has the filter code. */
    static Object[] onPath(boolean authenticate, boolean signWithAGuess) {
        LinkConfig fast = new LinkConfig(10_000_000, 10 * MS, QueueLimit.packets(100), 1);
        AccLab lab = new AccLab(11).add("s").add("a").add("x").add("d").connect("s", "a", fast).connect("a", "x", fast)
                .connect("x", "d", fast).routes();
        AccSetup.installFilter(lab.ee("a"));
        if (authenticate) {
            authOn(lab, List.of("s", "a", "d"));   // x, the on-path host, holds no key
        }
        new Forgery(lab, signWithAGuess).arm();
        RdpOptions options = RdpOptions.defaults().withMaxSegment(1000);
        List<TransferSummary> sent = new ArrayList<>();
        List<TransferSummary> got = new ArrayList<>();
        lab.net.at(0, "s", () -> {
            TransferReceiver.listen(RdpStack.install(lab.node("d")), 7000, options, ByteSink::discard, got::add, ProgressListener.NONE, 0);
            TransferSender.start(RdpStack.install(lab.node("s")), lab.addr("d"), 7000, ByteSource.seeded(5, 300_000), options,
                    ProgressListener.NONE, 0).result().thenAccept(sent::add);
        });
        lab.run(20_000 * MS);
        assertEquals(1, got.size(), "the transfer finished");
        assertEquals(1, sent.size());
        return new Object[] {lab, sent.get(0)};
    }

    @Test
    void withoutAuthenticationAnOnPathHostStartsAFilterAndThrottlesTheFlow() {
        Object[] out = onPath(false, false);
        AccLab lab = (AccLab) out[0];
        TransferSummary s = (TransferSummary) out[1];
        assertEquals(1, lab.counter("a", "filtersStarted"), "the forged request started a filter");
        assertEquals(1, s.series().notificationsAccepted(), "the forged notification cut the window");
    }

    @Test
    void withAuthenticationAnOnPathHostCanNeitherStartAFilterNorThrottleTheFlow() {
        for (boolean guess : new boolean[] {false, true}) {
            Object[] out = onPath(true, guess);
            AccLab lab = (AccLab) out[0];
            TransferSummary s = (TransferSummary) out[1];
            assertEquals(0, lab.counter("a", "filtersStarted"), "no filter");
            assertEquals(0, lab.counter("a", "requests"));
            assertEquals(0, s.series().notificationsAccepted(), "no window cut");
            // both forgeries died at a, the first keyed node they reached (the notification crosses it to s)
            java.util.function.ToLongFunction<AuthCounts.Kind> counter = guess ? AuthCounts.Kind::forged : AuthCounts.Kind::unsigned;
            assertEquals(1, counter.applyAsLong(auth(lab, "a", ControlAuth.AA_REQUEST)));
            assertEquals(1, counter.applyAsLong(auth(lab, "a", ControlAuth.RDP_NOTIFY)));
            DropReason reason = guess ? DropReason.AUTH_FORGED : DropReason.AUTH_UNSIGNED;
            assertEquals(2, lab.node("a").counters().drops(reason));
            assertEquals(0, auth(lab, "s", ControlAuth.RDP_NOTIFY).verified());
        }
    }
}
