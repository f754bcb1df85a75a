package org.aspen.experiments.acc;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.aspen.experiments.acc.AccFigure4Experiment.Params;
import org.aspen.experiments.acc.AccFigure4Experiment.Summary;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.sweep.DelayGrid.RunSpec;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;

/**
 * {@code aspen experiment acc-figure4 --preregistered} (issue 29): the acc-figure4 sweep on an ns-2
 * baseline and the same sweep on Aspen RDP, in one invocation, judged by the pre-registered readings
 * ({@code preregistration/acc-figure4.yaml}, {@link AccReadings}). The ns-2 sweep writes the files
 * {@link AccFigure4Experiment} writes; the RDP sweep writes {@code rdp-runs.csv} and
 * {@code rdp-summary.csv} beside them and is in {@code summary.json} as {@code rdpSensitivity};
 * {@code paperComparison} holds the judged rows, each with its "Aspen RDP" cell, and
 * {@code preregistration} names the file and its git blob.
 *
 * <pre>{@code
 * var params = new AccFigure4Experiment.Params(10, List.of(10, 50, 100, 200, 300), List.of(Config.values()),
 *         Setup.defaults(200).withBaseline(AccBaseline.NS2));
 * Sweep.run(new AccFigure4Preregistered(params), new Sweep.Options(1, Path.of("acc"), false), printWriter);
 * }</pre>
 */
public final class AccFigure4Preregistered implements Experiment<AccFigure4Preregistered.Spec, AccFigure4Run, Summary> {
    /** The pre-registration's name, as {@code aspen experiment} names the experiment. */
    public static final String NAME = "acc-figure4";
    private final AccFigure4Experiment primary;
    private final AccFigure4Experiment rdp;
    private final Preregistration pre;

    /** One run: which sweep (the primary baseline or RDP) and its config, delay and seed. */
    public record Spec(AccBaseline baseline, RunSpec<Config> run) {
    }

    /** @throws IllegalArgumentException when {@code params}' baseline is RDP (the sensitivity cannot be the primary) */
    public AccFigure4Preregistered(Params params) {
        this(params, Preregistration.load(NAME));
    }

    AccFigure4Preregistered(Params params, Preregistration pre) {
        if (!params.setup().baseline().ns2()) {
            throw new IllegalArgumentException("--preregistered: the primary baseline must be an ns-2 one (ns2, ns2-2.35, ns2-wide), "
                    + "not " + params.setup().baseline().id() + ": Aspen RDP is the sensitivity column");
        }
        this.primary = new AccFigure4Experiment(params);
        this.rdp = new AccFigure4Experiment(new Params(params.seeds(), params.delays(), params.configs(),
                params.setup().withBaseline(AccBaseline.RDP)));
        this.pre = pre;
    }

    public Params params() {
        return primary.params();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String parameters() {
        return "preregistered " + pre.ref() + " " + primary.params();
    }

    @Override
    public List<Spec> plan() {
        List<Spec> plan = new ArrayList<>();
        primary.plan().forEach(r -> plan.add(new Spec(primary.params().setup().baseline(), r)));
        rdp.plan().forEach(r -> plan.add(new Spec(AccBaseline.RDP, r)));
        return plan;
    }

    @Override
    public Comparator<Spec> startOrder() {
        return Comparator.comparingInt((Spec s) -> s.run().delayMs()).reversed();
    }

    @Override
    public AccFigure4Run run(Spec s) throws InterruptedException {
        return (s.baseline() == AccBaseline.RDP ? rdp : primary).run(s.run());
    }

    @Override
    public Summary summarise(List<AccFigure4Run> runs, double wallSeconds) {
        int n = primary.plan().size();
        List<AccFigure4Run> ns2 = runs.subList(0, n);
        List<AccFigure4Run> rdpRuns = runs.subList(n, runs.size());
        Summary s = primary.summarise(ns2, wallSeconds);
        return s.preregistered(AccReadings.rows(pre, ns2, rdpRuns), pre.ref(), rdp.summarise(rdpRuns, wallSeconds), s.wallSeconds());
    }

    @Override
    public void write(Outcome<AccFigure4Run, Summary> done) throws IOException {
        primary.write(primaryOutcome(done), "", true);
        rdp.write(rdpOutcome(done), "rdp-", false);
    }

    @Override
    public void print(PrintWriter o, Outcome<AccFigure4Run, Summary> done) {
        o.println("ns-2 baseline (" + primary.params().setup().baseline().id() + "), the primary reading:");
        primary.printTables(o, primaryOutcome(done));
        o.println("Aspen RDP, the sensitivity column:");
        rdp.printTables(o, rdpOutcome(done));
        o.println("Judged by " + pre.source() + " (git blob " + pre.gitBlob() + "):");
        o.print(PaperComparison.markdown(done.summary().paperComparison()));
    }

    private Outcome<AccFigure4Run, Summary> primaryOutcome(Outcome<AccFigure4Run, Summary> done) {
        return new Outcome<>(done.runs().subList(0, primary.plan().size()), done.summary(), done.wallSeconds(), done.dir());
    }

    private Outcome<AccFigure4Run, Summary> rdpOutcome(Outcome<AccFigure4Run, Summary> done) {
        return new Outcome<>(done.runs().subList(primary.plan().size(), done.runs().size()), done.summary().rdpSensitivity(),
                done.wallSeconds(), done.dir());
    }
}
