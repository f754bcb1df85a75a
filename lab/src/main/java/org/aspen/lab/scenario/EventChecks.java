package org.aspen.lab.scenario;

import org.aspen.vnet.config.Units;

/** The timed events' checks, part of {@link ScenarioCheck}: one action each, on links and nodes that exist. */
final class EventChecks {
    private final ScenarioCheck c;
    private final Scenario s;

    EventChecks(ScenarioCheck c) {
        this.c = c;
        this.s = c.scenario();
    }

    void check() {
        for (int i = 0; i < s.events().size(); i++) {
            Scenario.EventSpec e = s.events().get(i);
            String p = "events[" + i + "]";
            if (e.at() == null) {
                throw c.fail(p + ".at", "missing (when, e.g. 5s)");
            }
            c.unit(p + ".at", e.at(), Units::nanos);
            int actions = (e.down() == null ? 0 : 1) + (e.up() == null ? 0 : 1) + (e.flakeway() == null ? 0 : 1)
                    + (e.queue() == null ? 0 : 1);
            if (actions != 1) {
                throw c.fail(p, "give exactly one of 'down: LINK', 'up: LINK', 'flakeway: {node, set|clear}'"
                        + " or 'queue: {link, set}'");
            }
            if (e.queue() != null) {
                queue(p, e.queue());
            } else if (e.flakeway() != null) {
                Scenario.FlakewayChange fc = e.flakeway();
                c.nodeRef(p + ".flakeway.node", fc.node());
                if ((fc.set() == null) == (fc.clear() == null)) {
                    throw c.fail(p + ".flakeway", "give exactly one of 'set: [rules]' or 'clear: NAME|all'");
                }
                if (fc.set() != null) {
                    c.flakewayRules(p + ".flakeway.set", fc.set());
                }
            } else {
                String link = e.down() != null ? e.down() : e.up();
                if (!c.hasLink(link)) {
                    throw c.fail(p + (e.down() != null ? ".down" : ".up"), "no link named '" + link + "' (links: "
                            + String.join(", ", s.links().stream().map(Scenario.LinkSpec::linkName).toList()) + ")");
                }
            }
        }
    }

    private void queue(String p, Scenario.QueueChange q) {
        Scenario.LinkSpec l = q.link() == null ? null : s.link(q.link());
        if (l == null) {
            throw c.fail(p + ".queue.link", q.link() == null ? "missing" : "no link named '" + q.link() + "'");
        }
        if (q.node() != null && !l.between().contains(q.node())) {
            throw c.fail(p + ".queue.node", "'" + q.node() + "' is not an end of link " + q.link());
        }
        if (q.set() == null) {
            throw c.fail(p + ".queue.set", "missing (a discipline, e.g. red or {kind: red, min_th: 5})");
        }
        try {
            QueueSpecs.discipline(q.set(), QueueSpecs.bufferLimit(l.buffer()));
        } catch (IllegalArgumentException ex) {
            throw c.fail(p + ".queue.set", ex.getMessage());
        }
    }
}
