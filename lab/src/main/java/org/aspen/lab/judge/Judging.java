package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.List;
import org.aspen.lab.scenario.Scenario;

/**
 * One run's judging: made before the run starts (each expectation starts what it watches, through
 * the runner's {@link Observer}), asked for the results once the run is over.
 *
 * <pre>{@code
 * Judging judging = Judges.start(scenario, duration, new NetObserver(net, scenario));
 * net.run(duration);
 * List<ExpectationResult> results = judging.results(new NetEvidence(...));   // in the file's order
 * }</pre>
 */
public final class Judging {
    private final Scenario s;
    /** What each expectation watches, by its index in {@code s.expect()}. */
    private final List<Object> watched = new ArrayList<>();

    Judging(Scenario s, long durationNanos, Observer o) {
        this.s = s;
        for (Scenario.Expectation x : s.expect()) {
            watched.add(Judges.of(x).watch(x, durationNanos, o));
        }
    }

    /** Every expectation judged from {@code e}, in the file's order. */
    public List<ExpectationResult> results(Evidence e) {
        List<ExpectationResult> out = new ArrayList<>();
        for (int i = 0; i < s.expect().size(); i++) {
            out.add(judge(Judges.of(s.expect().get(i)), s.expect().get(i), watched.get(i), e));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static <X extends Scenario.Expectation, W> ExpectationResult judge(ExpectationJudge<X, W> j,
                                                                                Scenario.Expectation x, Object w, Evidence e) {
        return j.judge(j.kind().cast(x), (W) w, e);
    }
}
