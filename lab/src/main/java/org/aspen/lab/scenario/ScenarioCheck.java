package org.aspen.lab.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.aspen.vnet.config.Units;

/**
 * The meaning checks of one scenario, run by {@link ScenarioLoader} after parsing: each failure is
 * one {@link ConfigException} naming the file, the field path and the problem. The sections
 * (topology, workload, events, auth) live beside it; checks that need other parts of the lab come
 * from {@link ScenarioRules}, which get this object to report through.
 *
 * <pre>{@code
 * c.nodeRef(path + ".from", x.from());                       // "no node named 'q' (nodes: a, b)"
 * c.unit(path + ".max", x.max(), Units::nanos);     // the parser's message, at that path
 * if (x.max() == null) throw c.fail(path, "give min, max or both");
 * }</pre>
 */
public final class ScenarioCheck {
    private final String label;
    private final Scenario s;

    ScenarioCheck(String label, Scenario s) {
        this.label = label;
        this.s = s;
    }

    public Scenario scenario() {
        return s;
    }

    /** The error for {@code path}: {@code "FILE: PATH: WHAT"}. */
    public ConfigException fail(String path, String what) {
        return new ConfigException(label + ": " + path + ": " + what);
    }

    /** Parses {@code value} (when given) with {@code parser}; its message becomes the error at {@code path}. */
    public void unit(String path, String value, Consumer<String> parser) {
        if (value == null) {
            return;
        }
        try {
            parser.accept(value);
        } catch (IllegalArgumentException e) {
            throw fail(path, e.getMessage());
        }
    }

    /**
     * Parses {@code value} (when given) like {@link #unit} and refuses zero: a rate, an interval or a
     * timer of nothing is impossible ({@code bandwidth: 0bps}, {@code interval: 0s}).
     */
    public void positive(String path, String value, ToLongFunction<String> parser) {
        if (value == null) {
            return;
        }
        long v;
        try {
            v = parser.applyAsLong(value);
        } catch (IllegalArgumentException e) {
            throw fail(path, e.getMessage());
        }
        if (v <= 0) {
            throw fail(path, "'" + value + "' must be above zero");
        }
    }

    /** {@code name} must be a node of the scenario. */
    public void nodeRef(String path, String name) {
        if (name == null) {
            throw fail(path, "missing (name a node)");
        }
        if (s.node(name) == null) {
            throw fail(path, "no node named '" + name + "' (nodes: "
                    + String.join(", ", s.nodes().stream().map(Scenario.NodeSpec::name).toList()) + ")");
        }
    }

    /** Whether the scenario has a link named {@code name}. */
    public boolean hasLink(String name) {
        return s.link(name) != null;
    }

    /** Flakeway rules (a node's {@code flakeway}, an event's {@code set}): each parses, names are unique. */
    void flakewayRules(String path, List<Map<String, Object>> rules) {
        Set<String> names = new HashSet<>();
        for (int k = 0; k < rules.size(); k++) {
            org.aspen.flakeway.RuleSpec r;
            try {
                r = org.aspen.flakeway.RuleSpecs.fromMap(rules.get(k));
            } catch (IllegalArgumentException | ClassCastException e) {
                throw fail(path + "[" + k + "]", e.getMessage());
            }
            if (!names.add(r.name())) {
                throw fail(path + "[" + k + "].name", "duplicate rule name '" + r.name() + "'");
            }
        }
    }

    /** Every check, in the order the file reads; the first failure is thrown. */
    void run() {
        if (s.name() == null || s.name().isBlank()) {
            throw fail("name", "missing (give the scenario a name)");
        }
        unit("duration", s.duration(), Units::nanos);
        if (s.duration() != null && s.durationNanos() <= 0) {
            throw fail("duration", "must be positive");
        }
        if (!s.routing().equals("auto") && !s.routing().equals("static")) {
            throw fail("routing", "'" + s.routing() + "' is not 'auto' or 'static'");
        }
        positive("timers.hello", s.timers().hello(), Units::nanos);
        positive("timers.dead", s.timers().dead(), Units::nanos);
        positive("timers.lsaRefresh", s.timers().lsaRefresh(), Units::nanos);
        if (s.timers().hello() != null && s.timers().dead() != null
                && Units.nanos(s.timers().dead()) <= Units.nanos(s.timers().hello())) {
            throw fail("timers.dead", "must be longer than timers.hello");
        }
        List<ScenarioRules> rules = Rules.ALL;
        TopologyChecks topology = new TopologyChecks(this);
        topology.nodes(rules);
        topology.links();
        topology.routes();
        new WorkloadChecks(this).check();
        new EventChecks(this).check();
        for (int i = 0; i < s.expect().size(); i++) {
            Scenario.Expectation x = s.expect().get(i);
            String p = "expect[" + i + "]";
            if (x == null) {
                throw fail(p, "empty entry");
            }
            for (ScenarioRules r : rules) {
                r.checkExpectation(this, p, x);
            }
        }
        AuthChecks.check(this);
        topology.capture();
    }

    /** The rules on the class path, found once. */
    private static final class Rules {
        static final List<ScenarioRules> ALL = load();

        private static List<ScenarioRules> load() {
            List<ScenarioRules> all = new ArrayList<>();
            ServiceLoader.load(ScenarioRules.class, ScenarioRules.class.getClassLoader()).forEach(all::add);
            if (all.isEmpty()) {
                // without them expectations and AAs would go unchecked: fail loudly instead
                throw new IllegalStateException("no " + ScenarioRules.class.getName()
                        + " on the class path (META-INF/services of the lab module)");
            }
            return List.copyOf(all);
        }
    }
}
