package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.scenario.Scenario;

/**
 * The judge of every expectation kind, by the kind's record class (a permitted subtype of the sealed
 * {@link Scenario.Expectation}). A kind without a judge is a programming error, caught when the
 * registry is built and by {@code JudgesTest}.
 *
 * <pre>{@code
 * Judging j = Judges.start(scenario, duration, observer);   // before the run: schedules route samples
 * ... run ...
 * List<ExpectationResult> results = j.results(evidence);   // after it
 * List<String> no = Judges.refusedUnderProcesses(scenario); // what --processes cannot judge
 * }</pre>
 */
public final class Judges {
    private static final Map<Class<?>, ExpectationJudge<?, ?>> BY_KIND = index(List.of(
            new PingsAnsweredJudge(), new RouteAvoidsJudge(), new ReachableJudge(), new TracePathJudge(),
            new CounterBoundJudge(), new TransferDoneJudge(), new FlowGoodputJudge(), new PingRttJudge(),
            new PingLossJudge(), new TransferStatJudge()));

    private Judges() {
    }

    private static Map<Class<?>, ExpectationJudge<?, ?>> index(List<ExpectationJudge<?, ?>> judges) {
        Map<Class<?>, ExpectationJudge<?, ?>> m = new LinkedHashMap<>();
        for (ExpectationJudge<?, ?> j : judges) {
            if (m.put(j.kind(), j) != null) {
                throw new IllegalStateException("two judges for " + j.kind().getSimpleName());
            }
        }
        for (Class<?> kind : Scenario.Expectation.class.getPermittedSubclasses()) {
            if (!m.containsKey(kind)) {
                throw new IllegalStateException("no judge for expectation kind " + kind.getSimpleName());
            }
        }
        return Map.copyOf(m);
    }

    /** The judge of {@code kind}. */
    @SuppressWarnings("unchecked")
    public static <X extends Scenario.Expectation> ExpectationJudge<X, ?> of(Class<X> kind) {
        ExpectationJudge<?, ?> j = BY_KIND.get(kind);
        if (j == null) {
            throw new IllegalStateException("no judge for expectation kind " + kind.getName());
        }
        return (ExpectationJudge<X, ?>) j;
    }

    /** The judge of {@code x}'s kind. */
    @SuppressWarnings("unchecked")
    static <X extends Scenario.Expectation> ExpectationJudge<X, ?> of(X x) {
        return of((Class<X>) x.getClass());
    }

    /** Starts watching {@code s}'s expectations for a run of {@code durationNanos}; see {@link Judging}. */
    public static Judging start(Scenario s, long durationNanos, Observer o) {
        return new Judging(s, durationNanos, o);
    }

    /**
     * What of {@code s}'s expectations {@code aspen lab --processes} cannot judge, each named once in
     * the order the file has them (empty: all can be judged).
     */
    public static List<String> refusedUnderProcesses(Scenario s) {
        List<String> no = new ArrayList<>();
        for (Scenario.Expectation x : s.expect()) {
            of(x).refusedUnderProcesses(x).filter(r -> !no.contains(r)).ifPresent(no::add);
        }
        return no;
    }
}
