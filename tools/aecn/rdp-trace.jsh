// Traces the Aspen RDP Reno run of AntiECN's Experiment 1 (the "Aspen RDP" column, docs/results/aecn rdp-*):
// every STEP ms (default 500) the sender's SND.UNA, SND.NXT, flight, cwnd, ssthresh, phase, and its counters
// (timeouts, fast retransmits, retransmissions, EACKed segments), and the packets the bottleneck sent in the
// step: why the link carries 0.139 of C (docs/traces/aecn-contradictions.md, "Aspen RDP").
//   jshell --class-path cli/target/aspen.jar -R-Drtt=40 -R-Dbaseline=rdp [-R-Drecovery=modern] tools/aecn/rdp-trace.jsh
/open tools/aecn/setup.jsh
long step = MS * Integer.getInteger("step", 500);
long until = MS * 1000 * Integer.getInteger("seconds", 40);
long lastSent = 0;
System.out.println("t_s una nxt flight cwnd ssthresh phase timeouts fastrtx rtx eacked rxbufdrops pkts_in_step util");
for (long t = step; t <= until; t += step) {
    net.run(t - net.now());
    RdpConnection c = flow[0].connection();
    ConnectionState cs = c.congestionState();
    ConnectionStats st = c.stats();
    long sent = bottleneck.counters().sentPackets;
    System.out.printf("%.3f %d %d %d %.1f %.1f %d %d %d %d %d %d %d %.4f%n", t / 1e9, cs.sndUna() & 0xffffffffL,
            cs.sndNxt() & 0xffffffffL, cs.flight(), cs.cwnd(), cs.ssthresh(), cs.phase(), st.timeouts(), st.fastRetransmits(),
            st.retransmissions(), st.eackedSegments(), st.receiveBufferDrops(), sent - lastSent,
            (sent - lastSent) * AecnRun.FRAME * 8.0 / C / (step / 1e9));
    lastSent = sent;
}
System.out.printf("bottleneck drops %d, marks %d%n", bottleneck.counters().totalDrops(), bottleneck.counters().marked);
/exit
