package org.aspen.vnet.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SimSchedulerTest {
    @Test
    void runsByTimeThenInsertionOrderAndSkipsCancelledEvents() {
        SimScheduler s = new SimScheduler();
        SplittableRandom r = new SplittableRandom(5);
        List<long[]> ran = new ArrayList<>();
        List<Cancellable> handles = new ArrayList<>();
        List<long[]> expected = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            long t = r.nextLong(100);
            int id = i;
            handles.add(s.schedule(t, () -> ran.add(new long[] {s.nanos(), id})));
            expected.add(new long[] {t, id});
        }
        for (int i = 0; i < 5000; i += 3) {
            handles.get(i).cancel();
            handles.get(i).cancel();
            assertTrue(handles.get(i).isCancelled());
        }
        expected.removeIf(e -> e[1] % 3 == 0);
        expected.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        s.runUntil(50);
        assertEquals(50, s.nanos());
        s.runAll();
        assertEquals(expected.size(), ran.size());
        for (int i = 0; i < ran.size(); i++) {
            assertEquals(expected.get(i)[0], ran.get(i)[0]);
            assertEquals(expected.get(i)[1], ran.get(i)[1]);
        }
        assertEquals(0, s.pending());
        assertEquals(expected.size(), s.executedEvents());
        assertFalse(handles.get(1).isCancelled());
        handles.get(1).cancel(); // after it ran: nothing happens
    }

    @Test
    void eventsScheduledWhileRunningAndCancelledFromInsideAnEvent() {
        SimScheduler s = new SimScheduler();
        List<String> log = new ArrayList<>();
        Cancellable[] later = new Cancellable[1];
        s.schedule(10, () -> {
            log.add("a@" + s.nanos());
            s.schedule(0, () -> log.add("now@" + s.nanos()));
            later[0].cancel();
        });
        later[0] = s.schedule(20, () -> log.add("never"));
        s.schedule(10, () -> log.add("b@" + s.nanos()));
        s.runUntil(100);
        assertEquals(List.of("a@10", "b@10", "now@10"), log);
        assertEquals(100, s.nanos());
    }

    @Test
    void aReservedSequenceRunsWhereItWasTaken() {
        SimScheduler s = new SimScheduler();
        List<String> log = new ArrayList<>();
        long early = s.reserveSequence();
        s.schedule(10, () -> log.add("scheduled later, numbered later"));
        s.schedule(5, () -> s.scheduleReserved(10, early, () -> log.add("numbered first")));
        s.runAll();
        assertEquals(List.of("numbered first", "scheduled later, numbered later"), log);
    }
}
