package org.aspen.lab.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.AcnsTrend;
import org.aspen.rdp.CongestionControl;
import org.aspen.rdp.AntiEcnReno;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.rdp.ns2.Ns2AcnsReno;
import org.aspen.rdp.ns2.Ns2AntiEcnReno;
import org.aspen.rdp.ns2.Ns2Cubic;
import org.aspen.rdp.ns2.Ns2LinuxCubic;
import org.aspen.rdp.ns2.Ns2NewReno;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.aspen.rdp.ns2.Ns2Sack1;

/**
 * A transfer's or flow's {@code transport}: {@code rdp} (the default, RDP's own sender) or one of
 * ns-2.35's agents carried by RDP ({@code ns2-reno}, {@code ns2-newreno}, {@code ns2-sack1},
 * {@code ns2-cubic}: Agent/TCP/Linux with CUBIC; docs/rdp.md "ns-2.35 agents"), with its {@code ns2} map of Agent/TCP variables named as in ns-2 without the trailing
 * underscore. On {@code ns2-cubic} the map may also hold {@link #CUBIC_BETA} ({@code cubic.beta}: what
 * {@code $tcp set_ca_param cubic beta N} sets, 1-1024, ns-2's 819 when absent; without ACNS only).
 *
 * <pre>{@code
 * Supplier<CongestionControl> cc = Transports.agent("workload.flows[0]", "ns2-reno", Map.of("window", 64));
 * }</pre>
 */
public final class Transports {
    /** The values {@code transport} takes. */
    public static final List<String> NAMES = List.of("rdp", "ns2-reno", "ns2-newreno", "ns2-sack1", "ns2-cubic");
    /** The {@code ns2} map's key for CUBIC's beta on {@code ns2-cubic} (tcp-linux.cc:789-795, set_ca_param). */
    public static final String CUBIC_BETA = "cubic.beta";

    private Transports() {
    }

    /** True when {@code transport} names one of ns-2's agents. */
    public static boolean ns2(String transport) {
        return transport != null && !transport.equals("rdp");
    }

    /**
     * The strategy for an ns-2 transport with these overrides, or null for {@code rdp} (or none).
     * Throws ConfigException naming {@code path}'s field for an unknown transport, an {@code ns2} map
     * without an ns-2 transport, or a bad variable.
     */
    public static Supplier<CongestionControl> agent(String path, String transport, Map<String, Object> ns2) {
        return agent(path, transport, ns2, (field, what) -> new ConfigException(field + ": " + what));
    }

    /** As {@link #agent(String, String, Map)}, with the errors made by {@code fail(fieldPath, what)}. */
    public static Supplier<CongestionControl> agent(String path, String transport, Map<String, Object> ns2,
                                                    BiFunction<String, String, ConfigException> fail) {
        if (transport != null && !NAMES.contains(transport)) {
            throw fail.apply(path + ".transport", "'" + transport + "' is not one of " + String.join(", ", NAMES));
        }
        if (!ns2(transport)) {
            if (ns2 != null && !ns2.isEmpty()) {
                throw fail.apply(path + ".ns2", "only with an ns-2 transport (ns2-reno, ns2-newreno, ns2-sack1, ns2-cubic)");
            }
            return null;
        }
        if ("ns2-cubic".equals(transport)) {
            Integer beta = cubicBeta(path, ns2, fail);
            Ns2Params lp = params(path, withoutCubicBeta(ns2), fail, Ns2Params.linuxDefaults());
            return beta == null ? () -> new Ns2LinuxCubic(lp) : () -> new Ns2LinuxCubic(lp, beta);
        }
        if (ns2 != null && ns2.containsKey(CUBIC_BETA)) {
            throw fail.apply(path + ".ns2." + CUBIC_BETA, "only with transport ns2-cubic, not " + transport);
        }
        Ns2Params p = params(path, ns2, fail);
        return switch (transport) {
            case "ns2-reno" -> () -> new Ns2Reno(p);
            case "ns2-newreno" -> () -> new Ns2NewReno(p);
            default -> () -> new Ns2Sack1(p);
        };
    }

    /**
     * As {@link #agent(String, String, Map)}, with ACNS's sender when {@code acns}: on {@code ns2-reno} that is
     * {@link Ns2AcnsReno} (ACNS built on ns-2's Reno), on {@code ns2-cubic} {@link Ns2AcnsCubic} (on ns-2's Linux
     * CUBIC, preregistration/acns-cubic.yaml); ACNS on the other ns-2 agents is an error naming
     * {@code path.acns}. Null for {@code rdp} (RDP's own sender, with AcnsReno chosen by the caller).
     */
    public static Supplier<CongestionControl> agent(String path, String transport, Map<String, Object> ns2, boolean acns) {
        return agent(path, transport, ns2, acns, AcnsReno.Reading.PAPER);
    }

    /** As {@link #agent(String, String, Map, boolean)}, ACNS's sender reading its commands as {@code reading}. */
    public static Supplier<CongestionControl> agent(String path, String transport, Map<String, Object> ns2, boolean acns,
                                                    AcnsReno.Reading reading) {
        return agent(path, transport, ns2, acns, reading, Ns2AcnsCubic.CubicReading.PRIMARY);
    }

