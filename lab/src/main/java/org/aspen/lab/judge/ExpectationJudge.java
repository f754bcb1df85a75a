package org.aspen.lab.judge;

import java.util.Optional;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioCheck;

/**
 * Everything about one kind of expectation, for the loader and for both runners: which references
 * and units it checks when a scenario is loaded, what it watches while the scenario runs, how it is
 * judged at the end, and whether {@code aspen lab --processes} can judge it (else the one-line reason).
 * One instance per kind, stateless, found through {@link Judges}.
 *
 * <pre>{@code
 * ExpectationJudge<Scenario.PingRtt, ?> j = Judges.of(Scenario.PingRtt.class);
 * j.check(rtt, "expect[2]", check);                      // on load (ExpectationRules)
 * ExpectationResult r = j.judge(rtt, null, evidence);    // after a run, in either runner
 * }</pre>
 *
 * Both runners judge through the same {@link #judge}: the in-process runner and the process runner
 * each hand it an {@link Evidence} (what the run observed) and an {@link Observer} (how to look at
 * routes during the run), so a kind is judged the same way wherever it runs. A kind the process runner
 * cannot observe says so in {@link #refusedUnderProcesses}, and such a scenario is refused before any
 * process starts.
 *
 * @param <X> the expectation's record type
 * @param <W> what it watches during the run ({@link PathSamples}, ...), or {@code Void}
 */
public abstract class ExpectationJudge<X extends Scenario.Expectation, W> {
    private final Class<X> kind;

    protected ExpectationJudge(Class<X> kind) {
        this.kind = kind;
    }

    /** The expectation record this judge is for. */
    public final Class<X> kind() {
        return kind;
    }

    /** Checks {@code x} at {@code path} ({@code expect[i]}) in {@code c}'s scenario; throws {@code c.fail(...)}. */
    public abstract void check(X x, String path, ScenarioCheck c);

    /**
     * Starts what {@code x} must observe while the run lasts {@code durationNanos}, through {@code o};
     * returns what {@link #judge} reads back. Most kinds only read the end of the run (null).
     */
    public W watch(X x, long durationNanos, Observer o) {
        return null;
    }

    /** Judges {@code x} from what the run observed ({@code watched}: what {@link #watch} returned). */
    public abstract ExpectationResult judge(X x, W watched, Evidence e);

    /**
     * Empty when {@code aspen lab --processes} judges {@code x}; otherwise what cannot be run that way,
     * as the refusal names it (e.g. {@code expect type 'flow'}).
     */
    public Optional<String> refusedUnderProcesses(X x) {
        return Optional.empty();
    }
}
