package org.aspen.flakeway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.config.Params;
import org.aspen.vnet.packet.Protocol;

/**
 * Reads {@link RuleSpec}s from a scenario file's map or from the compact command-line form. Every
 * error is an {@link IllegalArgumentException} with one line naming the rule and the setting.
 *
 * <pre>{@code
 * RuleSpec a = RuleSpecs.parse("name wan; match dst=10.0.0.3 proto=rdp; delay 50ms jitter 10ms normal;"
 *         + " loss-ge p=1% r=30% 1-h=100% 1-k=0; rate 10mbit; bandwidth 10mbit");
 * RuleSpec b = RuleSpecs.fromMap(Map.of("name", "wan", "match", Map.of("dst", "10.0.0.3"), "delay", "50ms"));
 * }</pre>
 *
 * Map keys: name [default], match {src, dst (address or prefix a.b.c.d/n), proto (control, rdp, raw,
 * aa-message or 0-255), sport, dport, aa}, delay, jitter, distribution [uniform|normal|pareto;
 * normal], loss, loss_ge {p, r [1-p], 1-h [1], 1-k [0]}, duplicate, reorder, reorder_gap [1],
 * corrupt, corrupt_bits [1], rate, rate_mode [queue|bucket], burst, limit [auto|packets],
 * bandwidth. Command-line clauses, separated by ';': {@code name N}, {@code match k=v ...},
 * {@code delay D [jitter J] [uniform|normal|pareto]}, {@code loss P}, {@code loss-ge p=P r=R 1-h=H 1-k=K},
 * {@code duplicate P}, {@code reorder P [gap N]}, {@code corrupt P [bits N]},
 * {@code rate R [queue | bucket burst B]}, {@code limit N|auto}, {@code bandwidth R}.
 */
public final class RuleSpecs {
    private RuleSpecs() {
    }

    public static RuleSpec fromMap(Map<String, Object> map) {
        String name = map == null || map.get("name") == null ? "default" : String.valueOf(map.get("name")).trim();
        Params p = new Params("flakeway rule '" + name + "'", map);
        p.string("name", name);
        PacketMatch match = match(p, p.map("match"));
        long delay = p.nanos("delay", 0);
        long jitterNanos = p.nanos("jitter", 0);
        Jitter jitter = Jitter.valueOf(p.choice("distribution", "normal", "uniform", "normal", "pareto")
                .toUpperCase(Locale.ROOT));
        double loss = p.probability("loss", 0);
        GilbertElliott ge = p.has("loss_ge") ? gilbertElliott(p, p.map("loss_ge")) : null;
        double duplicate = p.probability("duplicate", 0);
        double reorder = p.probability("reorder", 0);
        int gap = p.integer("reorder_gap", 1);
        double corrupt = p.probability("corrupt", 0);
        int bits = p.integer("corrupt_bits", 1);
        long rate = p.bitsPerSecond("rate", 0);
        RuleSpec.RateMode mode = RuleSpec.RateMode.valueOf(p.choice("rate_mode", "queue", "queue", "bucket")
                .toUpperCase(Locale.ROOT));
        long burst = p.bytes("burst", 0);
        Object lim = p.raw("limit");
        int limit = lim == null || "auto".equalsIgnoreCase(String.valueOf(lim).trim()) ? 0 : p.integer("limit", 0);
        long bandwidth = p.bitsPerSecond("bandwidth", 0);
        p.finish();
        try {
            return new RuleSpec(name, match, delay, jitterNanos, jitter, loss, ge, duplicate, reorder, gap, corrupt,
                    bits, rate, mode, burst, limit, bandwidth);
        } catch (IllegalArgumentException e) {
            throw p.error(e.getMessage());
        }
    }

    private static PacketMatch match(Params rule, Map<String, Object> m) {
        Params p = new Params(rule.error("match").getMessage(), m);
        VAddr[] src = prefix(p, "src");
        VAddr[] dst = prefix(p, "dst");
        int proto = protocol(p);
        int sport = p.integer("sport", -1);
        int dport = p.integer("dport", -1);
        String aa = p.string("aa", null);
        p.finish();
        try {
            return new PacketMatch(src[0], src[1] == null ? 0 : src[1].value(), dst[0],
                    dst[1] == null ? 0 : dst[1].value(), proto, sport, dport, aa);
        } catch (IllegalArgumentException e) {
            throw p.error(e.getMessage());
        }
    }

    /** {address, prefix length as a VAddr value} or {null, null}. */
    private static VAddr[] prefix(Params p, String key) {
        String s = p.string(key, null);
        if (s == null || s.equals("any")) {
            return new VAddr[2];
        }
        int slash = s.indexOf('/');
        try {
            VAddr a = VAddr.parse(slash < 0 ? s : s.substring(0, slash));
            int bits = slash < 0 ? 32 : Integer.parseInt(s.substring(slash + 1));
            if (bits < 0 || bits > 32) {
                throw new IllegalArgumentException();
            }
            return new VAddr[] {a, VAddr.of(bits)};
        } catch (RuntimeException e) {
            throw p.error(key + ": expected an address such as 10.0.0.3 or 10.0.0.0/24, got '" + s + "'");
        }
    }

