# AntiECN's Experiments 1 and 2 (Kunniyur, ICC 2003, Section III; docs/results-aecn.md) on ns-2.35 patched with
# AntiECN exactly as Aspen reads it (tools/aecn/ns2-antiecn.patch, built by tools/aecn/build-ns2-antiecn.sh):
# tools/aecn/exp1-vq.tcl's network (ns-2's own AVQ, Queue/Vq, and Agent/TCP/Reno with Aspen's reading of every
# parameter), and, for eta > 0, the patch's AntiECN layer in front of Queue/Vq (aecn_eta_, aecn_buffer_), its
# sender Agent/TCP/Reno/AntiECN (Delta = W) and its receiver Agent/TCPSink/AntiECN. eta 0 is the Reno run, on
# ns-2's stock Agent/TCP/Reno and Agent/TCPSink, as AecnRun's eta 0 (docs/traces/aecn-ns2-antiecn.md).
#
#   ns-antiecn exp-antiecn.tcl RTT_MS [key value ...]
#   keys: eta (0: Reno; else the AECN threshold), aecnbuf (0: one BDP; else the AECN virtual buffer B in
#         1000-byte packets, AecnRun's virtual_buffer_packets x mean_packet_size 1000 bytes),
#         series (a file for the samples every 3 RTTs: time, cwnd_, ssthresh_; and FILE.util: the bottleneck's
#         utilisation in each 3 RTTs, from its trace),
#         trace (a file for a finer trace, every tracestep seconds (0: one RTT): time, cwnd_, ssthresh_, data packets
#         sent, the AntiECN layer's arrivals / kept / cleared and the sender's aggressive ACKs, as
#         tools/aecn/aecn-trace.jsh prints them on Aspen, to find where the two first differ),
#         and exp1-vq.tcl's keys: scale (0.1), rtts (1000), buffer (1.0), vqbuf (1.0), ecnlim (1.0), gamma (0.96),
#         window (100000), ssthresh (0), minrto (1), rtxcur_init (6), maxrto (64)
# Prints exp1-vq.tcl's 'key value' lines, then the AntiECN layer's and sender's counters and the utilisation over
# the run.

set rtt [lindex $argv 0]
array set cfg {eta 0 aecnbuf 0 series {} trace {} tracestep 0 scale 0.1 rtts 1000 buffer 1.0 vqbuf 1.0 ecnlim 1.0 gamma 0.96 window 100000 ssthresh 0
               minrto 1 rtxcur_init 6 maxrto 64}
array set cfg [lrange $argv 1 end]
set C [expr {1e9 * $cfg(scale)}]
# the BDP in 1000-byte packets, as AecnRun sizes the buffers (Setup.bdpPackets: C x RTT / 8 / 1000)
set bdp [expr {int(round($C * $rtt / 1e3 / 8 / 1000))}]
set qlim [expr {int(round($cfg(buffer) * $bdp))}]
set duration [expr {$cfg(rtts) * $rtt / 1e3}]
# AecnRun's AECN virtual buffer: virtual_buffer_packets x 1000 bytes (the committed runs: one BDP, or Exp. 2's B)
set aecnpkts [expr {$cfg(aecnbuf) > 0 ? int($cfg(aecnbuf)) : $bdp}]

set ns [new Simulator]
# lib.tcl's alignments: 1040-byte data packets (packetSize_ 988 + 52), 44-byte ACKs (Aspen's RDP ACK)
Agent/TCP set tcpip_base_hdr_size_ 52
Agent/TCPSink set packetSize_ 44
# Queue/Vq in packets of 1040 bytes: the drain c_ / (8 x 1040) per second is the link's rate (vq.cc:183),
# the virtual buffer buflim_ x limit_ (vq.cc:242) holds vqbuf x BDP x 1000 bytes (Aspen's avq
# virtual_buffer_packets counts 1000-byte packets); markpkts_ true marks CE (vq.cc:200, 268)
Queue/Vq set queue_in_bytes_ false
Queue/Vq set markpkts_ true
Queue/Vq set markfront_ 0
Queue/Vq set drop_front_ 0
Queue/Vq set ecnlim_ $cfg(ecnlim)
Queue/Vq set buflim_ [expr {$cfg(vqbuf) / $cfg(buffer) * 1000.0 / 1040}]
Queue/Vq set gamma_ $cfg(gamma)
Queue/Vq set mean_pktsize_ 1040

