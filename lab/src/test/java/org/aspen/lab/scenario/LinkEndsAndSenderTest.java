package org.aspen.lab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.run.WorkloadScheduler;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.rdp.ns2.Ns2LinuxCubic;
import org.aspen.rdp.ns2.Ns2AntiEcnReno;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.qdisc.AntiEcn;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/** A link's {@code ends} (a queue and buffer for one end only) and a flow's {@code sender} settings, read from files. */
class LinkEndsAndSenderTest {
    static final String TWO_ENDS = """
            name: t
            routing: static
            nodes:
              - {name: r, address: 10.0.0.1}
              - {name: d, address: 10.0.0.2}
            links:
              - between: [r, d]
                bandwidth: 10Mbps
                delay: 5ms
                buffer: 500
                ends:
                  r: {buffer: 20, queue: {kind: aecn, eta: 0.5, virtual_buffer_packets: 30, inner: {kind: avq, gamma: 0.96}}}
            """;

    @Test
    void anEndsQueueAndBufferGoOnThatEndOnly() {
        Scenario s = ScenarioLoaderTest.parse(TWO_ENDS);
        SimNetwork net = new SimNetwork(1);
        LabBuilder.build(s, net);
        var atR = net.node("r").link("r-d").discipline();
        var atD = net.node("d").link("r-d").discipline();
        assertTrue(atR instanceof AntiEcn, atR.getClass().getName());
        assertTrue(atD instanceof DropTail, atD.getClass().getName());
        Scenario.LinkSpec l = s.links().get(0);
        assertEquals(20, QueueSpecs.bufferLimit(l.bufferAt("r")).maxPackets());
        assertEquals(500, QueueSpecs.bufferLimit(l.bufferAt("d")).maxPackets(), "d's end keeps the link's buffer");
        assertEquals(null, l.queueAt("d"));
        assertEquals(500, LabBuilder.linkConfig(l).limit().maxPackets());
    }

    @Test
    void anEndThatIsNotOnTheLinkOrSaysNothingIsOneLine() {
        String m = ScenarioLoaderTest.error(TWO_ENDS.replace("  r: {buffer: 20,", "  x: {buffer: 20,"));
        assertEquals("t.yaml: links[0].ends.x: 'x' is not an end of this link (r, d)", m);
        m = ScenarioLoaderTest.error(TWO_ENDS.replace("r: {buffer: 20, queue: {kind: aecn, eta: 0.5, virtual_buffer_packets: 30,"
                + " inner: {kind: avq, gamma: 0.96}}}", "r: {}"));
        assertEquals("t.yaml: links[0].ends.r: give the end's buffer, queue or both", m);
        m = ScenarioLoaderTest.error(TWO_ENDS.replace("{buffer: 20,", "{buffer: 0,"));
        assertEquals("t.yaml: links[0].ends.r.buffer: a buffer of 0 packets is outside 1-1000000", m);
    }

    static final String FLOW = TWO_ENDS + """
            workload:
              flows:
                - {name: f, from: r, to: d, transport: ns2-reno, aecn: true, ecn: true, sender: {sendBuffer: 8, refillOnSend: true}}
                - {name: g, from: r, to: d, acns: true, sender: {acnsReading: [on-its-ack]}}
            """;

    @Test
    void aSendersSettingsReachItsOptions() {
        Scenario s = ScenarioLoaderTest.parse(FLOW);
        Scenario.FlowSpec f = s.workload().flows().get(0);
        assertEquals(new Scenario.SenderSpec(8, true, null), f.sender());
        RdpOptions o = WorkloadScheduler.options(f.asTransfer("f"), "f", RdpOptions.defaults());
        assertEquals(8, o.sendBuffer());
        assertTrue(o.refillOnSend() && o.aecn() && o.ecn());
        assertTrue(o.congestionControl().get() instanceof Ns2AntiEcnReno, "AntiECN on ns-2's Reno");
        Scenario.FlowSpec g = s.workload().flows().get(1);
        assertEquals(new AcnsReno.Reading(false, true), g.sender().reading());
        assertEquals(AcnsReno.Reading.PAPER, new Scenario.SenderSpec(null, null, null).reading());
        assertTrue(f.sender().acnsReading().isEmpty());
    }

