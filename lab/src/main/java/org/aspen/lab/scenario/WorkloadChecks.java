package org.aspen.lab.scenario;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.aspen.vnet.config.Units;

/** The workload's checks, part of {@link ScenarioCheck}: pings, traces, transfers, flows and cross traffic. */
final class WorkloadChecks {
    private final ScenarioCheck c;
    private final Scenario s;
    /** Transfer and flow names, which share one namespace, and their receiving node:port. */
    private final Set<String> transferNames = new HashSet<>();
    private final Set<String> transferEndpoints = new HashSet<>();

    WorkloadChecks(ScenarioCheck c) {
        this.c = c;
        this.s = c.scenario();
    }

    void check() {
        pingsAndTraces();
        transfers();
        flows();
        cross();
    }

    private void pingsAndTraces() {
        List<Scenario.PingSpec> pings = s.workload().pings();
        for (int i = 0; i < pings.size(); i++) {
            Scenario.PingSpec g = pings.get(i);
            String p = "workload.pings[" + i + "]";
            c.nodeRef(p + ".from", g.from());
            c.nodeRef(p + ".to", g.to());
            if (g.count() != null && (g.count() < 1 || g.count() > 1_000_000)) {
                throw c.fail(p + ".count", "must be 1-1000000");
            }
            c.positive(p + ".interval", g.interval(), Units::nanos);
            c.unit(p + ".start", g.start(), Units::nanos);
            c.positive(p + ".timeout", g.timeout(), Units::nanos);
            if (g.size() != null && (g.size() < 0 || g.size() > 8000)) {
                throw c.fail(p + ".size", "must be 0-8000 bytes");
            }
        }
        List<Scenario.TraceSpec> traces = s.workload().traces();
        for (int i = 0; i < traces.size(); i++) {
            Scenario.TraceSpec t = traces.get(i);
            String p = "workload.traces[" + i + "]";
            c.nodeRef(p + ".from", t.from());
            c.nodeRef(p + ".to", t.to());
            c.unit(p + ".at", t.at(), Units::nanos);
            if (t.maxHops() != null && (t.maxHops() < 1 || t.maxHops() > 64)) {
                throw c.fail(p + ".maxHops", "must be 1-64");
            }
        }
    }

    private void transfers() {
        List<Scenario.TransferSpec> ts = s.workload().transfers();
        for (int i = 0; i < ts.size(); i++) {
            Scenario.TransferSpec t = ts.get(i);
            String p = "workload.transfers[" + i + "]";
            ends(p, t.from(), t.to(), "a transfer goes to another node");
            nameAndPort(p, t.to(), t.nameAt(i), t.portAt(i), "transfer");
            if ((t.size() == null) == (t.file() == null)) {
                throw c.fail(p, "give exactly one of 'size' (seeded bytes, e.g. 2MB) or 'file'");
            }
            c.unit(p + ".size", t.size(), Units::bytes);
            c.unit(p + ".start", t.start(), Units::nanos);
            connection(p, t.window(), t.segment(), t.priority());
            transport(p, t.transport(), t.ns2(), t.aecn(), t.acns());
            recovery(p, t.transport(), t.recovery());
            sender(p, t.transport(), t.acns(), t.sender());
        }
    }

    private void flows() {
        List<Scenario.FlowSpec> fs = s.workload().flows();
        for (int i = 0; i < fs.size(); i++) {
            Scenario.FlowSpec f = fs.get(i);
            String p = "workload.flows[" + i + "]";
            ends(p, f.from(), f.to(), "a flow goes to another node");
            nameAndPort(p, f.to(), f.nameAt(i), f.portAt(i), "transfer or flow");
            c.unit(p + ".start", f.start(), Units::nanos);
            c.unit(p + ".stop", f.stop(), Units::nanos);
            if (f.start() != null && f.stop() != null && Units.nanos(f.stop()) <= Units.nanos(f.start())) {
                throw c.fail(p + ".stop", "must be later than 'start'");
            }
            connection(p, f.window(), f.segment(), f.priority());
            transport(p, f.transport(), f.ns2(), f.aecn(), f.acns());
            recovery(p, f.transport(), f.recovery());
            sender(p, f.transport(), f.acns(), f.sender());
        }
    }

