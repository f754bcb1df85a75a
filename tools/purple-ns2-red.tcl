# The PURPLE experiment's BDP-queue set-up (PurpleBundles, part bdp: Aspen's reading of the paper's
# Figure 1) in ns-2.35 itself, with the bottleneck under ns-2's own Queue/RED as
# docs/ns2-baseline.md (PURPLE) reads the text: RED's side of Figures 2 and 3, run by the paper's
# simulator. docs/traces/purple-fig2-fig3.md says why; tools/purple-ns2-red.sh runs it.
#
#   ns tools/purple-ns2-red.tcl FLOWS TRACE_FILE SERIES_FILE [RATE_MBPS]
#
# Ten sender hosts s0-s9 and receivers d0-d9 at 10 x RATE (20 000-packet buffers) around the
# bottleneck r1 -> r2, RATE (20 Mb/s unless given) 5 ms with a 660-packet buffer; host h's base RTT
# is (0.8 + 0.4 h / 9) x R, R = 660 x 1500 x 8 / RATE (396 ms at 20 Mb/s), so that the BDP stays 660
# packets (PurpleBundles.hosts, `--bandwidth` of aspen experiment purple). FLOWS greedy ECN Reno flows, flow i from s(i mod 10)
# to d(i mod 10), starting at 10 + 1000 i / FLOWS ms (PurpleBundles.addTo). 100 s.
# Writes the bottleneck's queue trace (+, -, d events) to TRACE_FILE, and every 100 ms the queue now
# and RED's average (ave_) to SERIES_FILE; prints at 10 s and 100 s the window cuts summed over the
# flows (ncwndcuts_, tcp.h:412: every cwnd reduction, ECN or loss: the CWRs PURPLE counts as p).
if {$argc != 3 && $argc != 4} {
    puts stderr "usage: ns purple-ns2-red.tcl FLOWS TRACE_FILE SERIES_FILE \[RATE_MBPS\]"
    exit 2
}
set flows [lindex $argv 0]
if {![string is integer -strict $flows] || $flows < 1} {
    puts stderr "purple-ns2-red.tcl: FLOWS must be a whole number above 0, not '$flows'"
    exit 2
}
set rate 20
if {$argc == 4} { set rate [lindex $argv 3] }
if {![string is double -strict $rate] || $rate <= 0} {
    puts stderr "purple-ns2-red.tcl: RATE_MBPS must be a number above 0, not '$rate'"
    exit 2
}
set ns [new Simulator]
set rtt [expr {660 * 1500 * 8 / ($rate * 1e6)}]
# Agent/TCP/Reno as docs/ns2-baseline.md reads the text for 2002 (PurpleBaseline.agent)
Agent/TCP set ecn_ 1
Agent/TCP set packetSize_ 1500
Agent/TCP set window_ 10000
Agent/TCP set windowInit_ 2
Agent/TCP set syn_ true
Agent/TCP set delay_growth_ true
Agent/TCP set singledup_ 1
Agent/TCP set tcpTick_ 0.01
Agent/TCP set minrto_ 1
Agent/TCP set rtxcur_init_ 6
Agent/TCP set maxrto_ 64
Agent/TCP set SetCWRonRetransmit_ true
# Queue/RED with the text's values (PurpleBaseline.queue, RED, part bdp)
Queue/RED set thresh_ 10
Queue/RED set maxthresh_ 600
Queue/RED set linterm_ 50
Queue/RED set q_weight_ 0.002
Queue/RED set setbit_ true
Queue/RED set mean_pktsize_ 1500
Queue/RED set gentle_ true
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
Queue/RED set wait_ true
set r1 [$ns node]
set r2 [$ns node]
$ns simplex-link $r1 $r2 ${rate}Mb 5ms RED
$ns simplex-link $r2 $r1 ${rate}Mb 5ms DropTail
$ns queue-limit $r1 $r2 660
$ns queue-limit $r2 $r1 660
for {set h 0} {$h < 10} {incr h} {
    set s($h) [$ns node]
    set d($h) [$ns node]
    # one way: access + bottleneck + access = half the base RTT (PurpleBundles.hosts)
    set delay [expr {($rtt * (0.8 + 0.4 * $h / 9.0) / 2 - 0.005) / 2}]
    $ns duplex-link $s($h) $r1 [expr {10 * $rate}]Mb $delay DropTail
    $ns duplex-link $r2 $d($h) [expr {10 * $rate}]Mb $delay DropTail
    foreach {a b} [list $s($h) $r1 $r1 $s($h) $r2 $d($h) $d($h) $r2] { $ns queue-limit $a $b 20000 }
}
set trace [open [lindex $argv 1] w]
$ns trace-queue $r1 $r2 $trace
set red [[$ns link $r1 $r2] queue]
set qmon [$ns monitor-queue $r1 $r2 "" 0.1]
set series [open [lindex $argv 2] w]
puts $series "time_s,queue_packets,average_queue"
for {set i 0} {$i < $flows} {incr i} {
    set h [expr {$i % 10}]
    set tcp($i) [new Agent/TCP/Reno]
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $s($h) $tcp($i)
    $ns attach-agent $d($h) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at [expr {(10 + $i * 1000 / $flows) / 1000.0}] "$ftp($i) start"
}
proc sample {} {
    global ns red qmon series
    set now [$ns now]
    puts $series [format "%.1f,%d,%.3f" $now [$qmon set pkts_] [$red set ave_]]
    $ns at [expr {$now + 0.1}] "sample"
}
proc cuts {label} {
    global tcp flows
    set c 0
    for {set i 0} {$i < $flows} {incr i} { incr c [$tcp($i) set ncwndcuts_] }
    puts "cuts $label $c"
}
$ns at 0.1 "sample"
$ns at 10.0 "cuts 10"
$ns at 100.0 "cuts 100"
$ns at 100.0001 "close $trace; close $series; exit 0"
$ns run