# AecnRun's topology: s -> r access at 10 C, 1 ms; r -> d the bottleneck, RTT/2 - 1 ms
set s [$ns node]; set r [$ns node]; set d [$ns node]
$ns duplex-link $s $r [expr {10 * $C}] 1ms DropTail
$ns queue-limit $s $r 65536
$ns queue-limit $r $s 65536
$ns simplex-link $r $d $C [expr {$rtt / 2.0 - 1}]ms Vq
$ns simplex-link $d $r $C [expr {$rtt / 2.0 - 1}]ms DropTail
# vq.cc:221 refuses an arrival when more than limit_ packets would wait: Aspen's buffer N is limit_ N
$ns queue-limit $r $d $qlim
$ns queue-limit $d $r 65536
set l [$ns link $r $d]
# Queue/Vq reads the link's rate only from its 'link' command (vq.cc:145)
[$l queue] link [$l link]
# the patch's AntiECN layer in front of AVQ (queue/vq.cc Vq::aecnArrive, Aspen's AntiEcn): only with AntiECN
if {$cfg(eta) > 0} {
    [$l queue] set aecn_eta_ $cfg(eta)
    [$l queue] set aecn_buffer_ [expr {$aecnpkts * 1000.0}]
}

if {$cfg(eta) > 0} {
    set tcp [new Agent/TCP/Reno/AntiECN]
    set sink [new Agent/TCPSink/AntiECN]
} else {
    set tcp [new Agent/TCP/Reno]
    set sink [new Agent/TCPSink]
}
foreach {k v} [list window_ $cfg(window) ecn_ 1 packetSize_ 988 minrto_ $cfg(minrto) \
                   rtxcur_init_ $cfg(rtxcur_init) maxrto_ $cfg(maxrto)] {
    $tcp set $k $v
}
$ns attach-agent $s $tcp
$ns attach-agent $d $sink
$ns connect $tcp $sink
set ftp [$tcp attach-source FTP]
# an initial ssthresh_ must be set after the agent's reset (tcp.cc:462 sets ssthresh_ = window_ there, and
# '$ns run' resets every agent), so at time 0, before the source starts
if {$cfg(ssthresh) > 0} { $ns at 0.0 "$tcp set ssthresh_ $cfg(ssthresh)" }
$ns at 0.0 "$ftp start"

# the bottleneck's departures, drops and CE marks, read from its packet trace as it is written
# (flags field: 'E' in the fifth place is CE, trace.cc; Queue/Vq marks inside enque, so the '-' line shows the
# mark and the first mark's time is its packet's '+' line, the arrival; field 11 is the sequence number)
set awk {
  $1 == "+" && $5 == "tcp" { enq[$11] = $2 }
  $1 == "-" && $5 == "tcp" { bytes[int($2 / W)] += $6; perrtt[int($2 / R)] += $6; per3[int($2 / (3 * R))] += $6
                             if (substr($7, 5, 1) == "E") { ce++; if (first_ce == "") { first_ce = enq[$11]; first_ce_seq = $11 } }
                             delete enq[$11] }
  $1 == "d" { drops++; if (first_drop == "") { first_drop = $2; first_drop_seq = $11 }; last_drop = $2 }
  END {
    printf "marks %d\nfirst_mark_time %s\nfirst_mark_seq %s\n", ce, first_ce, first_ce_seq
    printf "drops %d\nfirst_drop_time %s\nfirst_drop_seq %s\nlast_drop_time %s\n", drops, first_drop, first_drop_seq, last_drop
    for (i = 0; i < N; i++) printf "util_window %d %.4f %.4f %.4f\n", i, i * W, (i + 1) * W, bytes[i] * 8 / C / W
    if (S != "") { print "time_s,utilisation" > S
                   for (k = 0; (k + 1) * 3 * R < N * W + 1e-9; k++) printf "%.3f,%.4f\n", (k + 1) * 3 * R, per3[k] * 8 / C / (3 * R) > S }
    total = 0; for (i = 0; i < N; i++) total += bytes[i]
    printf "utilisation %.5f\n", total * 8 / C / (N * W)
    # after the transient (from RTT 100 on): the link's load in each RTT, against the AECN thresholds
    min = 2; n = 0; b40 = 0; b50 = 0; b60 = 0; b75 = 0
    for (i = 100; i < N * W / R - 0.5; i++) { u = perrtt[i] * 8 / C / R; n++; if (u < min) min = u
      if (u < 0.40) b40++; if (u < 0.50) b50++; if (u < 0.60) b60++; if (u < 0.75) b75++ }
    printf "after_100_rtts_rtts %d\nafter_100_rtts_min_util_per_rtt %.4f\n", n, min
    printf "after_100_rtts_rtts_below_eta 0.40:%d 0.50:%d 0.60:%d 0.75:%d\n", b40, b50, b60, b75
  }
}
set W [expr {$duration / 10.0}]
set utilfile [expr {$cfg(series) ne "" ? "$cfg(series).util" : ""}]
set tf [open "| awk -v W=$W -v N=10 -v C=$C -v R=[expr {$rtt / 1e3}] -v S=$utilfile {$awk} >@stdout" w]
$ns trace-queue $r $d $tf

