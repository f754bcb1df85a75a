package org.aspen.vnet.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The committed results reproduce only if every string the experiments and their scenarios write
 * parses to the same number as before the one grammar (issue 32): the defaults and the generated
 * forms ({@code "%.3fs"}, {@code "%.3fms"}, {@code N + "ms"}, {@code N + "bps"}) against the two old
 * parsers, lab's {@code Values} and vnet's {@code Units} (copied here as they were: a double times the
 * unit, rounded).
 */
class UnitsCompatibilityTest {
    /** Every duration, rate and size literal in experiments/, cli/, lab/ and bench/ main code and tools/reproduce-results.sh. */
    private static final List<String> DURATIONS = List.of("0ms", "0s", "10.000s", "100000s", "100s", "10min", "10ms", "10s",
            "118.000s", "118s", "1s", "2.5s", "200.000s", "200s", "20ms", "2ms", "30.000s", "30s", "500ms", "5min", "5ms",
            "6.000s", "15s", "5s", "40s", "200ms", "60s", "20s", "1ms", "250ms", "0.5s");
    private static final List<String> RATES = List.of("1.5Mbps", "100Mbps", "100kbps", "10Mbps", "20Mbps", "2Mbps", "3Mbps",
            "4Mbps", "5Mbps", "500kbps", "600kbps");
    private static final List<String> SIZES = List.of("50000B", "1500B", "64KB", "10MB", "2MiB", "64KiB");

    @Test
    void durationsParseAsBefore() {
        List<String> all = new ArrayList<>(DURATIONS);
        for (int i = 0; i <= 400_000; i += 7) {
            all.add(String.format(Locale.ROOT, "%.3fms", i / 1000.0));       // PurpleBundles' access delays
            all.add(String.format(Locale.ROOT, "%.3fs", i / 1000.0));        // every experiment's run length
            all.add(i + "ms");                                                 // start times, long links, flakeway delays
            all.add(String.format(Locale.ROOT, "%.0fms", i / 7.0));
        }
        for (String s : all) {
            assertEquals(oldValues(s, DURATION_SCALE), Units.nanos(s), s);
            assertEquals(oldUnits(s, DURATION_SCALE), Units.nanos(s), s);
        }
    }

    @Test
    void ratesParseAsBefore() {
        List<String> all = new ArrayList<>(RATES);
        for (long bps = 0; bps <= 2_000_000_000L; bps += 1_234_567) {
            all.add(bps + "bps");                                             // PurpleBundles' links
            all.add(10 * bps + "bps");
        }
        for (String s : all) {
            assertEquals(oldValues(s, RATE_SCALE), Units.bitsPerSecond(s), s);
            assertEquals(oldUnits(s, RATE_SCALE), Units.bitsPerSecond(s), s);
        }
    }

    @Test
    void sizesParseAsBefore() {
        for (String s : SIZES) {
            assertEquals(oldValues(s, SIZE_SCALE), Units.bytes(s), s);
        }
    }

    private static final Pattern OLD = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Z/]*)\\s*");

    private interface Scale {
        double of(String unit);
    }

    private static final Scale DURATION_SCALE = u -> switch (u) {
        case "ns" -> 1;
        case "us" -> 1e3;
        case "ms" -> 1e6;
        case "s" -> 1e9;
        case "min" -> 60e9;
        default -> throw new IllegalArgumentException(u);
    };
    private static final Scale RATE_SCALE = u -> switch (u.toLowerCase(Locale.ROOT)) {
        case "bps" -> 1;
        case "kbps" -> 1e3;
        case "mbps" -> 1e6;
        case "gbps" -> 1e9;
        default -> throw new IllegalArgumentException(u);
    };
    private static final Scale SIZE_SCALE = u -> switch (u) {
        case "B" -> 1;
        case "KB" -> 1e3;
        case "MB" -> 1e6;
        case "KiB" -> 1024;
        case "MiB" -> 1024 * 1024;
        default -> throw new IllegalArgumentException(u);
    };

    /** lab.scenario.Values before issue 32: {@code Math.round(Double.parseDouble(number) * scale)}. */
    private static long oldValues(String text, Scale scale) {
        Matcher m = OLD.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(text);
        }
        return Math.round(Double.parseDouble(m.group(1)) * scale.of(m.group(2)));
    }

    /** vnet.config.Units before issue 32: the same product, from a (double) scale map. */
    private static long oldUnits(String text, Scale scale) {
        Matcher m = OLD.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(text);
        }
        double x = Double.parseDouble(m.group(1)) * scale.of(m.group(2));
        return Math.round(x);
    }
}
