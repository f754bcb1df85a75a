package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.aa.WindowRule;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SenderState;
import org.aspen.rdp.WindowNotification;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/**
 * The monitor's decisions on scripted congestion: a line s - u - m - d whose m-d link has a
 * two-packet drop-tail queue; s sends bursts of RDP data segments with a chosen carried state; the
 * monitor runs on m, the filter code is cached on u.
 */
class MonitorTest {
    static final long MS = 1_000_000L;
    static final LinkConfig FAST = new LinkConfig(0, MS, QueueLimit.packets(1000), 1);
    static final LinkConfig NARROW = new LinkConfig(1_000_000, MS, QueueLimit.packets(2), 1);
    static final SenderState AVOIDANCE = new SenderState(20, 16, SenderState.PHASE_AVOIDANCE, 100_000);

    final AccLab lab = new AccLab(11).add("s").add("u").add("m").add("d")
            .connect("s", "u", FAST).connect("u", "m", FAST).connect("m", "d", NARROW).routes();
    final Scripted.Recorder atSender = Scripted.record(lab.node("s"));
    final Scripted.Recorder atReceiver = Scripted.record(lab.node("d"));

    long drops() {
        return lab.linkBetween("m", "d").counters().totalDrops();
    }

    void install(AccConfig cfg) {
        AccSetup.installFilter(lab.ee("u"));
        AccSetup.install(lab.ee("m"), cfg);
    }

