package org.aspen.ee;

/**
 * One AA instance's handler budget, checked from inside the AA's own code. {@link AaInstrumenter}
 * puts a call to {@link #tick()} at every method entry, loop back-edge and typed exception handler
 * of the AA's classes, and charges array allocations by their length ({@link #charge(int)}); the
 * AA's class loader hands its classes this object through a small per-loader class
 * ({@code org.aspen.ee.aa.Tick$}, see {@link AaClassLoader}).
 *
 * <pre>{@code
 * boolean outermost = budget.arm(50_000_000L);    // the EE, around one handler call
 * try { app.onPacket(p); } catch (AaBudget.Exceeded e) { ... }
 * finally { String why = outermost ? budget.disarm() : null; }
 * }</pre>
 *
 * Fast path: one decrement of a plain field. Every {@value #SLICE} checks (and at once when a
 * charge overdraws) the slow path runs: it throws {@link Exceeded} when the call has used its checks
 * (the deterministic limit, the same in the simulation and the real runtime), when the real
 * runtime's {@link HandlerWatchdog} marked this call as over its CPU budget, or when the AA was
 * stopped; once thrown, every later check of the call throws again, so AA code that catches
 * {@code Throwable} cannot swallow the unwind. Checks made outside a call (an AA's own thread)
 * are not limited, but such threads die at their next slow check once the AA is stopped.
 */
public final class AaBudget {
    /** Checks between two visits of the slow path. */
    static final int SLICE = 4096;

    /** Thrown inside AA code to unwind a call that ran past its budget. No stack trace: cheap to repeat. */
    public static final class Exceeded extends Error {
        private static final long serialVersionUID = 1L;

        Exceeded(String why) {
            super(why, null, false, false);
        }
    }

    /** Bytes an object counts against the memory quota (header and a few fields: an estimate, the same every run). */
    static final int OBJECT_BYTES = 24;
    /** Bytes an array counts besides its elements. */
    static final int ARRAY_BYTES = 16;

    // loop thread only
    private long allocated;
    private long measureAt = Long.MAX_VALUE;
    private long quota = Long.MAX_VALUE;
    private long held;
    private AaMemory meter;
    private boolean measuring;
    private boolean overMemory;
    private final java.util.List<Class<?>> initialised = new java.util.ArrayList<>();
    private int countdown = SLICE;
    private long left;
    private long limit;
    private boolean armed;
    private Thread owner;
    private volatile Thread loop;
    private long call;
    private String countedOut;
    // written by the watchdog thread or at stop
    private volatile long expiredCall = -1;
    private volatile String expiredWhy;
    private volatile boolean dead;

    /** The budget of the AA whose class this is (called once per AA loader, by {@code Tick$}). */
    public static AaBudget of(Class<?> c) {
        if (c.getClassLoader() instanceof AaClassLoader l) {
            return l.budget();
        }
        throw new IllegalStateException(c + " is not AA code");
    }

    /** One check: a method entry, a loop back-edge or an exception handler. */
    public void tick() {
        if (--countdown < 0) {
            slow();
        }
    }

    /**
     * An array allocation of {@code units} elements of {@code 1 << shift} bytes: the checks of
     * {@link #charge(int)}, and its bytes to the AA's memory count.
     */
    public void charge(int units, int shift) {
        charge(units);
        allocated(ARRAY_BYTES + ((long) Math.max(0, units) << shift));
    }

    /** An object allocation: its bytes to the AA's memory count (no check). */
    public void object() {
        allocated(OBJECT_BYTES);
    }

    private void allocated(long bytes) {
        if ((allocated += bytes) > measureAt) {
            memorySlow(bytes);
        }
    }

