package org.aspen.vnet.config;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of units: every scenario field, queue-discipline or flakeway parameter and
 * command-line option that takes a duration, a rate or a size is read here, and printed back by
 * the formatter of its kind (whose output parses to the same value). Every error is an
 * {@link IllegalArgumentException} with a one-line message that names the setting (when given)
 * and the units it expects.
 *
 * <pre>{@code
 * long d = Units.nanos("delay", "50ms");             // 50_000_000
 * long r = Units.bitsPerSecond("rate", "10Mbit/s");  // 10_000_000 (also 10Mbps, 10mbit, 10Mb/s)
 * long b = Units.bytes("burst", "64KiB");            // 65_536 (64KB is 64_000)
 * Units.nanos("link delay", "20");                    // link delay "20": a duration needs a unit: ns, us, ms, s, min or h
 * String s = Units.formatNanos(1_500_000_000L);       // "1.5s"
 * }</pre>
 *
 * The grammar (docs/scenarios.md, "Units", has the table): a number (digits with an optional
 * decimal part, no sign, no exponent), optional spaces, then a unit, which is required: a bare
 * number is refused, {@code 0} included.
 * <ul>
 * <li>Durations: {@code ns}, {@code us} (or {@code µs}), {@code ms}, {@code s}, {@code min},
 *     {@code h}; lower case only ({@code m} alone is refused: minutes or milliseconds?). At most
 *     {@link #MAX_NANOS} (about 146 years), so adding one to a clock cannot overflow.</li>
 * <li>Rates, in bits per second, decimal prefixes: {@code bps}, {@code bit/s}, {@code bit} and
 *     {@code b/s}, each after an optional prefix {@code k}, {@code M} or {@code G} written in either
 *     case ({@code 10Mbps}, {@code 10mbit} as tc writes it, {@code 10Mbit/s}, {@code 10Mb/s}); the
 *     rest of the unit is lower case, because a capital {@code B} means bytes ({@code 10MB/s} and
 *     {@code 10MBps} are refused).</li>
 * <li>Sizes, in bytes: {@code B}; {@code KB} (or {@code kB}), {@code MB}, {@code GB} are decimal
 *     (1000 B, 10^6 B, 10^9 B); {@code KiB}, {@code MiB}, {@code GiB} are binary (1024 B, 2^20 B,
 *     2^30 B). Case as written: {@code b} is a bit, so {@code 10mb} or {@code 64kib} is refused.</li>
 * </ul>
 * A value is the exact decimal times the unit, rounded half up to a whole nanosecond, bit/s or
 * byte.
 */
public final class Units {
    /** The longest duration, in nanoseconds: half of {@link Long#MAX_VALUE}. */
    public static final long MAX_NANOS = Long.MAX_VALUE / 2;

    private static final Pattern QUANTITY = Pattern.compile("(-?)\\s*([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(.*)");
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);

    private static final Kind DURATION = new Kind("duration", "20ms", "ns, us, ms, s, min or h", MAX_NANOS,
            units("ns", 1L, "us", 1_000L, "µs", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L, "min", 60_000_000_000L,
                    "h", 3_600_000_000_000L));
    private static final Kind RATE = new Kind("rate", "10Mbps", "bps, kbps, Mbps, Gbps (or bit/s, kbit/s, Mbit/s, Gbit/s; "
            + "kbit, mbit, gbit; kb/s, Mb/s, Gb/s)", Long.MAX_VALUE, rates());
    private static final Kind SIZE = new Kind("size", "64KB", "B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s)",
            Long.MAX_VALUE, units("B", 1L, "KB", 1_000L, "kB", 1_000L, "MB", 1_000_000L, "GB", 1_000_000_000L,
                    "KiB", 1L << 10, "MiB", 1L << 20, "GiB", 1L << 30));

    private Units() {
    }

    private record Kind(String name, String example, String units, long max, Map<String, Long> scales) {
    }

    private static Map<String, Long> units(Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (Long) kv[i + 1]);
        }
        return m;
    }

    private static Map<String, Long> rates() {
        Map<String, Long> m = new LinkedHashMap<>();
        String[][] prefixes = {{"", "1"}, {"k", "1000"}, {"K", "1000"}, {"m", "1000000"}, {"M", "1000000"},
                {"g", "1000000000"}, {"G", "1000000000"}};
        for (String[] p : prefixes) {
            for (String base : new String[] {"bps", "bit/s", "bit", "b/s"}) {
                m.put(p[0] + base, Long.parseLong(p[1]));
            }
        }
        return m;
    }

    /** A duration in nanoseconds ({@code 50ms}); the message of a bad one names no setting. */
    public static long nanos(String text) {
        return parse(null, text, DURATION);
    }

    /** A duration in nanoseconds; a bad one's message starts with {@code what} (a field or option). */
    public static long nanos(String what, Object v) {
        return parse(what, v, DURATION);
    }

    /** A rate in bits per second ({@code 10Mbps}); the message of a bad one names no setting. */
    public static long bitsPerSecond(String text) {
        return parse(null, text, RATE);
    }

    /** A rate in bits per second; a bad one's message starts with {@code what}. */
    public static long bitsPerSecond(String what, Object v) {
        return parse(what, v, RATE);
    }

    /** A size in bytes ({@code 64KiB}); the message of a bad one names no setting. */
    public static long bytes(String text) {
        return parse(null, text, SIZE);
    }

    /** A size in bytes; a bad one's message starts with {@code what}. */
    public static long bytes(String what, Object v) {
        return parse(what, v, SIZE);
    }

    private static long parse(String what, Object v, Kind k) {
        if (v instanceof Number) {
            throw bareNumber(what, v, k);
        }
        String t = v == null ? "" : String.valueOf(v).trim();
        if (t.isEmpty()) {
            throw fail(what, v == null ? "" : v, "a " + k.name + " needs a number and a unit, e.g. " + k.example);
        }
        Matcher m = QUANTITY.matcher(t);
        if (!m.matches()) {
            throw fail(what, v, "not a " + k.name + ": write a number and a unit (" + k.units + "), e.g. " + k.example);
        }
        String unit = m.group(3);
        if (unit.isEmpty()) {
            throw bareNumber(what, v, k);
        }
        Long scale = k.scales.get(unit);
        if (scale == null) {
            throw fail(what, v, unknownUnit(unit, k));
        }
        if (!m.group(1).isEmpty()) {
            throw fail(what, v, "a " + k.name + " cannot be negative");
        }
        BigDecimal x = new BigDecimal(m.group(2)).multiply(BigDecimal.valueOf(scale)).setScale(0, RoundingMode.HALF_UP);
        if (x.compareTo(BigDecimal.valueOf(k.max)) > 0) {
            throw fail(what, v, "too large a " + k.name + " (at most " + format(k.max, k) + ")");
        }
        return x.longValueExact();
    }

    private static IllegalArgumentException bareNumber(String what, Object v, Kind k) {
        return fail(what, v, "a " + k.name + " needs a unit: " + k.units);
    }

    private static String unknownUnit(String unit, Kind k) {
        String hint = "";
        if (k == DURATION && unit.equals("m")) {
            hint = "; write min for minutes or ms for milliseconds";
        } else if (k == RATE && unit.contains("B")) {
            hint = "; a rate is in bits (b), not bytes (B)";
        } else if (k == RATE && unit.matches("[kKmMgG]?b")) {
            hint = "; a rate needs its time: " + unit + "ps, " + unit + "it/s or " + unit + "/s";
        } else if (k == SIZE && (unit.contains("b") || unit.equals("kib") || unit.equals("mib"))) {
            hint = "; a size is in bytes (B), not bits (b)";
        }
        return "unknown " + k.name + " unit \"" + unit + "\" (use " + k.units + ")" + hint;
    }

    /** The duration {@code nanos} as the shortest exact text in its largest unit up to seconds: {@code 1.5s}, {@code 250us}. */
    public static String formatNanos(long nanos) {
        return format(nanos, DURATION);
    }

    /** The rate {@code bps} exactly, in its largest unit: {@code 1.5Mbps}, {@code 512kbps}, {@code 12bps}. */
    public static String formatRate(long bps) {
        return format(bps, RATE);
    }

    /** The size {@code bytes} as a whole number of the largest unit that divides it: {@code 64KiB}, {@code 1500B}. */
    public static String formatBytes(long bytes) {
        return format(bytes, SIZE);
    }

    private static String format(long v, Kind k) {
        if (v < 0) {
            throw new IllegalArgumentException("a " + k.name + " cannot be negative: " + v);
        }
        if (k == SIZE) {
            long[] scales = {1L << 30, 1_000_000_000L, 1L << 20, 1_000_000L, 1L << 10, 1_000L};
            String[] names = {"GiB", "GB", "MiB", "MB", "KiB", "KB"};
            for (int i = 0; i < scales.length; i++) {
                if (v >= scales[i] && v % scales[i] == 0) {
                    return v / scales[i] + names[i];
                }
            }
            return v + "B";
        }
        if (v == 0 && k == DURATION) {
            return "0s";
        }
        String[] names = k == DURATION ? new String[] {"ns", "us", "ms", "s"} : new String[] {"bps", "kbps", "Mbps", "Gbps"};
        int i = 0;
        BigDecimal x = BigDecimal.valueOf(v);
        while (i < names.length - 1 && x.compareTo(THOUSAND) >= 0) {
            x = x.movePointLeft(3);
            i++;
        }
        return x.stripTrailingZeros().toPlainString() + names[i];
    }

    /** A probability: a number in [0, 1] or a percentage such as {@code 1.5%}. */
    public static double probability(String key, Object v) {
        double p;
        if (v instanceof Number n) {
            p = n.doubleValue();
        } else {
            Matcher m = QUANTITY.matcher(String.valueOf(v).trim());
            if (!m.matches() || !(m.group(3).isEmpty() || m.group(3).equals("%"))) {
                throw bad(key, v, "a probability such as 0.01 or 1%");
            }
            p = Double.parseDouble(m.group(1) + m.group(2)) / (m.group(3).isEmpty() ? 1 : 100);
        }
        if (!(p >= 0 && p <= 1)) {
            throw bad(key, v, "a probability between 0 and 1 (0% to 100%)");
        }
        return p;
    }

    /** A ratio written as {@code 90%} or {@code 0.9}, in [0, 1]; the message of a bad one names no setting. */
    public static double ratio(String text) {
        return probability(null, text);
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

    /** {@code WHAT "V": PROBLEM} (without {@code WHAT } when it is null): the units' one-line error. */
    private static IllegalArgumentException fail(String what, Object v, String problem) {
        return new IllegalArgumentException((what == null ? "" : what + " ") + "\"" + v + "\": " + problem);
    }

    public static IllegalArgumentException bad(String key, Object v, String expected) {
        return new IllegalArgumentException((key == null ? "" : key + ": ") + "expected " + expected + ", got '" + v + "'");
    }
}