# the window: its largest value before the first cut, the ssthresh_ the first cut set, every cut
set maxcwnd 0; set firstcut ""; set cuts 0; set lastcwnd 0
proc watch {} {
    global ns tcp maxcwnd firstcut cuts lastcwnd
    set w [$tcp set cwnd_]
    if {$firstcut eq "" && $w > $maxcwnd} { set maxcwnd $w }
    if {$firstcut eq "" && [$tcp set ssthresh_] < [$tcp set window_] && [$tcp set ssthresh_] > 0 && $w < $lastcwnd} {
        set firstcut [list [$ns now] $lastcwnd [$tcp set ssthresh_]]
    }
    set lastcwnd $w
    $ns at [expr {[$ns now] + 0.001}] watch
}
$ns at 0.0 watch
set samples {}
set seriesf ""
if {$cfg(series) ne ""} {
    set seriesf [open $cfg(series) w]
    puts $seriesf "time_s,cwnd,ssthresh"
}
proc sample {} {
    global ns tcp rtt samples seriesf
    lappend samples [format "%.3f %.1f" [$ns now] [$tcp set cwnd_]]
    if {$seriesf ne ""} {
        puts $seriesf [format "%.3f,%.2f,%d" [$ns now] [$tcp set cwnd_] [$tcp set ssthresh_]]
    }
    $ns at [expr {[$ns now] + 3 * $rtt / 1e3}] sample
}
$ns at [expr {3 * $rtt / 1e3}] sample

if {$cfg(trace) ne ""} {
    set tracef [open $cfg(trace) w]
    puts $tracef "time_s,cwnd,ssthresh,data_packets,aecn_arrivals,aecn_kept,aecn_cleared,aggressive_acks"
    set tstep [expr {$cfg(tracestep) > 0 ? $cfg(tracestep) : $rtt / 1e3}]
    proc tracestep {k} {
        global ns tcp tracef tstep l cfg
        set q [$l queue]
        set aggr [expr {$cfg(eta) > 0 ? [$tcp set aggressive_acks_] : 0}]
        puts $tracef [format "%.6f,%.4f,%d,%d,%d,%d,%d,%d" [$ns now] [$tcp set cwnd_] [$tcp set ssthresh_] \
            [$tcp set ndatapack_] [$q set aecn_arrivals_] [$q set aecn_kept_] [$q set aecn_cleared_] $aggr]
        # times as k x step, not a running sum, as the Aspen side steps
        $ns at [expr {($k + 1) * $tstep}] "tracestep [expr {$k + 1}]"
    }
    $ns at $tstep "tracestep 1"
}

proc finish {} {
    global ns tcp sink tf maxcwnd firstcut bdp qlim rtt samples cfg
    puts "rtt_ms $rtt"
    puts "bdp_packets $bdp"
    puts "buffer_packets $qlim"
    foreach k [lsort [array names cfg]] { puts "cfg_$k $cfg($k)" }
    puts "slow_start_max_cwnd $maxcwnd"
    puts "first_cut_time_cwnd_ssthresh $firstcut"
    puts "ecn_responses [$tcp set necnresponses_]"
    puts "timeouts [$tcp set nrexmit_]"
    puts "retransmitted_packets [$tcp set nrexmitpack_]"
    puts "data_packets [$tcp set ndatapack_]"
    puts "ack [$tcp set ack_]"
    puts "cwnd_every_3_rtts [lrange $samples 0 39]"
    global l seriesf
    set q [$l queue]
    puts "aecn_arrivals [$q set aecn_arrivals_]"
    puts "aecn_kept [$q set aecn_kept_]"
    puts "aecn_cleared [$q set aecn_cleared_]"
    puts "aecn_virtual_drops [$q set aecn_vdrops_]"
    if {$cfg(eta) > 0} {
        puts "aggressive_acks [$tcp set aggressive_acks_]"
        puts "aecn_echoes [$tcp set aecn_echoes_]"
    } else {
        puts "aggressive_acks 0"
        puts "aecn_echoes 0"
    }
    if {$seriesf ne ""} { close $seriesf }
    if {$cfg(trace) ne ""} { global tracef; close $tracef }
    $ns flush-trace
    close $tf
    exit 0
}
$ns at $duration "finish"
$ns run
