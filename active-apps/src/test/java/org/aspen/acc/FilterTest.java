package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.stream.IntStream;
import org.aspen.acc.aa.ConnKey;
import org.aspen.acc.aa.FilterRequest;
import org.aspen.ee.AaCode;
import org.aspen.ee.api.Address;
import org.aspen.rdp.SenderState;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * The filter AA on u in a line s - u - d: started on demand by a request packet from d, it diverts
 * s's packets of one connection. Bursts from s arrive at u in one batch, so most of each burst is
 * still queued in the diversion channel when the filter ends: those must be forwarded.
 */
class FilterTest {
    static final long MS = 1_000_000L;
    static final LinkConfig LINK = new LinkConfig(0, MS, QueueLimit.packets(1000), 1);
    static final SenderState BEFORE = new SenderState(20, 16, SenderState.PHASE_AVOIDANCE, 100_000);
    /** Adopted the notified 10 and grew a little since, as resends do. */
    static final SenderState REACTED = new SenderState(10.4, 10, SenderState.PHASE_AVOIDANCE, 100_000);

    final AccLab lab = new AccLab(5).add("s").add("u").add("d").connect("s", "u", LINK).connect("u", "d", LINK).routes();
    final Scripted.Recorder atReceiver = Scripted.record(lab.node("d"));
    final Scripted.Recorder atSender = Scripted.record(lab.node("s"));

    FilterTest() {
        AccSetup.installFilter(lab.ee("u"));
    }

    FilterRequest request(int deleteCount, long lifetimeMs) {
        ConnKey conn = new ConnKey(addr("s"), 4000, addr("d"), 7000);
        return new FilterRequest(conn, SenderState.PHASE_AVOIDANCE, 20, 16, 10, 10, deleteCount, lifetimeMs, 0, addr("d"), false);
    }

    /** The paper's rule: every later segment until the sender reacts; {@code cap} bounds the count. */
    FilterRequest untilReaction(int cap, long lifetimeMs) {
        ConnKey conn = new ConnKey(addr("s"), 4000, addr("d"), 7000);
        return new FilterRequest(conn, SenderState.PHASE_AVOIDANCE, 20, 16, 10, 10, cap, lifetimeMs, 0, addr("d"), true);
    }

    Address addr(String node) {
        return Address.of(lab.addr(node).value());
    }

    void startFilter(FilterRequest r) {
        AaCode code = AaCode.parse(AccJars.filter(), null);
        VAddr u = lab.addr("u");
        lab.net.at(0, "d", () -> lab.node("d").send(Packet.builder().source(lab.addr("d")).destination(u)
                .protocol(Protocol.RAW).aaSpec(new AaSpec(code.name(), code.version(), code.digest()))
                .payload(r.encode()).build()));
    }

