package org.aspen.cli;

import org.aspen.vnet.config.Units;
import picocli.CommandLine;

/**
 * The picocli converters of the three kinds of quantity, one each, all through {@link Units} (the
 * grammar docs/scenarios.md's "Units" table gives). A bad value is a usage error naming the option:
 * {@code Invalid value for option '--bandwidth': "20": a rate needs a unit: bps, kbps, ...}.
 *
 * <pre>{@code
 * @Option(names = "--bandwidth", converter = UnitConverters.Rate.class, defaultValue = "20Mbps")
 * long bandwidthBps;
 * }</pre>
 */
final class UnitConverters {
    private UnitConverters() {
    }

    /** A duration, in nanoseconds: {@code 250ms}, {@code 1.5s}, {@code 10min}. */
    static final class Duration implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Units.nanos(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** A rate, in bits per second: {@code 20Mbps}, {@code 20Mb/s}, {@code 20mbit}. */
    static final class Rate implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Units.bitsPerSecond(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** A size, in bytes: {@code 1500B}, {@code 10MB}, {@code 64KiB}. */
    static final class Size implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Units.bytes(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