    @Test
    void halvesTheCarriedWindowOncePerRttAndStartsTheFilterUpstream() {
        install(AccConfig.DEFAULT.withOncePerSrtt(true));
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 100, 10, AVOIDANCE));
        lab.run(50 * MS);
        long firstDrops = drops();
        assertTrue(firstDrops >= 3, "the burst overflows the queue: " + firstDrops);
        assertEquals(firstDrops, lab.counter("m", "congestionEvents"));
        assertEquals(1, lab.counter("m", "notificationsSent"));
        assertEquals(firstDrops - 1, lab.counter("m", "sameRttSuppressed"), "once per RTT");

        List<Segment> notes = atSender.notifications();
        assertEquals(1, notes.size());
        WindowNotification n = notes.get(0).notification;
        assertEquals(10.0, n.cwnd(), 1e-4, "Reno halves the carried window");
        assertEquals(10.0, n.ssthresh(), 1e-4);
        assertEquals(0, n.deleteCount(), "names only the dropped segment: the filter names what it really deletes");
        assertEquals(10, WindowRule.reno(AVOIDANCE, 256).deleteCount(),
                "a congestion-avoidance sender has cwnd out; the filter is asked to unsend the excess");
        assertTrue(n.seq() >= 100 && n.seq() < 110, "names the dropped segment: " + n.seq());
        assertEquals(7000, notes.get(0).sourcePort, "forged from the receiver's port");
        assertEquals(4000, notes.get(0).destinationPort);
        assertEquals(lab.addr("d"), atSender.sources.get(0), "forged from the receiver's address");
        assertEquals(1, lab.counter("m", "filterRequestsSent"));
        assertEquals(1, lab.counter("u", "filtersStarted"), "the filter AA started on demand one hop upstream");

        // a second burst more than one srtt later is a new congestion instance
        lab.net.at(400 * MS, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 200, 10, AVOIDANCE));
        lab.run(400 * MS);
        assertEquals(2, atSender.notifications().size());
        assertEquals(2, lab.counter("m", "notificationsSent"));
    }

    @Test
    void byDefaultActsOnEveryDropAsThePaperDoesAndTheFilterAaTakesTheFirstRequestOnly() {
        install(AccConfig.DEFAULT);
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 100, 10, AVOIDANCE));
        lab.run(50 * MS);
        long drops = drops();
        assertTrue(drops >= 3, "the burst overflows the queue: " + drops);
        assertEquals(drops, lab.counter("m", "notificationsSent"), "one notification per drop");
        assertEquals(0, lab.counter("m", "sameRttSuppressed"));
        assertEquals(drops, lab.counter("m", "filterRequestsSent"));
        assertEquals(1, lab.counter("u", "filtersStarted"));
        assertEquals(drops - 1, lab.counter("u", "duplicateRequests"), "one filter per connection at a time");
        assertEquals(10.0, atSender.notifications().get(0).notification.cwnd(), 1e-4);
    }

    /**
     * notify=window-only: the same drops, the same windows (Reno halves the carried 20 to 10), but every
     * notification carries the WINDOW_ONLY flag and names nothing beyond the dropped segment; the filter
     * is asked for as before. By default the flag is clear.
     */
    @Test
    void windowOnlyNotificationsCarryTheFlagAndTheSameWindow() {
        install(AccConfig.DEFAULT.withNotification(AccConfig.Notify.WINDOW_ONLY));
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 100, 10, AVOIDANCE));
        lab.run(50 * MS);
        long drops = drops();
        assertTrue(drops >= 3, "the burst overflows the queue: " + drops);
        List<Segment> notes = atSender.notifications();
        assertEquals(drops, notes.size(), "one notification per drop");
        for (Segment s : notes) {
            WindowNotification n = s.notification;
            assertTrue(n.windowOnly(), "flagged: " + n);
            assertEquals(0, n.deleteCount());
            assertEquals(10.0, n.cwnd(), 1e-4);
            assertEquals(10.0, n.ssthresh(), 1e-4);
            assertTrue(n.seq() >= 100 && n.seq() < 110, "names the dropped segment: " + n.seq());
        }
        assertEquals(drops, lab.counter("m", "filterRequestsSent"));
        assertEquals(1, lab.counter("u", "filtersStarted"));
    }

    @Test
    void byDefaultTheNotificationIsNotWindowOnly() {
        install(AccConfig.DEFAULT);
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 100, 10, AVOIDANCE));
        lab.run(50 * MS);
        assertTrue(atSender.notifications().size() >= 3);
        assertTrue(atSender.notifications().stream().noneMatch(s -> s.notification.windowOnly()));
    }

    @Test
    void byDefaultAlsoActsOnSendersInRecoveryAndSkipRecoveryLeavesThemAlone() {
        install(AccConfig.DEFAULT);
        SenderState recovering = new SenderState(20, 10, SenderState.PHASE_RECOVERY, 100_000);
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 10, recovering));
        lab.run(50 * MS);
        assertTrue(drops() >= 3);
        assertEquals(0, lab.counter("m", "recoveryIgnored"));
        assertEquals(drops(), lab.counter("m", "notificationsSent"));
    }

    @Test
    void anUpstreamNodeWithoutTheCodeFetchesItFromTheMonitorsNode() {
        AccSetup.trust(lab.ee("u"));
        CodeFetch.overRdp(lab.ee("u"));
        CodeFetch.overRdp(lab.ee("m"));
        AccSetup.install(lab.ee("m"), AccConfig.DEFAULT);
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 100, 10, AVOIDANCE));
        lab.run(150 * MS);
        assertEquals(1, lab.ee("u").counters().fetches);
        assertEquals(1, lab.counter("u", "filtersStarted"));
        assertEquals(lab.counter("m", "filterRequestsSent"), lab.counter("u", "requests"), "every request reached it");
    }

    @Test
    void slowStartDeletesWhatTheGrowingWindowAddsUntilTheNotificationArrives() {
        install(AccConfig.DEFAULT);
        SenderState ss = new SenderState(8, 64, SenderState.PHASE_SLOW_START, 100_000);
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 10, ss));
        lab.run(50 * MS);
        WindowNotification n = atSender.notifications().get(0).notification;
        assertEquals(4.0, n.cwnd(), 1e-4);
        assertEquals(0, n.deleteCount());
        assertEquals(12, WindowRule.reno(ss, 256).deleteCount(), "up to 2 x 8 out, 4 may stay");
    }

    @Test
    void staysOutOfConnectionsBelowTheRttThreshold() {
        install(AccConfig.DEFAULT.withMinRttMicros(50_000));
        SenderState shortRtt = new SenderState(20, 16, SenderState.PHASE_AVOIDANCE, 10_000);
        lab.net.at(0, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 10, shortRtt));
        lab.run(50 * MS);
        assertTrue(drops() >= 3);
        assertEquals(drops(), lab.counter("m", "lowRttInhibited"));
        assertEquals(0, lab.counter("m", "notificationsSent"));
        assertEquals(0, atSender.notifications().size());
        assertEquals(0, lab.counter("m", "filterRequestsSent"));
    }

    @Test
    void ignoresDropsOfOtherProtocolsAndOfSendersInRecovery() {
        install(AccConfig.DEFAULT.withSkipRecovery(true));
        lab.net.at(0, "s", () -> Scripted.rawBurst(lab.node("s"), lab.addr("d"), 10));
        lab.run(50 * MS);
        long rawDrops = drops();
        assertTrue(rawDrops >= 3);
        assertEquals(rawDrops, lab.counter("m", "nonRdpIgnored"));
        SenderState recovering = new SenderState(20, 10, SenderState.PHASE_RECOVERY, 100_000);
        lab.net.at(100 * MS, "s", () -> Scripted.burst(lab.node("s"), lab.addr("d"), 4000, 7000, 1, 10, recovering));
        lab.run(100 * MS);
        assertEquals(drops() - rawDrops, lab.counter("m", "recoveryIgnored"));
        assertEquals(drops(), lab.counter("m", "congestionEvents"));
        assertEquals(0, lab.counter("m", "notificationsSent"));
        assertEquals(0, atSender.notifications().size());
    }

    @Test
    void withTheSenderAdjacentTheFilterRunsOnTheCongestedNode() {
        AccLab two = new AccLab(12).add("s").add("m").add("d").connect("s", "m", FAST).connect("m", "d", NARROW).routes();
        Scripted.Recorder got = Scripted.record(two.node("d"));
        Scripted.Recorder notes = Scripted.record(two.node("s"));
        AccSetup.install(two.ee("m"), AccConfig.DEFAULT.withDeletion(AccConfig.Deletion.RANGE));
        two.net.at(0, "s", () -> Scripted.burst(two.node("s"), two.addr("d"), 4000, 7000, 1, 10, AVOIDANCE));
        two.net.at(20 * MS, "s", () -> Scripted.burst(two.node("s"), two.addr("d"), 4000, 7000, 11, 4, AVOIDANCE));
        two.run(100 * MS);
        assertEquals(1, two.counter("m", "localFilters"));
        assertEquals(0, two.counter("m", "filterRequestsSent"));
        int dropped = notes.notifications().get(0).notification.seq();
        List<Integer> inRange = List.of(11, 12, 13, 14).stream().filter(q -> q > dropped && q <= dropped + 10).toList();
        assertTrue(!inRange.isEmpty(), "the later burst overlaps the resent range after " + dropped);
        assertEquals(inRange.size(), two.counter("m", "packetsFiltered"), "unsent at the congested node");
        assertTrue(got.dataSeqs().stream().noneMatch(inRange::contains), "none of those reached the receiver: " + got.dataSeqs());
    }
}