    @Test
    void badSenderSettingsAreOneLine() {
        assertEquals("t.yaml: workload.flows[0].sender.sendBuffer: must be 1-65535 segments",
                ScenarioLoaderTest.error(FLOW.replace("sendBuffer: 8", "sendBuffer: 0")));
        assertEquals("t.yaml: workload.flows[1].sender.acnsReading[0]: 'on-ack' is not one of every-segment, on-its-ack, eq9-every-ack, "
                        + "epoch-restart",
                ScenarioLoaderTest.error(FLOW.replace("[on-its-ack]", "[on-ack]")));
        assertEquals("t.yaml: workload.flows[1].sender.acnsReading: applies to an ACNS sender only (acns: true)",
                ScenarioLoaderTest.error(FLOW.replace("acns: true, sender", "sender")));
        assertEquals("t.yaml: workload.flows[1].sender.refillOnSend: applies to an ns-2 transport's agent only, not to rdp",
                ScenarioLoaderTest.error(FLOW.replace("sender: {acnsReading: [on-its-ack]}", "sender: {refillOnSend: true}")));
        assertEquals("t.yaml: workload.flows[0].aecn: runs on transport rdp or ns2-reno only, not on ns2-newreno",
                ScenarioLoaderTest.error(FLOW.replace("ns2-reno", "ns2-newreno")));
        assertEquals("t.yaml: workload.flows[1].sender.acnsReading: 'epoch-restart' reads ACNS on transport ns2-cubic only, not on rdp",
                ScenarioLoaderTest.error(FLOW.replace("[on-its-ack]", "[epoch-restart]")));
        assertEquals("t.yaml: workload.flows[1].sender.acnsReading: one of eq9-every-ack, epoch-restart at most, not "
                        + "eq9-every-ack and epoch-restart",
                ScenarioLoaderTest.error(FLOW.replace("acns: true, sender: {acnsReading: [on-its-ack]}",
                        "transport: ns2-cubic, acns: true, sender: {acnsReading: [eq9-every-ack, epoch-restart]}")));
    }

    @Test
    void aCubicBetaReachesTheLinuxAgentAndIsNotAnAgentTcpVariable() {
        Scenario s = ScenarioLoaderTest.parse(FLOW.replace("acns: true, sender: {acnsReading: [on-its-ack]}",
                "transport: ns2-cubic, ns2: {window: 64, cubic.beta: 1024}"));
        Scenario.FlowSpec g = s.workload().flows().get(1);
        RdpOptions o = WorkloadScheduler.options(g.asTransfer("g"), "g", RdpOptions.defaults());
        Ns2LinuxCubic a = (Ns2LinuxCubic) o.congestionControl().get();
        assertEquals(1024, a.cubic().beta());
        assertEquals(64, a.params().window());
        Scenario plain = ScenarioLoaderTest.parse(FLOW.replace("acns: true, sender: {acnsReading: [on-its-ack]}",
                "transport: ns2-cubic"));
        RdpOptions p = WorkloadScheduler.options(plain.workload().flows().get(1).asTransfer("g"), "g", RdpOptions.defaults());
        assertEquals(819, ((Ns2LinuxCubic) p.congestionControl().get()).cubic().beta());
    }

    @Test
    void aCubicReadingReachesAcnsOnCubic() {
        Scenario s = ScenarioLoaderTest.parse(FLOW.replace("acns: true, sender: {acnsReading: [on-its-ack]}",
                "transport: ns2-cubic, acns: true, sender: {acnsReading: [eq9-every-ack]}"));
        Scenario.FlowSpec g = s.workload().flows().get(1);
        assertEquals(Ns2AcnsCubic.CubicReading.EQ9_EVERY_ACK, g.sender().cubicReading());
        assertEquals(AcnsReno.Reading.PAPER, g.sender().reading());
        RdpOptions o = WorkloadScheduler.options(g.asTransfer("g"), "g", RdpOptions.defaults());
        Ns2AcnsCubic a = (Ns2AcnsCubic) o.congestionControl().get();
        assertEquals(Ns2AcnsCubic.CubicReading.EQ9_EVERY_ACK, a.cubicReading());
        assertEquals(Ns2AcnsCubic.CubicReading.PRIMARY, new Scenario.SenderSpec(null, null, List.of("on-its-ack")).cubicReading());
    }

}
