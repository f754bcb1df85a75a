package org.aspen.lab.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the human units used in scenario files: durations ({@code 250ms}, {@code 1.5s}, {@code 2m}),
 * rates ({@code 10Mbps}, {@code 10Mb/s}, {@code 100kbps}, {@code 1Gbps}) and sizes ({@code 64KB},
 * {@code 1500B}, {@code 2MiB}). Every error is an {@link IllegalArgumentException} with a one-line
 * message that says what was expected.
 */
public final class Values {
    private static final Pattern NUMBER_UNIT = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Z/]*)\\s*");
    /** A number with a minus sign and a unit, refused as such rather than as "not a duration". */
    private static final Pattern NEGATIVE = Pattern.compile("\\s*-\\s*[0-9]+(?:\\.[0-9]+)?\\s*[a-zA-Z/]*\\s*");

    private Values() {
    }

    public static long durationNanos(String text) {
        refuseNegative(text, "a duration");
        Matcher m = NUMBER_UNIT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. 250ms, 1.5s, 2m)");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        double scale = switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s", "" -> 1e9;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            default -> throw new IllegalArgumentException("'" + text + "' has an unknown time unit '" + m.group(2)
                    + "' (use ns, us, ms, s, m, h)");
        };
        double nanos = v * scale;
        if (nanos > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration");
        }
        return Math.round(nanos);
    }

    public static long rateBps(String text) {
        refuseNegative(text, "a rate");
        Matcher m = NUMBER_UNIT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a rate (e.g. 10Mbps, 512kbps, 1Gbps)");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT).replace("/s", "ps");
        double scale = switch (unit) {
            case "bps", "b" -> 1;
            case "kbps", "kb" -> 1e3;
            case "mbps", "mb" -> 1e6;
            case "gbps", "gb" -> 1e9;
            default -> throw new IllegalArgumentException("'" + text + "' has an unknown rate unit '" + m.group(2)
                    + "' (use bps, kbps, Mbps, Gbps)");
        };
        return Math.round(v * scale);
    }

    public static long sizeBytes(String text) {
        refuseNegative(text, "a size");
        Matcher m = NUMBER_UNIT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (e.g. 1500B, 64KB, 2MiB)");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        double scale = switch (unit) {
            case "B", "b", "" -> 1;
            case "KB", "kB", "kb" -> 1e3;
            case "MB", "mb" -> 1e6;
            case "GB", "gb" -> 1e9;
            case "KiB" -> 1024;
            case "MiB" -> 1024 * 1024;
            case "GiB" -> 1024.0 * 1024 * 1024;
            default -> throw new IllegalArgumentException("'" + text + "' has an unknown size unit '" + unit
                    + "' (use B, KB, MB, GB, KiB, MiB, GiB)");
        };
        return Math.round(v * scale);
    }

    /** {@code -5ms} is a duration, but an impossible one: say so rather than "not a duration". */
    private static void refuseNegative(String text, String kind) {
        if (NEGATIVE.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text.trim() + "' is negative: " + kind + " must be >= 0");
        }
    }

    /** A ratio written as {@code 90%} or {@code 0.9}; must lie in [0, 1]. */
    public static double ratio(String text) {
        String t = text.trim();
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100.0 : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a ratio (e.g. 90% or 0.9)");
        }
        if (v < 0 || v > 1) {
            throw new IllegalArgumentException("'" + text + "' is outside 0%-100%");
        }
        return v;
    }

    public static String formatDuration(long nanos) {
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3fs", nanos / 1e9);
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return String.format(Locale.ROOT, "%.3fms", nanos / 1e6);
    }

    public static String formatRate(long bps) {
        if (bps >= 1_000_000_000L) {
            return trim(bps / 1e9) + "Gbps";
        }
        if (bps >= 1_000_000L) {
            return trim(bps / 1e6) + "Mbps";
        }
        if (bps >= 1_000L) {
            return trim(bps / 1e3) + "kbps";
        }
        return bps + "bps";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
