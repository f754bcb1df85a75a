package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The path samples of one {@code route} expectation, added from any thread as walks finish.
 *
 * <pre>{@code
 * PathSamples ps = new PathSamples();
 * observer.samplePath(t, "a", "c", ps::add);
 * ps.pathCounts();   // {a>b>c=39, a>d>c=21}
 * }</pre>
 */
public final class PathSamples {
    private final List<PathSample> samples = Collections.synchronizedList(new ArrayList<>());

    public void add(PathSample sample) {
        samples.add(sample);
    }

    /** The samples in time order. */
    public List<PathSample> samples() {
        synchronized (samples) {
            List<PathSample> copy = new ArrayList<>(samples);
            copy.sort((a, b) -> Long.compare(a.atNanos(), b.atNanos()));
            return copy;
        }
    }

    /** Distinct paths seen, in order of first appearance, with how often. */
    public Map<String, Integer> pathCounts() {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (PathSample s : samples()) {
            m.merge(s.path(), 1, Integer::sum);
        }
        return m;
    }
}
