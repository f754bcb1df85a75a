package org.aspen.rdp;

/**
 * The ACNS end node's memory of received commands and the trend command on a loss (equations 6-8 of
 * Hruby, Olsovsky, Kotocova; thresholds from Table 4).
 *
 * <pre>{@code
 * AcnsTrend t = new AcnsTrend(AcnsTrend.Params.DEFAULTS);
 * t.record(3); t.record(1);
 * int omegaTrend = t.trendCommand();   // 1 freeze, 2 fallback, 3 decrease as the TCP variant does
 * }</pre>
 *
 * P[1] is the newest command, P[omega_count] the oldest kept. Each gets the metric
 * {@code x = e^(-lambda/sigma)} (6), normalised by {@code chi}, the sum of the metrics of the commands
 * used (7); the trend weight is {@code sum x P[lambda] / chi} (8). With fewer than omega_count commands
 * received, the sums run over those there are; with none, the trend is 3 (no information: the TCP
 * variant's own reaction).
 */
public final class AcnsTrend {
    /**
     * @param thL1       trend weight below this: command 1 (freeze)
     * @param thL2       below this: 2 (fallback); at or above: 3 (decrease)
     * @param omegaCount commands kept and used
     * @param sigma      step of the exponential decrease
     */
    public record Params(double thL1, double thL2, int omegaCount, double sigma) {
        /** Table 4: th_L1 1.84, th_L2 2.15, omega_count 10, sigma 3. */
        public static final Params DEFAULTS = new Params(1.84, 2.15, 10, 3);

        public Params {
            if (!(thL1 > 0 && thL2 >= thL1) || omegaCount < 1 || !(sigma > 0)) {
                throw new IllegalArgumentException("need 0 < th_L1 <= th_L2, omega_count >= 1, sigma > 0");
            }
        }
    }

    private final Params params;
    private final int[] ring;
    private int newest = -1;
    private int size;

    public AcnsTrend(Params params) {
        this.params = params;
        this.ring = new int[params.omegaCount()];
    }

    public Params params() {
        return params;
    }

    /** Appends a command (1-3) to P as the newest; the oldest beyond omega_count is forgotten. */
    public void record(int omega) {
        newest = (newest + 1) % ring.length;
        ring[newest] = omega;
        size = Math.min(size + 1, ring.length);
    }

    /** P[lambda], lambda = 1 the newest; 0 when fewer than lambda commands were recorded. */
    public int command(int lambda) {
        if (lambda < 1 || lambda > size) {
            return 0;
        }
        return ring[Math.floorMod(newest - (lambda - 1), ring.length)];
    }

    public int size() {
        return size;
    }

    /** Equation 8 (with 6 and 7); NaN when no command was recorded. */
    public double trendWeight() {
        double chi = 0;
        double sum = 0;
        for (int lambda = 1; lambda <= size; lambda++) {
            double x = Math.exp(-lambda / params.sigma());   // (6) x = e^(-lambda / sigma)
            chi += x;                                          // (7) chi = sum of x over lambda = 1..omega_count
            sum += x * command(lambda);                        // (8) numerator: x P[lambda]
        }
        return size == 0 ? Double.NaN : sum / chi;             // (8) theta_trend
    }

    /** The trend command: 1 below th_L1, 2 below th_L2, else 3 (also when nothing was recorded). */
    public int trendCommand() {
        double w = trendWeight();
        if (Double.isNaN(w)) {
            return 3;
        }
        return w < params.thL1() ? 1 : w < params.thL2() ? 2 : 3;   // as (5), with th_L1 and th_L2
    }
}