    /**
     * The AA has allocated a quarter of its quota since the last count: refuse one allocation larger
     * than the quota before it happens, else count what the AA holds ({@link AaMemory}) and unwind
     * the call, as for its checks, when that is over the quota.
     */
    private void memorySlow(long bytes) {
        if (!armed || Thread.currentThread() != owner || measuring || meter == null) {
            allocated = 0;   // outside a call on the node's loop, or while counting: not limited
            return;
        }
        if (countedOut != null) {
            countdown = 0;
            throw new Exceeded(countedOut);
        }
        if (bytes > quota) {
            overMemory = true;
            countedOut = String.format("allocated %,d bytes at once, over the AA's memory quota of %s", bytes, mib(quota));
            countdown = 0;
            throw new Exceeded(countedOut);
        }
        measuring = true;
        try {
            held = meter.measure(quota);
        } finally {
            measuring = false;
        }
        allocated = 0;
        if (held > quota) {
            overMemory = true;
            countedOut = "ran over the AA's memory quota of " + mib(quota);
            countdown = 0;
            throw new Exceeded(countedOut);
        }
    }

    static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / (double) (1 << 20));
    }

    /**
     * Sets the AA's memory quota in bytes and what counts its memory; the count runs whenever the AA
     * has allocated a quarter of the quota since the last one. Null {@code meter}: no limit (and no
     * reference to the AA's objects left here).
     */
    void memory(long quotaBytes, AaMemory meter) {
        this.meter = meter;
        this.quota = meter == null ? Long.MAX_VALUE : quotaBytes;
        this.measureAt = meter == null ? Long.MAX_VALUE : Math.max(1, quotaBytes / 4);
        this.allocated = 0;
    }

    /** Called from an AA class's static initialiser: its static fields may now be read by the memory count. */
    public void initialised(Class<?> c) {
        if (c.getClassLoader() instanceof AaClassLoader) {
            initialised.add(c);
        }
    }

    /** The AA's classes whose initialisation has begun, in that order. */
    java.util.List<Class<?>> initialisedClasses() {
        return initialised;
    }

    /** Whether a call was unwound for the memory quota. */
    boolean overMemory() {
        return overMemory;
    }

    /** Bytes the AA held at the last count (an estimate, see {@link AaMemory}). */
    long held() {
        return held;
    }

    /** A check that costs {@code units} (an array allocation of {@code units} elements). */
    public void charge(int units) {
        countdown -= 1 + (Math.max(0, units) >>> 4);
        if (countdown < 0) {
            slow();
        }
    }

    private void slow() {
        if (dead && Thread.currentThread() != loop) {
            countdown = 0;
            throw new Exceeded("the AA was stopped");
        }
        if (armed && expiredCall == call) {
            countdown = 0;
            throw new Exceeded(expiredWhy);
        }
        if (!armed || Thread.currentThread() != owner) {
            countdown = SLICE;   // not inside a call on the node's loop: not limited
            return;
        }
        if (countedOut != null) {
            countdown = 0;
            throw new Exceeded(countedOut);
        }
        long deficit = -(long) countdown;
        if (deficit > left) {
            countdown = 0;
            countedOut = String.format("ran past its budget of %,d checks", limit);
            throw new Exceeded(countedOut);
        }
        left -= deficit;
        int n = (int) Math.min(SLICE, left);
        left -= n;
        countdown = n;
    }

    /**
     * Starts a call of at most {@code checks} checks on this thread. False when a call is already
     * armed (a nested call runs under the outer one's budget): then do not {@link #disarm()}.
     */
    boolean arm(long checks) {
        if (armed) {
            return false;
        }
        armed = true;
        owner = Thread.currentThread();
        if (loop != owner) {
            loop = owner;
        }
        call++;
        limit = checks;
        countedOut = null;
        int n = (int) Math.min(SLICE, checks);
        countdown = n;
        left = checks - n;
        return true;
    }

    /** The number the watchdog uses to name the current call (see {@link #expire}). */
    long call() {
        return call;
    }

    /** Ends the call; returns why it ran past its budget (even if the AA caught the error), or null. */
    String disarm() {
        String why = countedOut != null ? countedOut : expiredCall == call ? expiredWhy : null;
        armed = false;
        owner = null;
        countdown = SLICE;
        return why;
    }

    /** Watchdog thread: call number {@code callNo} is over budget; its next slow check throws. */
    void expire(long callNo, String why) {
        expiredWhy = why;
        expiredCall = callNo;
    }

    /**
     * The AA is stopped: its code still running on other threads than the node's loop (threads it
     * started) throws at its next slow check. (The loop thread may still call into a stopped AA's
     * objects for diagnostics, as tests do.)
     */
    void kill() {
        dead = true;
    }
}