    /** As above, ACNS on {@code ns2-cubic} reading equation 9 as {@code cubicReading} (ignored on other transports). */
    public static Supplier<CongestionControl> agent(String path, String transport, Map<String, Object> ns2, boolean acns,
                                                    AcnsReno.Reading reading, Ns2AcnsCubic.CubicReading cubicReading) {
        Supplier<CongestionControl> plain = agent(path, transport, ns2);
        if (plain == null || !acns) {
            return plain;
        }
        if ("ns2-cubic".equals(transport)) {
            if (ns2 != null && ns2.containsKey(CUBIC_BETA)) {
                throw new ConfigException(path + ".ns2." + CUBIC_BETA + ": not with ACNS (ACNS's trends set the window at a loss)");
            }
            Ns2Params lp = params(path, ns2, (field, what) -> new ConfigException(field + ": " + what), Ns2Params.linuxDefaults());
            return () -> new Ns2AcnsCubic(lp, AcnsTrend.Params.DEFAULTS, reading, cubicReading);
        }
        if (!"ns2-reno".equals(transport)) {
            throw new ConfigException(path + ".acns: runs on transport rdp, ns2-reno or ns2-cubic only, not on " + transport);
        }
        Ns2Params p = params(path, ns2);
        return () -> new Ns2AcnsReno(p, AcnsTrend.Params.DEFAULTS, reading);
    }

    /**
     * As {@link #agent(String, String, Map)}, with AntiECN's increase (Delta = W) when the transport is
     * {@code ns2-reno}: {@link Ns2AntiEcnReno}, AntiECN built on ns-2's Reno as the AntiECN
     * experiment's ns-2 baseline runs it; AntiECN on the other ns-2 agents is an error naming
     * {@code path.aecn}. Null for {@code rdp} (RDP's own sender, with AntiEcnReno chosen by the caller).
     */
    public static Supplier<CongestionControl> antiEcnAgent(String path, String transport, Map<String, Object> ns2) {
        Supplier<CongestionControl> plain = agent(path, transport, ns2);
        if (plain == null) {
            return null;
        }
        if (!"ns2-reno".equals(transport)) {
            throw new ConfigException(path + ".aecn: runs on transport rdp or ns2-reno only, not on " + transport);
        }
        Ns2Params p = params(path, ns2);
        return () -> new Ns2AntiEcnReno(p, AntiEcnReno.Delta.WINDOW);
    }

    /** {@code ns2}'s {@link #CUBIC_BETA}, or null when absent; a bad value is an error naming the field. */
    private static Integer cubicBeta(String path, Map<String, Object> ns2, BiFunction<String, String, ConfigException> fail) {
        if (ns2 == null || !ns2.containsKey(CUBIC_BETA)) {
            return null;
        }
        Object v = ns2.get(CUBIC_BETA);
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())
                || n.doubleValue() < 1 || n.doubleValue() > Ns2Cubic.MAX_BETA) {
            throw fail.apply(path + ".ns2." + CUBIC_BETA, "must be a whole number 1-" + Ns2Cubic.MAX_BETA + " (/1024), got '" + v + "'");
        }
        return n.intValue();
    }

    private static Map<String, Object> withoutCubicBeta(Map<String, Object> ns2) {
        if (ns2 == null || !ns2.containsKey(CUBIC_BETA)) {
            return ns2;
        }
        Map<String, Object> m = new LinkedHashMap<>(ns2);
        m.remove(CUBIC_BETA);
        return m;
    }

    /** The Agent/TCP variables of an ns-2 transport: ns-2.35's defaults with {@code ns2}'s overrides. */
    public static Ns2Params params(String path, Map<String, Object> ns2) {
        return params(path, ns2, (field, what) -> new ConfigException(field + ": " + what));
    }

    private static Ns2Params params(String path, Map<String, Object> ns2,
                                    BiFunction<String, String, ConfigException> fail) {
        return params(path, ns2, fail, Ns2Params.defaults());
    }

    /** {@code base}'s variables with {@code ns2}'s overrides (Agent/TCP/Linux starts from its own defaults). */
    private static Ns2Params params(String path, Map<String, Object> ns2,
                                    BiFunction<String, String, ConfigException> fail, Ns2Params base) {
        Map<String, Number> values = new LinkedHashMap<>();
        if (ns2 != null) {
            for (Map.Entry<String, Object> e : ns2.entrySet()) {
                Object v = e.getValue();
                if (v instanceof Boolean b) {
                    values.put(e.getKey(), b ? 1 : 0);
                } else if (v instanceof Number n) {
                    values.put(e.getKey(), n);
                } else {
                    throw fail.apply(path + ".ns2." + e.getKey(), "'" + v + "' is not a number or true/false");
                }
            }
        }
        try {
            return base.with(values);
        } catch (IllegalArgumentException e) {
            // Ns2Params says "ns2.NAME what"
            String m = e.getMessage();
            int space = m.indexOf(' ');
            throw fail.apply(path + "." + m.substring(0, space), m.substring(space + 1));
        }
    }
}
