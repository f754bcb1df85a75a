package org.aspen.ee;

/**
 * The EE's settings on one node.
 *
 * <pre>{@code
 * EeConfig cfg = EeConfig.DEFAULT.withHandlerBudgetNanos(50_000_000L);
 * }</pre>
 *
 * @param handlerBudgetNanos   longest a single handler call may take before its AA is stopped (default
 *                             100 ms; {@code start} gets ten times this, for class loading on a cold JVM)
 * @param maxErrors            handler failures (exceptions) after which an AA is stopped
 * @param inboundQueueLimit    packets, messages and congestion events waiting for one AA
 * @param pendingQueueLimit    packets waiting for one AA that is being fetched and started
 * @param drainBatch           inbound items handed to one AA per loop turn before yielding
 * @param maxJarBytes          largest AA jar accepted (deploy or fetch)
 * @param fetchTimeoutNanos    a code fetch that has not completed by then fails
 * @param codeCacheEntries     jars kept in the code cache
 * @param handlerBudgetChecks  budget checks (method entries, loop back-edges, array elements / 16) a single
 *                             handler call may make before its AA is stopped, in both runtimes (default
 *                             50,000,000: 30-100 ms of an empty loop on the development machine; {@code start} and the
 *                             constructor get ten times this). Deterministic, so it is what stops
 *                             runaway code in the simulation; the real runtime also watches CPU time
 *                             against {@code handlerBudgetNanos} (docs/ee.md)
 * @param aaMemoryBytes        what one AA may hold, counted by the EE (docs/ee.md, "Memory"), unless its
 *                             start parameter {@code aa.memory} (e.g. {@code 16MiB}) says otherwise; over
 *                             it the AA is stopped. Default 64 MiB
 */
public record EeConfig(long handlerBudgetNanos, int maxErrors, int inboundQueueLimit, int pendingQueueLimit,
                       int drainBatch, int maxJarBytes, long fetchTimeoutNanos, int codeCacheEntries,
                       long handlerBudgetChecks, long aaMemoryBytes) {
    public static final EeConfig DEFAULT = new EeConfig(100_000_000L, 5, 1024, 64, 64, 8 << 20, 5_000_000_000L, 64,
            50_000_000L, 64L << 20);

    public EeConfig {
        if (handlerBudgetNanos <= 0 || maxErrors < 1 || inboundQueueLimit < 1 || pendingQueueLimit < 1
                || drainBatch < 1 || maxJarBytes < 1 || fetchTimeoutNanos <= 0 || codeCacheEntries < 1
                || handlerBudgetChecks < 1 || aaMemoryBytes < 1) {
            throw new IllegalArgumentException("EE settings must all be positive: " + this);
        }
    }

    public EeConfig withHandlerBudgetNanos(long n) {
        return new EeConfig(n, maxErrors, inboundQueueLimit, pendingQueueLimit, drainBatch, maxJarBytes, fetchTimeoutNanos, codeCacheEntries, handlerBudgetChecks, aaMemoryBytes);
    }

    public EeConfig withMaxErrors(int n) {
        return new EeConfig(handlerBudgetNanos, n, inboundQueueLimit, pendingQueueLimit, drainBatch, maxJarBytes, fetchTimeoutNanos, codeCacheEntries, handlerBudgetChecks, aaMemoryBytes);
    }

    public EeConfig withInboundQueueLimit(int n) {
        return new EeConfig(handlerBudgetNanos, maxErrors, n, pendingQueueLimit, drainBatch, maxJarBytes, fetchTimeoutNanos, codeCacheEntries, handlerBudgetChecks, aaMemoryBytes);
    }

    public EeConfig withAaMemoryBytes(long n) {
        return new EeConfig(handlerBudgetNanos, maxErrors, inboundQueueLimit, pendingQueueLimit, drainBatch, maxJarBytes, fetchTimeoutNanos, codeCacheEntries, handlerBudgetChecks, n);
    }

    public EeConfig withHandlerBudgetChecks(long n) {
        return new EeConfig(handlerBudgetNanos, maxErrors, inboundQueueLimit, pendingQueueLimit, drainBatch, maxJarBytes, fetchTimeoutNanos, codeCacheEntries, n, aaMemoryBytes);
    }
}
