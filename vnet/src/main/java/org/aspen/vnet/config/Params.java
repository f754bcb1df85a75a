package org.aspen.vnet.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a component's settings from a map (a scenario file's object, or a parsed command line),
 * each with a default, and rejects keys nobody asked for with a one-line message.
 *
 * <pre>{@code
 * Params p = new Params("red", map);
 * double minTh = p.number("min_th", 5);
 * boolean ecn = p.bool("ecn", false);
 * p.finish();   // "red: unknown parameter 'mx_th' (known: min_th, ecn)"
 * }</pre>
 */
public final class Params {
    private final String owner;
    private final Map<String, Object> values;
    private final Set<String> known = new LinkedHashSet<>();

    public Params(String owner, Map<String, Object> values) {
        this.owner = owner;
        this.values = values == null ? Map.of() : values;
    }

    public boolean has(String key) {
        known.add(key);
        return values.get(key) != null;
    }

    /** The raw value, or null when absent. */
    public Object raw(String key) {
        known.add(key);
        return values.get(key);
    }

    public double number(String key, double dflt) {
        Object v = raw(key);
        return v == null ? dflt : wrap(() -> Units.number(key, v));
    }

    public int integer(String key, int dflt) {
        Object v = raw(key);
        if (v == null) {
            return dflt;
        }
        double d = wrap(() -> Units.number(key, v));
        if (d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
            throw error(key + ": expected a whole number, got '" + v + "'");
        }
        return (int) d;
    }

    public boolean bool(String key, boolean dflt) {
        Object v = raw(key);
        return v == null ? dflt : wrap(() -> Units.bool(key, v));
    }

    public String string(String key, String dflt) {
        Object v = raw(key);
        return v == null ? dflt : String.valueOf(v).trim();
    }

    /** A string that must be one of {@code choices}. */
    public String choice(String key, String dflt, String... choices) {
        String s = string(key, dflt);
        for (String c : choices) {
            if (c.equalsIgnoreCase(s)) {
                return c;
            }
        }
        throw error(key + ": expected one of " + String.join(", ", choices) + ", got '" + s + "'");
    }

    public double probability(String key, double dflt) {
        Object v = raw(key);
        return v == null ? dflt : wrap(() -> Units.probability(key, v));
    }

    public long nanos(String key, long dflt) {
        Object v = raw(key);
        return v == null ? dflt : wrap(() -> Units.nanos(key, v));
    }

    public long bitsPerSecond(String key, long dflt) {
        Object v = raw(key);
        return v == null ? dflt : wrap(() -> Units.bitsPerSecond(key, v));
    }

    public long bytes(String key, long dflt) {
        Object v = raw(key);
        return v == null ? dflt : wrap(() -> Units.bytes(key, v));
    }

    /** A nested map (e.g. a flakeway rule's {@code match}), or an empty one. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String key) {
        Object v = raw(key);
        if (v == null) {
            return Map.of();
        }
        if (!(v instanceof Map<?, ?>)) {
            throw error(key + ": expected an object of settings, got '" + v + "'");
        }
        return (Map<String, Object>) v;
    }

    /** Fails on any key that no accessor asked for. Call after reading every setting. */
    public void finish() {
        List<String> unknown = new ArrayList<>();
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                unknown.add(k);
            }
        }
        if (!unknown.isEmpty()) {
            throw error("unknown parameter '" + unknown.get(0) + "' (known: " + String.join(", ", known) + ")");
        }
    }

    public IllegalArgumentException error(String message) {
        return new IllegalArgumentException(owner + ": " + message);
    }

    private <T> T wrap(java.util.function.Supplier<T> s) {
        try {
            return s.get();
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }
}
