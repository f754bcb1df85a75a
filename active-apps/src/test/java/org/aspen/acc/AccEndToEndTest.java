package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.acc.aa.AccConfig;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/** ACC on the dumbbell's congested router r1, with real RDP bulk transfers. */
class AccEndToEndTest {
    static final long BYTES = 400_000;

    static void assertIntact(Dumbbell.Result r) {
        assertEquals(2, r.received().size(), "both receivers finished");
        assertEquals(2, r.sent().size(), "both senders finished");
        for (TransferSummary got : r.received()) {
            assertTrue(got.complete(), got.toMap().toString());
            assertEquals(BYTES, got.bytes());
            assertTrue(r.sent().stream().anyMatch(s -> s.sha256().equals(got.sha256())), "digest matches a sender's");
        }
    }

    static long closes(Dumbbell.Result r, CloseCause c) {
        return r.sent().stream().mapToLong(s -> s.series().windowCloses(c)).sum();
    }

    @Test
    void filtersStartUpstreamAndSendersCloseTheirWindowsOnAccsWord() {
        Dumbbell db = new Dumbbell(3, true, AccConfig.DEFAULT);
        Dumbbell.Result r = db.run(BYTES);
        assertIntact(r);
        AccLab lab = db.lab;
        assertTrue(lab.counter("r1", "congestionEvents") > 0);
        assertTrue(lab.counter("r1", "notificationsSent") > 0);
        assertTrue(lab.counter("r1", "filterRequestsSent") > 0);
        assertTrue(lab.counter("a", "filtersStarted") > 0, "filter AA started on demand at the access router");
        assertTrue(lab.counter("a", "packetsFiltered") > 0);
        assertTrue(closes(r, CloseCause.NOTIFICATION) > 0, "window closes caused by ACC");
        long accepted = r.sent().stream().mapToLong(s -> s.series().notificationsAccepted()).sum();
        assertTrue(accepted > 0);
        for (TransferSummary s : r.sent()) {
            double byCause = 0;
            for (CloseCause c : CloseCause.values()) {
                byCause += s.series().closeMagnitude(c);
            }
            assertEquals(s.series().totalCloseMagnitude(), byCause, 1e-9, "magnitudes by cause add up");
        }
        assertTrue(r.sent().stream().mapToDouble(s -> s.series().closeMagnitude(CloseCause.NOTIFICATION)).sum() > 0);
        report("upstream filters", db, r);
    }

    @Test
    void withoutAnAccessRouterTheFiltersRunOnTheCongestedNode() {
        Dumbbell db = new Dumbbell(4, false, AccConfig.DEFAULT);
        Dumbbell.Result r = db.run(BYTES);
        assertIntact(r);
        assertTrue(db.lab.counter("r1", "localFilters") > 0);
        assertTrue(db.lab.counter("r1", "packetsFiltered") > 0);
        assertTrue(closes(r, CloseCause.NOTIFICATION) > 0);
        report("local filters", db, r);
    }

    @Test
    void lostNotificationsOnlyLeaveTheWorkToReno() {
        Dumbbell db = new Dumbbell(3, true, AccConfig.DEFAULT);
        int[] eaten = new int[1];
        for (String s : new String[] {"s1", "s2"}) {
            db.lab.node(s).addInterceptor((p, in) -> {
                Segment seg = new Segment();
                boolean ntf = p.protocol() == Protocol.RDP
                        && SegmentCodec.decode(p.array(), p.payloadOffset(), p.payloadLength(), seg) == null
                        && seg.has(Segment.NTF);
                if (ntf) {
                    eaten[0]++;
                }
                return ntf;
            });
        }
        Dumbbell.Result r = db.run(BYTES);
        assertIntact(r);
        assertTrue(eaten[0] > 0, "notifications were sent and lost");
        assertEquals(eaten[0], db.lab.counter("r1", "notificationsSent") + db.lab.counter("a", "nacksSent")
                + db.lab.counter("r1", "nacksSent"), "the monitor's notifications and the filters' NACKs");
        assertEquals(0, closes(r, CloseCause.NOTIFICATION));
        assertTrue(closes(r, CloseCause.FAST_RETRANSMIT) + closes(r, CloseCause.TIMEOUT) > 0,
                "the senders found the congestion themselves");
        report("notifications lost", db, r);
    }

    @Test
    void lostFiltersOnlyLeaveTheNotificationsToAct() {
        // a has no filter code and no fetcher: each request is dropped there, like a lost packet
        Dumbbell db = new Dumbbell(3, true, AccConfig.DEFAULT, Dumbbell.BOTTLENECK, false);
        Dumbbell.Result r = db.run(BYTES);
        assertIntact(r);
        long requests = db.lab.counter("r1", "filterRequestsSent");
        assertTrue(requests > 0);
        assertEquals(requests, db.lab.ee("a").counters().pendingDrops);
        assertEquals(0, db.lab.counter("a", "filtersStarted"));
        assertTrue(closes(r, CloseCause.NOTIFICATION) > 0);
        report("filters lost", db, r);
    }

    @Test
    void renoBaselineOnTheSameDumbbellCompletesWithoutAcc() {
        Dumbbell db = new Dumbbell(3, true, null);
        Dumbbell.Result r = db.run(BYTES);
        assertIntact(r);
        assertEquals(0, closes(r, CloseCause.NOTIFICATION));
        report("reno only", db, r);
    }

    private static void report(String label, Dumbbell db, Dumbbell.Result r) {
        StringBuilder sb = new StringBuilder("ACC dumbbell [" + label + "]");
        for (TransferSummary s : r.sent()) {
            sb.append(String.format(java.util.Locale.ROOT, " | %s %.0f kb/s closes=%d (ntf %d, frx %d, rto %d) magnitude=%.1f rtx=%d",
                    s.peer(), s.goodputBps() / 1e3, s.series().windowCloses(), s.series().windowCloses(CloseCause.NOTIFICATION),
                    s.series().windowCloses(CloseCause.FAST_RETRANSMIT), s.series().windowCloses(CloseCause.TIMEOUT),
                    s.series().totalCloseMagnitude(), s.retransmissions()));
        }
        if (db.monitor != null) {
            sb.append(" | monitor ").append(db.monitor.metrics());
        }
        System.out.println(sb);
    }
}
