package org.aspen.vnet.time;

import java.util.Arrays;

/**
 * Discrete-event scheduler in virtual time: one thread drives every node of a simulated topology.
 *
 * <pre>{@code
 * SimScheduler sim = new SimScheduler();
 * sim.schedule(1_000_000, () -> System.out.println("at 1 ms: " + sim.nanos()));
 * sim.runUntil(10_000_000_000L);
 * }</pre>
 *
 * Events are ordered by (time, sequence number of insertion), so two runs that insert the same
 * events in the same order execute them identically. The queue is a 4-ary heap whose keys (time,
 * sequence) sit in primitive arrays beside the event objects, so sifting touches no object; each
 * event knows its heap index, so cancellation is O(log n) and leaves no tombstone behind.
 * {@link #execute} (a task for now, which cannot be cancelled) skips the heap: such tasks wait in a
 * FIFO ring, in (time, sequence) order by construction, and {@code run*} takes whichever of the
 * ring's head and the heap's top comes first by (time, sequence): the same order as if they had
 * been in the heap, without an event object or a sift per task (one per packet an AA takes).
 * Not thread-safe: everything runs on the thread that calls {@code run*}.
 */
public final class SimScheduler implements Scheduler {
    private Event[] heap = new Event[1024];
    private long[] times = new long[1024];
    private long[] orders = new long[1024];
    private int size;
    private long now;
    private long seq;
    private long executed;
    private boolean stopped;
    /** The {@link #execute} ring: tasks with their (time, sequence) keys, oldest at {@code nowHead}. */
    private Runnable[] nowTasks = new Runnable[256];
    private long[] nowTimes = new long[256];
    private long[] nowOrders = new long[256];
    private int nowHead;
    private int nowSize;

    @Override
    public long nanos() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Event e = new Event(task);
        push(e, now + Math.max(0, delayNanos), seq++);
        return e;
    }

    /** Schedules at an absolute virtual time (clamped to now). */
    public Cancellable scheduleAt(long atNanos, Runnable task) {
        return schedule(atNanos - now, task);
    }

    /**
     * Takes the insertion sequence number the next {@code schedule} call would get, for a source
     * that keeps its own time-ordered FIFO of future events and hands them over one at a time with
     * {@link #scheduleReserved}: they then run exactly where they would have run had each been
     * scheduled at the moment its number was taken.
     */
    public long reserveSequence() {
        return seq++;
    }

    /** Schedules {@code task} at {@code atNanos} (clamped to now) under a number from {@link #reserveSequence}. */
    public Cancellable scheduleReserved(long atNanos, long sequence, Runnable task) {
        Event e = new Event(task);
        push(e, Math.max(now, atNanos), sequence);
        return e;
    }

    @Override
    public void execute(Runnable task) {
        if (nowSize == nowTasks.length) {
            growRing();
        }
        int i = (nowHead + nowSize++) & (nowTasks.length - 1);
        nowTasks[i] = task;
        nowTimes[i] = now;
        nowOrders[i] = seq++;
    }

    private void growRing() {
        int n = nowTasks.length;
        Runnable[] tasks = new Runnable[n * 2];
        long[] t = new long[n * 2];
        long[] o = new long[n * 2];
        for (int k = 0; k < nowSize; k++) {
            int i = (nowHead + k) & (n - 1);
            tasks[k] = nowTasks[i];
            t[k] = nowTimes[i];
            o[k] = nowOrders[i];
        }
        nowTasks = tasks;
        nowTimes = t;
        nowOrders = o;
        nowHead = 0;
    }

    @Override
    public boolean inLoop() {
        return true;
    }

    /** Runs events with time &lt;= {@code endNanos}, then sets the clock to {@code endNanos}. */
    public void runUntil(long endNanos) {
        stopped = false;
        while (!stopped) {
            boolean ring = nowSize > 0 && (size == 0 || before(nowTimes[nowHead], nowOrders[nowHead], times[0], orders[0]));
            if (ring) {
                if (nowTimes[nowHead] > endNanos) {
                    break;
                }
                now = nowTimes[nowHead];
                Runnable task = nowTasks[nowHead];
                nowTasks[nowHead] = null;
                nowHead = (nowHead + 1) & (nowTasks.length - 1);
                nowSize--;
                executed++;
                task.run();
            } else {
                if (size == 0 || times[0] > endNanos) {
                    break;
                }
                now = times[0];
                Event e = heap[0];
                removeAt(0);
                executed++;
                e.task.run();
            }
        }
        if (!stopped && endNanos > now && endNanos != Long.MAX_VALUE) {
            now = endNanos;
        }
    }

    /**
     * Runs until no event is left (or {@link #stop()} is called). The clock stays at the last
     * event's time, so the simulation can be continued.
     */
    public void runAll() {
        runUntil(Long.MAX_VALUE);
    }

    /** Makes the current {@code run*} call return after the running event. */
    public void stop() {
        stopped = true;
    }

    /** Number of events executed so far. */
    public long executedEvents() {
        return executed;
    }

    /** Number of events waiting. */
    public int pending() {
        return size + nowSize;
    }

    private void push(Event e, long time, long order) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            times = Arrays.copyOf(times, size * 2);
            orders = Arrays.copyOf(orders, size * 2);
        }
        siftUp(size++, e, time, order);
    }

    private void removeAt(int i) {
        heap[i].index = -1;
        int last = --size;
        if (i == last) {
            heap[last] = null;
            return;
        }
        Event e = heap[last];
        long t = times[last];
        long o = orders[last];
        heap[last] = null;
        if (i > 0 && before(t, o, times[(i - 1) >>> 2], orders[(i - 1) >>> 2])) {
            siftUp(i, e, t, o);
        } else {
            siftDown(i, e, t, o);
        }
    }

    private static boolean before(long t1, long o1, long t2, long o2) {
        return t1 < t2 || (t1 == t2 && o1 < o2);
    }

    private void place(int i, Event e, long t, long o) {
        heap[i] = e;
        times[i] = t;
        orders[i] = o;
        e.index = i;
    }

    private void siftUp(int i, Event e, long t, long o) {
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!before(t, o, times[parent], orders[parent])) {
                break;
            }
            place(i, heap[parent], times[parent], orders[parent]);
            i = parent;
        }
        place(i, e, t, o);
    }

    private void siftDown(int i, Event e, long t, long o) {
        while (true) {
            int first = 4 * i + 1;
            if (first >= size) {
                break;
            }
            int best = first;
            int end = Math.min(first + 4, size);
            for (int c = first + 1; c < end; c++) {
                if (before(times[c], orders[c], times[best], orders[best])) {
                    best = c;
                }
            }
            if (!before(times[best], orders[best], t, o)) {
                break;
            }
            place(i, heap[best], times[best], orders[best]);
            i = best;
        }
        place(i, e, t, o);
    }

    private final class Event implements Cancellable {
        final Runnable task;
        int index = -1;
        boolean cancelled;

        Event(Runnable task) {
            this.task = task;
        }

        @Override
        public void cancel() {
            if (!cancelled) {
                cancelled = true;
                if (index >= 0) {
                    removeAt(index);
                }
            }
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }
}
