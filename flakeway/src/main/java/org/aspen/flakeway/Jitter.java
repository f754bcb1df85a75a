package org.aspen.flakeway;

import java.util.random.RandomGenerator;

/**
 * The distribution of the variable part of a rule's delay, scaled by the rule's {@code jitter}.
 *
 * <pre>{@code
 * long d = fixed + Math.round(Jitter.NORMAL.sample(random, 10e6));   // 10 ms standard deviation
 * }</pre>
 */
public enum Jitter {
    /** Uniform on [-jitter, +jitter]: standard deviation jitter / sqrt(3). */
    UNIFORM {
        @Override
        public double sample(RandomGenerator r, double jitter) {
            return (2 * r.nextDouble() - 1) * jitter;
        }
    },
    /** Normal with mean 0 and standard deviation jitter (the total delay is clipped at 0). */
    NORMAL {
        @Override
        public double sample(RandomGenerator r, double jitter) {
            return r.nextGaussian() * jitter;
        }
    },
    /**
     * Pareto (Lomax) excess: never negative, mean jitter, shape {@value #PARETO_SHAPE}, heavy right
     * tail: P(X &gt; t) = (1 + t / s)^-shape with scale s = jitter (shape - 1).
     */
    PARETO {
        @Override
        public double sample(RandomGenerator r, double jitter) {
            double scale = jitter * (PARETO_SHAPE - 1);
            return scale * (Math.pow(1 - r.nextDouble(), -1 / PARETO_SHAPE) - 1);
        }
    };

    public static final double PARETO_SHAPE = 3;

    /** A draw of the jitter term in the unit of {@code jitter}. */
    public abstract double sample(RandomGenerator r, double jitter);
}
