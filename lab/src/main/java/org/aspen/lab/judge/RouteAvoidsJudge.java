package org.aspen.lab.judge;

import java.util.List;
import java.util.Map;
import org.aspen.lab.scenario.Scenario.RouteAvoids;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: route, from: a, to: c, avoids: b-c, via: [d], after: 6s, until: 8s, every: 100ms}}:
 * on every sample of the forwarding path the path is complete, avoids the link and passes the nodes.
 * Samples are taken through the runner's {@link Observer}, the last one a little before the end so
 * a real runtime still has every node running.
 */
final class RouteAvoidsJudge extends ExpectationJudge<RouteAvoids, PathSamples> {
    static final long DEFAULT_SAMPLE_EVERY = 100_000_000L;

    RouteAvoidsJudge() {
        super(RouteAvoids.class);
    }

    @Override
    public void check(RouteAvoids r, String p, ScenarioCheck c) {
        c.nodeRef(p + ".from", r.from());
        c.nodeRef(p + ".to", r.to());
        if (r.avoids() != null && !c.hasLink(r.avoids())) {
            throw c.fail(p + ".avoids", "no link named '" + r.avoids() + "'");
        }
        if (r.via() != null) {
            for (int k = 0; k < r.via().size(); k++) {
                c.nodeRef(p + ".via[" + k + "]", r.via().get(k));
            }
        }
        c.unit(p + ".after", r.after(), Units::nanos);
        c.unit(p + ".until", r.until(), Units::nanos);
        c.unit(p + ".every", r.every(), Units::nanos);
        if (r.after() != null && r.until() != null && Units.nanos(r.until()) <= Units.nanos(r.after())) {
            throw c.fail(p + ".until", "must be later than 'after'");
        }
    }

    @Override
    public PathSamples watch(RouteAvoids r, long duration, Observer o) {
        PathSamples samples = new PathSamples();
        long after = r.after() == null ? 0 : Units.nanos(r.after());
        long every = r.every() == null ? DEFAULT_SAMPLE_EVERY : Units.nanos(r.every());
        long end = r.until() != null ? Units.nanos(r.until()) : duration - Math.min(every, duration / 20);
        for (long t = after; t <= Math.max(after, end); t += every) {
            o.samplePath(t, r.from(), r.to(), samples::add);
        }
        return samples;
    }

    @Override
    public ExpectationResult judge(RouteAvoids r, PathSamples ps, Evidence e) {
        List<PathSample> samples = ps.samples();
        String bad = null;
        for (PathSample sm : samples) {
            if (!sm.complete()) {
                bad = "at " + Units.formatNanos(sm.atNanos()) + ": " + sm.path();
            } else if (r.avoids() != null && sm.links().contains(r.avoids())) {
                bad = "at " + Units.formatNanos(sm.atNanos()) + ": " + sm.path() + " uses " + r.avoids();
            } else if (r.via() != null && !sm.nodes().containsAll(r.via())) {
                bad = "at " + Units.formatNanos(sm.atNanos()) + ": " + sm.path() + " misses " + r.via();
            }
            if (bad != null) {
                break;
            }
        }
        StringBuilder desc = new StringBuilder("route " + r.from() + " -> " + r.to());
        if (r.avoids() != null) {
            desc.append(" avoids ").append(r.avoids());
        }
        if (r.via() != null) {
            desc.append(" via ").append(String.join(",", r.via()));
        }
        if (r.after() != null) {
            desc.append(" after ").append(r.after());
        }
        if (r.until() != null) {
            desc.append(" until ").append(r.until());
        }
        Map<String, Integer> seen = ps.pathCounts();
        String measured = samples.isEmpty() ? "no samples" : (bad != null ? bad + "; " : "") + "paths " + seen;
        return new ExpectationResult("route", desc.toString(), bad == null && !samples.isEmpty(),
                "a complete path on every sample", measured);
    }
}
