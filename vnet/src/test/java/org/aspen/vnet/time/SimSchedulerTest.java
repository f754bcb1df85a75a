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

    /**
     * execute() tasks skip the heap (a FIFO ring) but must run exactly where schedule(0, task)
     * would have run them: the same seeded program of timers, now-tasks, cancellations, reserved
     * numbers and stops, once with execute and once with schedule(0), gives the same log.
     */
    @Test
    void executeRunsExactlyWhereAZeroDelayEventWould() {
        for (long seed = 1; seed <= 20; seed++) {
            assertEquals(program(seed, false), program(seed, true), "seed " + seed);
        }
    }

    private static List<String> program(long seed, boolean viaHeap) {
        SimScheduler s = new SimScheduler();
        SplittableRandom r = new SplittableRandom(seed);
        List<String> log = new ArrayList<>();
        List<Cancellable> timers = new ArrayList<>();
        int[] next = {0};
        Runnable[] spawn = new Runnable[1];
        spawn[0] = () -> {
            int id = next[0]++;
            log.add(id + "@" + s.nanos());
            if (id > 3000) {
                return;
            }
            int kids = r.nextInt(4);
            for (int k = 0; k < kids; k++) {
                switch (r.nextInt(5)) {
                    case 0 -> timers.add(s.schedule(r.nextInt(3) * 5L, spawn[0]));
                    case 1 -> {
                        long early = s.reserveSequence();
                        s.schedule(r.nextInt(3), () -> s.scheduleReserved(s.nanos() + r.nextInt(2), early, spawn[0]));
                    }
                    case 2 -> {
                        if (!timers.isEmpty()) {
                            timers.remove(r.nextInt(timers.size())).cancel();
                        }
                    }
                    default -> {   // bursts past the ring's first capacity
                        for (int b = r.nextInt(1, 200); b > 0; b--) {
                            if (viaHeap) {
                                s.schedule(0, spawn[0]);
                            } else {
                                s.execute(spawn[0]);
                            }
                        }
                    }
                }
            }
            if (id % 97 == 0) {
                s.stop();
            }
        };
        s.schedule(0, spawn[0]);
        for (long end = 0; s.pending() > 0 && end < 1_000; end += 3) {
            s.runUntil(end);
            log.add("end " + end + " pending " + s.pending() + " at " + s.nanos());
        }
        log.add("executed " + s.executedEvents());
        return log;
    }
}
