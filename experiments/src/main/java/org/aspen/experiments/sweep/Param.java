package org.aspen.experiments.sweep;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One option of {@code aspen experiment NAME}, on a component of a {@link PaperExperiment}'s
 * options record: the CLI makes the option from it, with the component's type, and takes its
 * default from the experiment's {@link PaperExperiment#defaults()} record (the one place it is
 * written). A list component is a comma-separated list; a boolean one a flag; a boxed one
 * ({@code Integer}, {@code Long}, {@code String}) whose default is null is left out when not given.
 *
 * <pre>{@code
 * public record Options(
 *         @Param(names = "--seeds", label = "N", description = "Runs per point, seeds 1..N (default: ${DEFAULT-VALUE}).")
 *         int seeds,
 *         @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
 *                 description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
 *         long durationNanos) {
 * }
 * }</pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Param {
    /** The option's names, e.g. {@code --seeds}. */
    String[] names();

    /** The value's label in the help ({@code N}, {@code MS}); none for a flag. */
    String label() default "";

    /** The help text; {@code ${DEFAULT-VALUE}} stands for the default. */
    String description();

    /** The quantity a {@code long} (or {@code Long}) holds, read and printed through {@code vnet.config.Units}. */
    Unit unit() default Unit.NONE;

    /** Left out of the help (an old name kept so that old notes still work). */
    boolean hidden() default false;

    /** What a {@code long} option holds: a plain number, or a quantity with a unit ({@code 200s}, {@code 1.5Mbps}, {@code 64KiB}). */
    enum Unit {
        /** A plain number (or text). */
        NONE,
        /** Nanoseconds, written with a unit: {@code 250ms}, {@code 200s}. */
        DURATION,
        /** Bits per second, written with a unit: {@code 1.5Mbps}. */
        RATE,
        /** Bytes, written with a unit: {@code 1500B}, {@code 64KiB}. */
        SIZE
    }
}
