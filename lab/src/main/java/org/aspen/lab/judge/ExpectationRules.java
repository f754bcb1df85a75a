package org.aspen.lab.judge;

import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.lab.scenario.ScenarioRules;

/**
 * The loader's checks of expectations: each by its kind's judge ({@link ExpectationJudge#check}).
 * Found by the loader through {@code META-INF/services}.
 *
 * <pre>{@code
 * expect:
 *   - {type: rtt, from: a, to: c, max: 50ms}   # 'no ping workload from 'a' to 'c' to judge' when there is none
 * }</pre>
 */
public final class ExpectationRules implements ScenarioRules {
    @Override
    public void checkExpectation(ScenarioCheck c, String path, Scenario.Expectation x) {
        check(Judges.of(x), x, path, c);
    }

    private static <X extends Scenario.Expectation> void check(ExpectationJudge<X, ?> j, Scenario.Expectation x, String path,
                                                               ScenarioCheck c) {
        j.check(j.kind().cast(x), path, c);
    }
}