    private static int protocol(Params p) {
        String s = p.string("proto", null);
        if (s == null || s.equals("any")) {
            return -1;
        }
        for (int i = 0; i < 256; i++) {
            if (Protocol.name(i).equalsIgnoreCase(s) && !Protocol.name(i).startsWith("proto-")) {
                return i;
            }
        }
        return p.integer("proto", -1);
    }

    private static GilbertElliott gilbertElliott(Params rule, Map<String, Object> m) {
        Params p = new Params(rule.error("loss_ge").getMessage(), m);
        double gp = p.probability("p", 0);
        double r = p.probability("r", 1 - gp);
        double bad = p.probability("1-h", 1);
        double good = p.probability("1-k", 0);
        p.finish();
        try {
            return new GilbertElliott(gp, r, bad, good);
        } catch (IllegalArgumentException e) {
            throw p.error(e.getMessage());
        }
    }

    /** Parses the compact form into the same map {@link #fromMap} reads, then builds the rule. */
    public static RuleSpec parse(String text) {
        return fromMap(toMap(text));
    }

    static Map<String, Object> toMap(String text) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("flakeway rule: empty specification");
        }
        for (String clause : text.split(";")) {
            List<String> w = new ArrayList<>(List.of(clause.trim().split("\\s+")));
            if (w.get(0).isEmpty()) {
                continue;
            }
            String verb = w.remove(0).toLowerCase(Locale.ROOT);
            try {
                clause(m, verb, w);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("flakeway rule: clause '" + clause.trim() + "': " + e.getMessage());
            }
        }
        return m;
    }

    private static void clause(Map<String, Object> m, String verb, List<String> w) {
        switch (verb) {
            case "name", "loss", "duplicate", "limit", "bandwidth" -> m.put(verb, one(w));
            case "match" -> m.put("match", pairs(w, List.of()));
            case "loss-ge" -> m.put("loss_ge", pairs(w, List.of("p", "r", "1-h", "1-k")));
            case "delay" -> {
                need(w, 1);
                m.put("delay", w.remove(0));
                while (!w.isEmpty()) {
                    String t = w.remove(0);
                    if (t.equalsIgnoreCase("jitter")) {
                        need(w, 1);
                        m.put("jitter", w.remove(0));
                    } else if (List.of("uniform", "normal", "pareto").contains(t.toLowerCase(Locale.ROOT))) {
                        m.put("distribution", t);
                    } else if (!m.containsKey("jitter")) {
                        m.put("jitter", t);      // netem style: delay 50ms 10ms
                    } else {
                        throw new IllegalArgumentException("unexpected '" + t + "'");
                    }
                }
            }
            case "reorder", "corrupt" -> {
                need(w, 1);
                m.put(verb, w.remove(0));
                String extra = verb.equals("reorder") ? "gap" : "bits";
                option(m, w, extra, verb + "_" + extra);
            }
            case "rate" -> {
                need(w, 1);
                m.put("rate", w.remove(0));
                while (!w.isEmpty()) {
                    String t = w.get(0).toLowerCase(Locale.ROOT);
                    if (t.equals("queue") || t.equals("bucket")) {
                        m.put("rate_mode", w.remove(0));
                    } else {
                        option(m, w, "burst", "burst");
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown clause '" + verb + "' (known: name, match, delay, "
                    + "loss, loss-ge, duplicate, reorder, corrupt, rate, limit, bandwidth)");
        }
    }

    private static void option(Map<String, Object> m, List<String> w, String word, String key) {
        if (w.isEmpty()) {
            return;
        }
        if (w.size() != 2 || !w.get(0).equalsIgnoreCase(word)) {
            throw new IllegalArgumentException("expected '" + word + " <value>', got '" + String.join(" ", w) + "'");
        }
        m.put(key, w.get(1));
        w.clear();
    }

    private static String one(List<String> w) {
        if (w.size() != 1) {
            throw new IllegalArgumentException("expected one value, got " + w.size());
        }
        return w.get(0);
    }

    private static void need(List<String> w, int n) {
        if (w.size() < n) {
            throw new IllegalArgumentException("missing value");
        }
    }

    /** key=value words; bare values fill {@code positional} names in order. */
    private static Map<String, Object> pairs(List<String> w, List<String> positional) {
        Map<String, Object> m = new LinkedHashMap<>();
        int next = 0;
        for (String t : w) {
            int eq = t.indexOf('=');
            if (eq > 0) {
                m.put(t.substring(0, eq), t.substring(eq + 1));
            } else if (t.equalsIgnoreCase("any") && positional.isEmpty()) {
                continue;
            } else if (next < positional.size()) {
                m.put(positional.get(next++), t);
            } else {
                throw new IllegalArgumentException("expected key=value, got '" + t + "'");
            }
        }
        return m;
    }
}
