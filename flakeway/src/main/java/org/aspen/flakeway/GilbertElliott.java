package org.aspen.flakeway;

/**
 * Bursty loss: a two-state Markov chain, as netem's {@code gemodel p r 1-h 1-k}. In the good state
 * a packet is lost with probability {@code lossGood} (1-k), in the bad state with {@code lossBad}
 * (1-h); after each packet the chain moves good to bad with probability {@code p} and bad to good
 * with {@code r}. The share of time in the bad state is p / (p + r); a bad spell lasts 1 / r packets
 * on average.
 *
 * <pre>{@code
 * new GilbertElliott(0.01, 0.3, 1.0, 0.0)   // simple Gilbert: every packet lost while bad
 * }</pre>
 */
public record GilbertElliott(double p, double r, double lossBad, double lossGood) {
    public GilbertElliott {
        check("p", p);
        check("r", r);
        check("1-h", lossBad);
        check("1-k", lossGood);
    }

    private static void check(String name, double v) {
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException("loss-ge " + name + " must be a probability, got " + v);
        }
    }

    /** Long-run loss share: (p lossBad + r lossGood) / (p + r). */
    public double lossRate() {
        return p + r == 0 ? lossGood : (p * lossBad + r * lossGood) / (p + r);
    }

    @Override
    public String toString() {
        return "p=" + p + " r=" + r + " 1-h=" + lossBad + " 1-k=" + lossGood;
    }
}