    /** Both ends name nodes, and two different ones ({@code sameEnds}: the message when they are the same). */
    private void ends(String p, String from, String to, String sameEnds) {
        c.nodeRef(p + ".from", from);
        c.nodeRef(p + ".to", to);
        if (from.equals(to)) {
            throw c.fail(p + ".to", sameEnds);
        }
    }

    /**
     * A transfer's or flow's name, unique among transfers and flows, and its port, valid and used by no
     * other on the receiver; {@code others} names what the earlier ones were, in the messages.
     */
    private void nameAndPort(String p, String to, String name, int port, String others) {
        if (!transferNames.add(name)) {
            throw c.fail(p + ".name", "duplicate " + others + " name '" + name + "'");
        }
        if (port < 1 || port > 65535) {
            throw c.fail(p + ".port", "must be 1-65535");
        }
        if (!transferEndpoints.add(to + ":" + port)) {
            throw c.fail(p + ".port", "port " + port + " on '" + to + "' is used by another " + others);
        }
    }

    /**
     * A transfer's or flow's transport and its ns-2 variables; AntiECN and ACNS run on RDP's own sender or on
     * ns-2's Reno (Ns2AntiEcnReno, Ns2AcnsReno), ACNS also on ns-2's Linux CUBIC (Ns2AcnsCubic).
     */
    private void transport(String p, String transport, java.util.Map<String, Object> ns2, Boolean aecn, Boolean acns) {
        Transports.agent(p, transport, ns2, c::fail);
        if (Transports.ns2(transport) && Boolean.TRUE.equals(aecn) && !"ns2-reno".equals(transport)) {
            throw c.fail(p + ".aecn", "runs on transport rdp or ns2-reno only, not on " + transport);
        }
        if (Boolean.TRUE.equals(aecn) && Boolean.TRUE.equals(acns)) {
            throw c.fail(p + ".acns", "a sender runs AntiECN or ACNS, not both");
        }
        if (Transports.ns2(transport) && Boolean.TRUE.equals(acns) && !"ns2-reno".equals(transport)
                && !"ns2-cubic".equals(transport)) {
            throw c.fail(p + ".acns", "runs on transport rdp, ns2-reno or ns2-cubic only, not on " + transport);
        }
        if (Boolean.TRUE.equals(acns) && ns2 != null && ns2.containsKey(Transports.CUBIC_BETA)) {
            throw c.fail(p + ".ns2." + Transports.CUBIC_BETA, "not with ACNS (ACNS's trends set the window at a loss)");
        }
    }

    /** A transfer's or flow's {@code recovery}: classic, modern or impatient, on RDP's own sender only (an ns-2 agent recovers itself). */
    private void recovery(String p, String transport, String recovery) {
        if (recovery == null) {
            return;
        }
        try {
            org.aspen.rdp.Recovery.parse(recovery);
        } catch (IllegalArgumentException e) {
            throw c.fail(p + ".recovery", "must be classic, modern or impatient, not '" + recovery + "'");
        }
        if (Transports.ns2(transport)) {
            throw c.fail(p + ".recovery", "runs on transport rdp only, not on " + transport);
        }
    }

