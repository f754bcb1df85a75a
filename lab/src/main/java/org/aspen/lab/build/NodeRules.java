package org.aspen.lab.build;

import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.lab.scenario.ScenarioRules;

/**
 * The loader's checks of a node's {@code acc} and {@code aas} fields, which need what this package
 * knows: what {@link NodeAcc} accepts and which AAs are bundled ({@link BundledAas}). Found by the
 * loader through {@code META-INF/services}.
 *
 * <pre>{@code
 * nodes:
 *   - {name: b, address: 10.0.0.2, acc: monitor, aas: [{name: flow-counter}]}   # both checked here
 * }</pre>
 */
public final class NodeRules implements ScenarioRules {
    @Override
    public void checkNode(ScenarioCheck c, String p, Scenario.NodeSpec n) {
        try {
            NodeAcc.parse(n.acc());
        } catch (IllegalArgumentException e) {
            throw c.fail(p + ".acc", e.getMessage());
        }
        for (int k = 0; k < n.aas().size(); k++) {
            Scenario.AaEntry aa = n.aas().get(k);
            String ap = p + ".aas[" + k + "]";
            if (aa == null || (aa.name() == null) == (aa.jar() == null)) {
                throw c.fail(ap, "give exactly one of 'name' (a bundled AA: " + String.join(", ", BundledAas.all().keySet())
                        + ") or 'jar' (a file)");
            }
            if (aa.name() != null && !BundledAas.all().containsKey(aa.name())) {
                throw c.fail(ap + ".name", "no bundled AA named '" + aa.name() + "' (bundled: "
                        + String.join(", ", BundledAas.all().keySet()) + ")");
            }
        }
    }
}
