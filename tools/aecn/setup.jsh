// AntiECN Experiment 1's Reno run on Aspen, wired as AecnRun.simulate wires it (one flow, eta 0: the AECN layer
// keeps eta 1.0 and clears nothing a Reno packet carries), at the committed runs' k = 0.1 (C = 100 Mb/s, both
// buffers one BDP). Opened by first-mark.jsh and rdp-trace.jsh (run from the worktree's root); properties:
// rtt (40), baseline (ns2 | ns2-2.35 | rdp), recovery (RDP only: classic, the experiment's, or modern).
import java.util.Map;
import org.aspen.experiments.aecn.*;
import org.aspen.rdp.*;
import org.aspen.rdp.transfer.*;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.*;
import org.aspen.vnet.node.*;
import org.aspen.vnet.qdisc.QueueDisciplines;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.time.Seeds;

int rtt = Integer.getInteger("rtt", 40);
AecnBaseline base = AecnBaseline.byId(System.getProperty("baseline", "ns2"));
long C = 100_000_000L;                                  // k = 0.1, as the committed runs
int bdp = (int) Math.round(C * rtt / 1e3 / 8 / AecnRun.FRAME);
long MS = AecnRun.MS;
SimNetwork net = new SimNetwork(1);
Node r = net.addNode("r", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
Node d = net.addNode("d", VAddr.parse("10.0.2.1"), NodeConfig.DEFAULT, null);
QueueLimit big = QueueLimit.packets(65_535);
net.connect("r-d", "r", "d", new LinkConfig(C, rtt * MS / 2 - MS, big, 1));
Link bottleneck = r.link("r-d");
bottleneck.setDiscipline(QueueDisciplines.create("aecn", Map.of("eta", 1.0, "virtual_buffer_packets", bdp,
        "mean_packet_size", AecnRun.FRAME, "inner", Map.of("kind", "avq", "gamma", AecnRun.GAMMA, "alpha", AecnRun.ALPHA,
        "virtual_buffer_packets", bdp)), QueueLimit.packets(bdp)));
r.routes().addStatic(Route.host(d.address(), bottleneck, d.address(), 1, Route.Origin.STATIC));
Node s1 = net.addNode("s1", VAddr.parse("10.0.1.1"), NodeConfig.DEFAULT, null);
net.connect("s1-r", "s1", "r", new LinkConfig(10 * C, MS, big, 1));
s1.routes().addStatic(Route.host(d.address(), s1.link("s1-r"), r.address(), 2, Route.Origin.STATIC));
r.routes().addStatic(Route.host(s1.address(), r.link("s1-r"), s1.address(), 1, Route.Origin.STATIC));
d.routes().addStatic(Route.host(s1.address(), d.link("r-d"), r.address(), 2, Route.Origin.STATIC));
RdpOptions o0 = RdpOptions.defaults().withMaxOutstanding(65_535).withMaxSegment(AecnRun.SEGMENT).
        withWindow(2, AecnRun.INITIAL_SSTHRESH).withSendBuffer(4096).withMaxSamples(0).withEcn(true);
RdpOptions o = base.ns2() ? o0.withMaxSegment(base.segment()).withAecn(false).withCongestionControl(base.sender(false)) : o0.withRecovery(Recovery.parse(System.getProperty("recovery", "classic")));
RdpStack dStack = RdpStack.install(d);
net.at(0, "d", () -> TransferReceiver.listen(dStack, AecnRun.PORT, o, ByteSink::discard, x -> { }, ProgressListener.NONE, 0));
RdpStack stack = RdpStack.install(s1);
TransferSender[] flow = new TransferSender[1];
net.at(0, "s1", () -> flow[0] = TransferSender.start(stack, d.address(), AecnRun.PORT,
        ByteSource.seeded(Seeds.derive(1, "flow", "0"), Long.MAX_VALUE / 2), o, ProgressListener.NONE, 0));
