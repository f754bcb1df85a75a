package org.aspen.lab.scenario;

/**
 * Checks of a scenario that need more than the file format: which AAs are bundled and what ACC
 * accepts (the lab's builders), what each expectation kind refers to (its judge). The loader finds
 * them with {@link java.util.ServiceLoader} ({@code META-INF/services/org.aspen.lab.scenario.ScenarioRules}),
 * so this package depends on no other package of the lab while every load still checks everything.
 *
 * <pre>{@code
 * public final class NodeRules implements ScenarioRules {
 *     public void checkNode(ScenarioCheck c, String path, Scenario.NodeSpec n) {
 *         if (bad(n.acc())) throw c.fail(path + ".acc", "...");
 *     }
 * }
 * }</pre>
 *
 * Each method throws {@link ConfigException} (made by {@link ScenarioCheck#fail}) for the first problem.
 */
public interface ScenarioRules {
    /** Checks node {@code n} at {@code path} ({@code nodes[i]}), after its own fields. */
    default void checkNode(ScenarioCheck c, String path, Scenario.NodeSpec n) {
    }

    /** Checks expectation {@code x} (not null) at {@code path} ({@code expect[i]}). */
    default void checkExpectation(ScenarioCheck c, String path, Scenario.Expectation x) {
    }
}
