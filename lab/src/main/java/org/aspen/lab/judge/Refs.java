package org.aspen.lab.judge;

import java.util.Locale;
import java.util.function.Consumer;
import org.aspen.lab.scenario.ScenarioCheck;

/** Checks and wording several judges share. */
final class Refs {
    private Refs() {
    }

    /** The workload must ping from {@code from} to {@code to}, or there is nothing to judge. */
    static void pingWorkload(ScenarioCheck c, String p, String from, String to) {
        if (c.scenario().workload().pings().stream().noneMatch(g -> g.from().equals(from) && g.to().equals(to))) {
            throw c.fail(p, "no ping workload from '" + from + "' to '" + to + "' to judge");
        }
    }

    /** An rtt or loss expectation: known nodes, at least one bound that parses, a ping workload to judge. */
    static void pingBounds(ScenarioCheck c, String p, String from, String to, String min, String max, Consumer<String> parser) {
        c.nodeRef(p + ".from", from);
        c.nodeRef(p + ".to", to);
        if (min == null && max == null) {
            throw c.fail(p, "give min, max or both");
        }
        c.unit(p + ".min", min, parser);
        c.unit(p + ".max", max, parser);
        pingWorkload(c, p, from, to);
    }

    /** {@code ">= min and <= max"}, either side left out when not given. */
    static String bounds(Object min, Object max) {
        return (min == null ? "" : ">= " + min) + (min != null && max != null ? " and " : "") + (max == null ? "" : "<= " + max);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", v * 100);
    }

    /** Milliseconds to three decimals, as the report gives RTTs. */
    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
