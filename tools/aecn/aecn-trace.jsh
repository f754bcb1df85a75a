// One single-flow run of `aspen experiment aecn` (Experiment 1 or 2) wired exactly as AecnRun.simulate wires it
// (AecnRun.scenario through NodeStack.topology and WorkloadScheduler.start), stepped every `step` seconds (default
// one RTT), printing what tools/aecn/exp-antiecn.tcl's 'trace' prints on ns-2.35 patched with AntiECN: time,
// cwnd, ssthresh, data packets sent, the AntiECN layer's arrivals / kept / cleared, the sender's aggressive ACKs.
// The two traces side by side give the first step where Aspen and ns-2 differ (docs/traces/aecn-contradictions.md,
// section 6). Run from the worktree's root:
//   jshell --class-path cli/target/aspen.jar -R-Drtt=200 -R-Deta=0.75 [-R-Db=2500] [-R-Dstep=0.2] tools/aecn/aecn-trace.jsh
// b: the AECN virtual buffer in 1000-byte packets (default one BDP); k = 0.1, 1000 RTTs, the ns2 baseline.
import java.util.Map;
import org.aspen.experiments.aecn.*;
import org.aspen.lab.run.WorkloadScheduler;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.stack.NodeStack;
import org.aspen.rdp.*;
import org.aspen.rdp.ns2.Ns2AntiEcnReno;
import org.aspen.rdp.transfer.*;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.qdisc.AntiEcn;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.time.Seeds;

int rtt = Integer.getInteger("rtt", 40);
double eta = Double.parseDouble(System.getProperty("eta", "0.75"));
long C = 100_000_000L;                                  // k = 0.1, as the committed runs
int bdp = (int) Math.round(C * rtt / 1e3 / 8 / AecnRun.FRAME);
int b = Integer.getInteger("b", bdp);
double step = Double.parseDouble(System.getProperty("step", Double.toString(rtt / 1e3)));
AecnRun.Setup s = new AecnRun.Setup(rtt, eta, b, 1, 1000 * rtt / 1e3, C, bdp, bdp, 1.0, 1, AecnBaseline.NS2);
Scenario sc = AecnRun.scenario(s);
SimNetwork net = new SimNetwork(s.seed());
Map<String, NodeStack> nodes = NodeStack.topology(sc, net, NodeStack.Mode.SIMULATED);
Link bottleneck = net.node("r").link("r-d");
Scenario.FlowSpec f = sc.workload().flows().get(0);
TransferSender[] flow = new TransferSender[1];
WorkloadScheduler.Flow wf = new WorkloadScheduler.Flow(f.nameAt(0), f.from(), f.to(), f.portAt(0), Units.nanos(f.start()), null,
        f.priority(), WorkloadScheduler.options(f.asTransfer(f.name()), f.name(), RdpOptions.defaults().withMaxSamples(0)));
WorkloadScheduler.start(net, nodes.get(f.from()).rdp(), nodes.get(f.to()).rdp(), wf, new WorkloadScheduler.Ends() {
    public ByteSource source() { return ByteSource.seeded(Seeds.derive(s.seed(), "flow", "0"), Long.MAX_VALUE / 2); }
    public void started(TransferSender sender) { flow[0] = sender; }
});
AntiEcn layer = (AntiEcn) bottleneck.discipline();
System.out.println("time_s,cwnd,ssthresh,data_packets,aecn_arrivals,aecn_kept,aecn_cleared,aggressive_acks");
long end = Math.round(s.durationSeconds() * 1e9);
for (long k = 1; Math.round(k * step * 1e9) < end; k++) {
    long t = Math.round(k * step * 1e9);
    net.run(t - net.now());
    RdpConnection c = flow[0] == null ? null : flow[0].connection();
    boolean open = c != null && c.state() == RdpConnection.State.OPEN;
    Map<String, Object> m = layer.describe();
    long aggr = open && c.congestionControl() instanceof Ns2AntiEcnReno a ? a.aggressiveAcks() : 0;
    System.out.printf("%.6f,%.4f,%d,%d,%d,%d,%d,%d%n", t / 1e9, open ? c.congestionState().cwnd() : 0.0,
            open ? (long) c.congestionState().ssthresh() : 0L, c == null ? 0 : c.stats().dataSegmentsSent(), m.get("arrivals"),
            m.get("aecn_kept"), m.get("aecn_cleared"), aggr);
}
/exit
