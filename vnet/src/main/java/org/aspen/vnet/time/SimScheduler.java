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
 * events in the same order execute them identically. The queue is a binary heap of event objects
 * that know their heap index, so cancellation is O(log n) and does not leave tombstones behind.
 * Not thread-safe: everything runs on the thread that calls {@code run*}.
 */
public final class SimScheduler implements Scheduler {
    private Event[] heap = new Event[1024];
    private int size;
    private long now;
    private long seq;
    private long executed;
    private boolean stopped;

    @Override
    public long nanos() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Event e = new Event(now + Math.max(0, delayNanos), seq++, task);
        push(e);
        return e;
    }

    /** Schedules at an absolute virtual time (clamped to now). */
    public Cancellable scheduleAt(long atNanos, Runnable task) {
        return schedule(atNanos - now, task);
    }

    @Override
    public void execute(Runnable task) {
        schedule(0, task);
    }

    @Override
    public boolean inLoop() {
        return true;
    }

    /** Runs events with time &lt;= {@code endNanos}, then sets the clock to {@code endNanos}. */
    public void runUntil(long endNanos) {
        stopped = false;
        while (size > 0 && !stopped && heap[0].time <= endNanos) {
            Event e = pop();
            now = e.time;
            executed++;
            e.task.run();
        }
        if (!stopped && endNanos > now) {
            now = endNanos;
        }
    }

    /** Runs until no event is left (or {@link #stop()} is called). */
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
        return size;
    }

    private void push(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        e.index = size;
        heap[size++] = e;
        siftUp(e.index);
    }

    private Event pop() {
        Event top = heap[0];
        removeAt(0);
        return top;
    }

    private void removeAt(int i) {
        Event removed = heap[i];
        removed.index = -1;
        size--;
        if (i == size) {
            heap[size] = null;
            return;
        }
        Event last = heap[size];
        heap[size] = null;
        heap[i] = last;
        last.index = i;
        siftDown(i);
        if (heap[i] == last) {
            siftUp(i);
        }
    }

    private void siftUp(int i) {
        Event e = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (!e.before(p)) {
                break;
            }
            heap[i] = p;
            p.index = i;
            i = parent;
        }
        heap[i] = e;
        e.index = i;
    }

    private void siftDown(int i) {
        Event e = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Event c = heap[child];
            int right = child + 1;
            if (right < size && heap[right].before(c)) {
                child = right;
                c = heap[child];
            }
            if (!c.before(e)) {
                break;
            }
            heap[i] = c;
            c.index = i;
            i = child;
        }
        heap[i] = e;
        e.index = i;
    }

    private final class Event implements Cancellable {
        final long time;
        final long order;
        final Runnable task;
        int index = -1;
        boolean cancelled;

        Event(long time, long order, Runnable task) {
            this.time = time;
            this.order = order;
            this.task = task;
        }

        boolean before(Event o) {
            return time < o.time || (time == o.time && order < o.order);
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