    /** A transfer's or flow's {@code sender}: a send buffer of 1-65535 segments, refill on send with an ns-2 agent, ACNS readings with acns. */
    private void sender(String p, String transport, Boolean acns, Scenario.SenderSpec sender) {
        if (sender == null) {
            return;
        }
        String q = p + ".sender";
        if (sender.sendBuffer() != null && (sender.sendBuffer() < 1 || sender.sendBuffer() > 65535)) {
            throw c.fail(q + ".sendBuffer", "must be 1-65535 segments");
        }
        if (Boolean.TRUE.equals(sender.refillOnSend()) && !Transports.ns2(transport)) {
            throw c.fail(q + ".refillOnSend", "applies to an ns-2 transport's agent only, not to " + (transport == null ? "rdp" : transport));
        }
        for (int k = 0; k < sender.acnsReading().size(); k++) {
            String r = sender.acnsReading().get(k);
            if (!Scenario.SenderSpec.ACNS_READINGS.contains(r)) {
                throw c.fail(q + ".acnsReading[" + k + "]", "'" + r + "' is not one of " + String.join(", ", Scenario.SenderSpec.ACNS_READINGS));
            }
        }
        if (!sender.acnsReading().isEmpty() && !Boolean.TRUE.equals(acns)) {
            throw c.fail(q + ".acnsReading", "applies to an ACNS sender only (acns: true)");
        }
        List<String> cubic = sender.acnsReading().stream().filter(Scenario.SenderSpec.CUBIC_READINGS::contains).toList();
        if (!cubic.isEmpty() && !"ns2-cubic".equals(transport)) {
            throw c.fail(q + ".acnsReading", "'" + cubic.get(0) + "' reads ACNS on transport ns2-cubic only, not on "
                    + (transport == null ? "rdp" : transport));
        }
        if (cubic.size() > 1) {
            throw c.fail(q + ".acnsReading", "one of " + String.join(", ", Scenario.SenderSpec.CUBIC_READINGS) + " at most, not "
                    + String.join(" and ", cubic));
        }
    }

    /** A transfer's or flow's connection settings. */
    private void connection(String p, Integer window, Integer segment, Integer priority) {
        if (window != null && (window < 1 || window > 65535)) {
            throw c.fail(p + ".window", "must be 1-65535 segments");
        }
        if (segment != null && (segment < 64 || segment > 8192)) {
            throw c.fail(p + ".segment", "must be 64-8192 bytes");
        }
        if (priority != null && (priority < 0 || priority > 63)) {
            throw c.fail(p + ".priority", "must be 0-63");
        }
    }

    private void cross() {
        List<Scenario.CrossSpec> cs = s.workload().cross();
        Set<String> pairs = new HashSet<>();
        for (int i = 0; i < cs.size(); i++) {
            Scenario.CrossSpec x = cs.get(i);
            String p = "workload.cross[" + i + "]";
            ends(p, x.from(), x.to(), "cross traffic goes to another node");
            if (!pairs.add(x.from() + ">" + x.to())) {
                // the destination counts arrivals by source address
                throw c.fail(p, "another cross source already sends from '" + x.from() + "' to '" + x.to() + "'");
            }
            c.positive(p + ".rate", x.rate(), Units::bitsPerSecond);
            c.positive(p + ".on", x.on(), Units::nanos);
            c.unit(p + ".off", x.off(), Units::nanos);     // 0s: always on
            if (x.size() != null && (x.size() <= org.aspen.vnet.packet.Packet.HEADER_LENGTH || x.size() > 65_000)) {
                throw c.fail(p + ".size", "must be 21-65000 bytes (the whole VNet packet)");
            }
            c.unit(p + ".start", x.start(), Units::nanos);
            c.unit(p + ".stop", x.stop(), Units::nanos);
            if (x.durations() != null && !x.durations().equals("exponential") && !x.durations().equals("fixed")) {
                throw c.fail(p + ".durations", "'" + x.durations() + "' is not 'exponential' or 'fixed'");
            }
            if (x.phase() != null && !x.randomPhase()) {
                throw c.fail(p + ".phase", "'" + x.phase() + "' is not 'random' (leave it out: the first burst begins at 'start')");
            }
            if (x.randomPhase() && !"fixed".equals(x.durations())) {
                throw c.fail(p + ".phase", "a random phase needs 'durations: fixed' (a cycle of fixed on and off periods)");
            }
            if (x.randomPhase() && x.start() != null && Units.nanos(x.start()) != 0) {
                throw c.fail(p + ".phase", "a random phase runs the cycle from before the run: leave 'start' out");
            }
        }
    }
}
