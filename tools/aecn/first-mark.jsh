// The time of AVQ's first CE mark and of the first drop on Aspen, with the window then (0.1 ms steps through
// 100 RTTs): what the committed summaries do not record; the counterpart of tools/aecn/exp1-vq.tcl's
// first_mark_time / first_drop_time on ns-2 (docs/traces/aecn-contradictions.md).
//   jshell --class-path cli/target/aspen.jar -R-Drtt=40 -R-Dbaseline=ns2 tools/aecn/first-mark.jsh
/open tools/aecn/setup.jsh
double firstMark = -1, firstDrop = -1, cwndAtMark = -1, cwndAtDrop = -1, maxCwnd = 0;
long end = rtt * MS * 100;                                  // 100 RTTs: the whole start-up
for (long t = MS / 10; t <= end; t += MS / 10) {
    net.run(t - net.now());
    RdpConnection c = flow[0] == null ? null : flow[0].connection();
    double w = c == null || c.state() != RdpConnection.State.OPEN ? 0 : c.congestionState().cwnd();
    maxCwnd = Math.max(maxCwnd, w);
    if (firstMark < 0 && bottleneck.counters().marked > 0) { firstMark = t / 1e9; cwndAtMark = w; }
    if (firstDrop < 0 && bottleneck.counters().totalDrops() > 0) { firstDrop = t / 1e9; cwndAtDrop = w; }
}
System.out.printf("baseline %s rtt_ms %d bdp %d%nfirst_mark_time %.4f (cwnd %.0f)%nfirst_drop_time %.4f (cwnd %.0f)%n"
        + "max_cwnd_first_100_rtts %.0f%ndrops_first_100_rtts %d%nmarks_first_100_rtts %d%n", base.id(), rtt, bdp,
        firstMark, cwndAtMark, firstDrop, cwndAtDrop, maxCwnd, bottleneck.counters().totalDrops(), bottleneck.counters().marked);
/exit
