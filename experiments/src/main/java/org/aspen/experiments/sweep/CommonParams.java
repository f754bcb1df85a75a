package org.aspen.experiments.sweep;

/**
 * What the {@link PaperExperiment}s' options share: the help of {@code --seeds} and
 * {@code --threads} (annotation constants, so every experiment words them alike), the default
 * {@code --threads}, and the checks of the config x delay x seed sweeps.
 *
 * <pre>{@code
 * @Param(names = "--threads", label = "N", description = CommonParams.THREADS) int threads
 * }</pre>
 */
public final class CommonParams {
    /** {@code --seeds N}: runs per point. */
    public static final String SEEDS = "Runs per point, seeds 1..N (default: ${DEFAULT-VALUE}).";

    /** {@code --threads N}: independent runs at once. */
    public static final String THREADS = "Runs at once, each an independent seeded simulation: changes only the wall time "
            + "(default: ${DEFAULT-VALUE}).";

    /** {@code --threads}' default. */
    public static final int DEFAULT_THREADS = 2;

    private CommonParams() {
    }

    /** The checks of the config x delay x seed sweeps (acc-figure4, abcd), as one line naming the options. */
    public static void checkDelayGrid(int seeds, double seconds, java.util.List<Integer> delays, int threads, int buffer) {
        if (seeds < 1 || seconds <= 2 || delays.isEmpty() || threads < 1 || delays.stream().anyMatch(d -> d < 0) || buffer < 1) {
            throw new IllegalArgumentException("--seeds must be at least 1, --duration more than 2s, --threads and --buffer at "
                    + "least 1, --delays non-negative");
        }
    }

    /** {@code CONFIG:DELAY_MS} split in two; an error naming {@code example} otherwise. */
    public static String[] configAndDelay(String value, String example) {
        String[] cd = value.split(":");
        if (cd.length != 2 || !cd[1].matches("\\d+")) {
            throw new IllegalArgumentException("--print-scenario takes CONFIG:DELAY_MS, e.g. " + example);
        }
        return cd;
    }

    /** Nanoseconds in seconds. */
    public static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