    void burst(long atMs, int seq, int n, SenderState st) {
        lab.net.at(atMs * MS, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, seq, n, st));
    }

    long u(String counter) {
        return lab.counter("u", counter);
    }

    @Test
    void deletesExactlyTheRequestedCountAndForwardsTheQueuedRestOnFlushClose() {
        startFilter(request(3, 1000));
        burst(10, 1, 8, BEFORE);
        lab.run(100 * MS);
        assertEquals(1, u("filtersStarted"));
        assertEquals(3, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByCount"));
        assertEquals(List.of(4, 5, 6, 7, 8), atReceiver.dataSeqs(), "the first three unsent, the queued rest forwarded");
        // and the sender is told exactly which: segments 1..3, forged from the receiver, with the notified window
        List<org.aspen.rdp.Segment> nacks = atSender.notifications();
        assertEquals(1, nacks.size());
        assertEquals(1, nacks.get(0).notification.seq());
        assertEquals(2, nacks.get(0).notification.deleteCount(), "names 1 and the 2 after it");
        assertEquals(10.0, nacks.get(0).notification.cwnd(), 1e-4);
        assertEquals(lab.addr("d"), atSender.sources.get(0));
        assertEquals(1, u("nacksSent"));
        // the filter is gone: a later burst passes untouched
        burst(150, 9, 3, BEFORE);
        lab.run(100 * MS);
        assertEquals(3, u("packetsFiltered"));
        assertEquals(8, atReceiver.dataSeqs().size());
    }

    @Test
    void deletesOnlyTheRangeTheSenderWillResendAndEndsWhenItWentBy() {
        startFilter(request(3, 1000));
        burst(10, 3, 6, BEFORE);   // 1 and 2 went by before the filter started
        lab.run(100 * MS);
        assertEquals(1, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByCount"));
        assertEquals(List.of(4, 5, 6, 7, 8), atReceiver.dataSeqs());
    }

    @Test
    void endsAsSoonAsTheCarriedStateShowsTheSenderReacted() {
        startFilter(request(50, 1000));
        lab.net.at(10 * MS, "s", () -> {
            Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 2, BEFORE);
            Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 3, 6, REACTED);
        });
        lab.run(100 * MS);
        assertEquals(2, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByReaction"));
        assertEquals(0, u("filtersEndedByCount"));
        assertEquals(IntStream.rangeClosed(3, 8).boxed().toList(), atReceiver.dataSeqs());
    }

    @Test
    void recoveryStateAlsoCountsAsAReaction() {
        startFilter(request(50, 1000));
        burst(10, 1, 1, BEFORE);
        burst(20, 2, 2, new SenderState(30, 10, SenderState.PHASE_RECOVERY, 100_000));
        lab.run(100 * MS);
        assertEquals(1, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByReaction"));
        assertEquals(List.of(2, 3), atReceiver.dataSeqs());
    }

    @Test
    void expiresOnItsOwnAfterItsLifetime() {
        startFilter(request(50, 50));
        burst(10, 1, 2, BEFORE);
        burst(100, 3, 3, BEFORE);
        lab.run(200 * MS);
        assertEquals(2, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByTimeout"));
        assertEquals(List.of(3, 4, 5), atReceiver.dataSeqs());
    }

    @Test
    void otherConnectionsAndControlSegmentsPass() {
        startFilter(request(50, 1000));
        lab.net.at(10 * MS, "s", () -> {
            Scripted.burst(lab.node("s"), lab.addr("d"), 4001, 7000, 1, 3, BEFORE);   // other source port
            Scripted.rawBurst(lab.node("s"), lab.addr("d"), 2);
        });
        lab.run(100 * MS);
        assertEquals(0, u("packetsFiltered"));
        assertEquals(3, atReceiver.dataSeqs().size());
    }

    @Test
    void untilReactionDeletesEveryLaterSegmentPastTheWindowsWorthUntilTheSenderReacts() {
        startFilter(untilReaction(256, 1000));
        lab.net.at(10 * MS, "s", () -> {
            Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 25, BEFORE);     // 25 > the 10 the range would take
            Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 26, 3, REACTED);
        });
        lab.run(100 * MS);
        assertEquals(25, u("packetsFiltered"), "all 25 sent before the reaction were unsent");
        assertEquals(1, u("filtersEndedByReaction"));
        assertEquals(List.of(26, 27, 28), atReceiver.dataSeqs(), "the first reacted segment and the rest pass");
        List<org.aspen.rdp.Segment> nacks = atSender.notifications();
        assertEquals(1, nacks.size());
        assertEquals(1, nacks.get(0).notification.seq());
        assertEquals(24, nacks.get(0).notification.deleteCount(), "names 1 and the 24 after it");
    }

    @Test
    void theRangeRuleOnTheSameInputStopsAfterTheWindowsWorth() {
        startFilter(request(10, 1000));
        lab.net.at(10 * MS, "s", () -> {
            Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 25, BEFORE);
            Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 26, 3, REACTED);
        });
        lab.run(100 * MS);
        assertEquals(10, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByCount"));
        assertEquals(IntStream.rangeClosed(11, 28).boxed().toList(), atReceiver.dataSeqs());
    }

    @Test
    void aResendOfAnEarlierSegmentAfterLaterOnesStillNamesOneRunFromLowestToHighest() {
        startFilter(untilReaction(256, 1000));
        burst(10, 5, 3, BEFORE);   // 5, 6, 7
        burst(20, 2, 1, BEFORE);   // then 2, resent before the sender saw the notification
        burst(30, 8, 1, REACTED);
        lab.run(100 * MS);
        assertEquals(4, u("packetsFiltered"));
        List<org.aspen.rdp.Segment> nacks = atSender.notifications();
        assertEquals(1, nacks.size());
        assertEquals(2, nacks.get(0).notification.seq());
        assertEquals(5, nacks.get(0).notification.deleteCount(), "2 and the 5 after it, through 7");
    }

    @Test
    void untilReactionIsBoundedByItsLifetimeAndItsCap() {
        startFilter(untilReaction(256, 50));
        burst(10, 1, 4, BEFORE);
        burst(100, 5, 3, BEFORE);   // the sender never reacted, but the filter is gone
        lab.run(200 * MS);
        assertEquals(4, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByTimeout"));
        assertEquals(List.of(5, 6, 7), atReceiver.dataSeqs());
    }

    @Test
    void untilReactionStopsAtItsCap() {
        startFilter(untilReaction(5, 1000));
        burst(10, 1, 8, BEFORE);
        lab.run(100 * MS);
        assertEquals(5, u("packetsFiltered"));
        assertEquals(1, u("filtersEndedByCount"));
        assertEquals(List.of(6, 7, 8), atReceiver.dataSeqs());
    }

    @Test
    void requestCodecCarriesTheDeletionRuleAndRefusesUnknownFlags() {
        FilterRequest r = untilReaction(256, 1234);
        assertEquals(r, FilterRequest.decode(r.encode()));
        assertEquals(1, r.encode()[3], "flag bit 0 in the u16 at offset 2");
        assertEquals(0, request(3, 10).encode()[3]);
        byte[] bad = r.encode();
        bad[2] = 0x40;
        assertNull(FilterRequest.decode(bad), "an unknown flag is refused, not ignored");
    }

    @Test
    void requestCodecRoundTripsAndRefusesGarbage() {
        FilterRequest r = request(300, 1234);
        assertEquals(r, FilterRequest.decode(r.encode()));
        assertEquals(FilterRequest.LENGTH, r.encode().length);
        assertNull(FilterRequest.decode(new byte[7]));
        byte[] bad = r.encode();
        bad[0] = 9;
        assertNull(FilterRequest.decode(bad));
        assertNotNull(FilterRequest.decode(r.encode()));
    }

    @Test
    void aMalformedRequestIsCountedNotFatal() {
        AaCode code = AaCode.parse(AccJars.filter(), null);
        lab.net.at(0, "d", () -> lab.node("d").send(Packet.builder().source(lab.addr("d")).destination(lab.addr("u"))
                .protocol(Protocol.RAW).aaSpec(new AaSpec(code.name(), code.version(), code.digest()))
                .payload(new byte[5]).build()));
        startFilter(request(1, 1000));
        burst(10, 1, 2, BEFORE);
        lab.run(100 * MS);
        assertEquals(1, u("badRequests"));
        assertEquals(1, u("packetsFiltered"), "the AA still serves the next, sound request");
    }
}
