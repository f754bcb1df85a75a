package org.aspen.vnet.config;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the quantities configuration uses, with units, into plain numbers. Every error is an
 * {@link IllegalArgumentException} with a one-line message that names the setting.
 *
 * <pre>{@code
 * long d = Units.nanos("delay", "50ms");          // 50_000_000
 * long r = Units.bitsPerSecond("rate", "10mbit"); // 10_000_000
 * long b = Units.bytes("burst", "64kib");         // 65_536
 * double p = Units.probability("loss", "1%");     // 0.01
 * }</pre>
 *
 * Durations: ns, us, ms, s (a bare number is milliseconds). Rates: bit, kbit, mbit, gbit (also
 * bps, kbps, mbps, gbps; all bits per second, decimal; a bare number is bit/s). Sizes: b, kb, mb
 * (decimal), kib, mib (binary); a bare number is bytes. Probabilities: 0..1 or a percentage.
 */
public final class Units {
    private static final Pattern QUANTITY = Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([a-zA-Z%]*)");

    private Units() {
    }

    private static final Map<String, Double> TIME = Map.of("ns", 1.0, "us", 1e3, "", 1e6, "ms", 1e6, "s", 1e9);
    private static final Map<String, Double> RATE = Map.of("", 1.0, "bit", 1.0, "bps", 1.0, "kbit", 1e3, "kbps", 1e3,
            "mbit", 1e6, "mbps", 1e6, "gbit", 1e9, "gbps", 1e9);
    private static final Map<String, Double> SIZE = Map.of("", 1.0, "b", 1.0, "kb", 1e3, "mb", 1e6, "kib", 1024.0,
            "mib", 1024.0 * 1024);

    /** A duration in nanoseconds; a bare number is milliseconds. */
    public static long nanos(String key, Object v) {
        return scaled(key, v, TIME, 1e6, "a duration such as 50ms (units ns, us, ms, s)");
    }

    /** A rate in bits per second. */
    public static long bitsPerSecond(String key, Object v) {
        return scaled(key, v, RATE, 1, "a rate such as 10mbit (units bit, kbit, mbit, gbit)");
    }

    /** A size in bytes. */
    public static long bytes(String key, Object v) {
        return scaled(key, v, SIZE, 1, "a size such as 64kib (units b, kb, mb, kib, mib)");
    }

    private static long scaled(String key, Object v, Map<String, Double> units, double bareScale, String expected) {
        double x;
        if (v instanceof Number n) {
            x = n.doubleValue() * bareScale;
        } else {
            Matcher m = match(key, v, expected);
            Double scale = units.get(m.group(2).toLowerCase(Locale.ROOT));
            if (scale == null) {
                throw bad(key, v, expected);
            }
            x = Double.parseDouble(m.group(1)) * scale;
        }
        if (!(x >= 0) || x > Long.MAX_VALUE) {
            throw bad(key, v, "a value that is not negative");
        }
        return Math.round(x);
    }

    /** A probability: a number in [0, 1] or a percentage such as {@code 1.5%}. */
    public static double probability(String key, Object v) {
        double p;
        if (v instanceof Number n) {
            p = n.doubleValue();
        } else {
            Matcher m = match(key, v, "a probability such as 0.01 or 1%");
            String unit = m.group(2);
            if (!unit.isEmpty() && !unit.equals("%")) {
                throw bad(key, v, "a probability such as 0.01 or 1%");
            }
            p = Double.parseDouble(m.group(1)) / (unit.isEmpty() ? 1 : 100);
        }
        if (!(p >= 0 && p <= 1)) {
            throw bad(key, v, "a probability between 0 and 1 (0% to 100%)");
        }
        return p;
    }

    public static double number(String key, Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw bad(key, v, "a number");
        }
    }

    public static boolean bool(String key, Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        return switch (String.valueOf(v).trim().toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes", "1" -> true;
            case "false", "off", "no", "0" -> false;
            default -> throw bad(key, v, "true or false");
        };
    }

    private static Matcher match(String key, Object v, String expected) {
        Matcher m = QUANTITY.matcher(String.valueOf(v).trim());
        if (!m.matches()) {
            throw bad(key, v, expected);
        }
        return m;
    }

    public static IllegalArgumentException bad(String key, Object v, String expected) {
        return new IllegalArgumentException(key + ": expected " + expected + ", got '" + v + "'");
    }
}
