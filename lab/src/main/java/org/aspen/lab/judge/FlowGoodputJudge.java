package org.aspen.lab.judge;

import java.util.Optional;
import org.aspen.lab.scenario.Scenario.FlowGoodput;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: flow, flow: bulk, minGoodput: 2Mbps, maxGoodput: 8Mbps}}: the bulk flow's goodput is
 * within the bounds. Not under {@code --processes}, which does not run bulk flows.
 */
final class FlowGoodputJudge extends ExpectationJudge<FlowGoodput, Void> {
    FlowGoodputJudge() {
        super(FlowGoodput.class);
    }

    @Override
    public void check(FlowGoodput f, String p, ScenarioCheck c) {
        var flows = c.scenario().workload().flows();
        boolean known = false;
        for (int k = 0; k < flows.size(); k++) {
            known |= flows.get(k).nameAt(k).equals(f.flow());
        }
        if (!known) {
            throw c.fail(p + ".flow", f.flow() == null ? "missing (a flow's name)" : "no flow named '" + f.flow() + "'");
        }
        if (f.minGoodput() == null && f.maxGoodput() == null) {
            throw c.fail(p, "give minGoodput, maxGoodput or both");
        }
        c.unit(p + ".minGoodput", f.minGoodput(), Units::bitsPerSecond);
        c.unit(p + ".maxGoodput", f.maxGoodput(), Units::bitsPerSecond);
    }

    @Override
    public ExpectationResult judge(FlowGoodput f, Void watched, Evidence e) {
        TransferOutcome run = e.transfer(f.flow());
        double g = run.sent() == null ? 0 : run.sent().goodputBps();
        boolean ok = run.sent() != null && (f.minGoodput() == null || g >= Units.bitsPerSecond(f.minGoodput()))
                && (f.maxGoodput() == null || g <= Units.bitsPerSecond(f.maxGoodput()));
        return new ExpectationResult("flow", "flow " + run.name() + " goodput", ok, Refs.bounds(f.minGoodput(), f.maxGoodput()),
                run.sent() == null ? "no summary" : Units.formatRate(Math.round(g)));
    }

    @Override
    public Optional<String> refusedUnderProcesses(FlowGoodput f) {
        return Optional.of("expect type 'flow'");   // bulk flows are not driven through control endpoints
    }
}
