package org.aspen.flakeway;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.aspen.ee.AaInstance;
import org.aspen.ee.ExecutionEnvironment;

/**
 * Starts and drives the {@link FlakewayAa} on a node's EE: the host side, for the lab, {@code aspen
 * node} and {@link FlakewayCommands}.
 *
 * <pre>{@code
 * FlakewayControl fw = FlakewayAas.start(ee, List.of(RuleSpecs.parse("name wan; delay 20ms")));
 * fw.set(RuleSpecs.parse("name wan; delay 50ms"));     // on the node's loop
 * }</pre>
 *
 * The AA ships as a jar built from the class path ({@link #jar}); starting it puts that jar's
 * digest on the node's allow-list (a bundled AA: labs trust them, and this call is the operator's).
 */
public final class FlakewayAas {
    public static final String NAME = "flakeway";
    public static final String VERSION = "1.0";
    private static byte[] jar;

    private FlakewayAas() {
    }

    /** The flakeway AA's jar (built once per process; the same build gives the same digest). */
    public static synchronized byte[] jar() {
        if (jar == null) {
            jar = AaJar.build(FlakewayAa.class, NAME, VERSION, "netem-style impairments (delay, loss, duplication, "
                    + "reordering, corruption, rate) on the packets its rules match");
        }
        return jar.clone();
    }

    /**
     * Starts the flakeway AA on {@code ee} with {@code rules} (in order), or, when it already runs,
     * sets the rules on it. Call on the node's loop.
     *
     * @throws org.aspen.ee.AaException when the EE refuses to start it
     */
    public static FlakewayControl start(ExecutionEnvironment ee, List<RuleSpec> rules) {
        AaInstance running = ee.running(NAME);
        if (running != null) {
            FlakewayControl c = control(running);
            rules.forEach(c::set);
            return c;
        }
        byte[] j = jar();
        ee.trust().allowJar(j);
        return control(ee.startAa(j, params(rules)));
    }

    /** Control of the flakeway AA running on {@code ee}, or null when none runs. */
    public static FlakewayControl find(ExecutionEnvironment ee) {
        AaInstance i = ee.running(NAME);
        return i == null ? null : control(i);
    }

    /** Start parameters carrying {@code rules}: {@code rule.1}, {@code rule.2}, ... */
    public static Map<String, String> params(List<RuleSpec> rules) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < rules.size(); i++) {
            m.put("rule." + (i + 1), rules.get(i).toString());
        }
        return m;
    }

    /** Control of a running flakeway AA instance. */
    public static FlakewayControl control(AaInstance instance) {
        if (!(instance.app() instanceof BiFunction<?, ?, ?>) || !instance.name().equals(NAME)) {
            throw new IllegalArgumentException(instance.id() + " is not the flakeway AA");
        }
        return new AaControl(instance);
    }

    /** Calls into the AA through the JDK interface it implements (its classes are its loader's own). */
    private record AaControl(AaInstance instance) implements FlakewayControl {
        @SuppressWarnings("unchecked")
        private Object call(String verb, String arg) {
            if (!instance.isRunning()) {
                throw new IllegalArgumentException("the flakeway AA on this node is not running ("
                        + (instance.stopReason() == null ? instance.state() : instance.stopReason()) + ")");
            }
            return ((BiFunction<String, String, Object>) instance.app()).apply(verb, arg);
        }

        @Override
        public void set(RuleSpec rule) {
            call("set", rule.toString());
        }

        @Override
        public boolean clear(String name) {
            return ((Integer) call("clear", name)) > 0;
        }

        @Override
        public int clearAll() {
            return (Integer) call("clear", "");
        }

        @SuppressWarnings("unchecked")
        @Override
        public Map<String, Object> show() {
            return (Map<String, Object>) call("show", "");
        }
    }
}
