# PURPLE's baseline (docs/results-purple.md, the single-bottleneck part with the BDP queue; docs/ns2-baseline.md's
# PURPLE reading): ten sender hosts s0..s9 -> r1 -> r2 -> ten receivers d0..d9; the bottleneck r1 -> r2 at 20 Mb/s,
# 5 ms, a 660-packet buffer (the paper's BDP) and the case's queue ($aqm: red with the text's parameters, or ared:
# Adaptive RED with ns-2's defaults), ECN on; access links 200 Mb/s with Aspen's 20000-packet buffers, host h's base
# RTT (0.8 + 0.4 h / 9) x $rtt ms as PurpleBundles sets it. 40 greedy ECN-capable Reno flows (f0..f39, host i mod 10,
# started at 10 + 25 i ms), 1500-byte packets, window_ 20 (ns-2's default: the text gives none) and the 2002
# timers of the reading. The case sets $rtt (ms), $aqm and $duration.
source lib.tcl
# RED in packets as in 2002 (bytes_, queue_in_bytes_ false until 2004-10-11, ns-default.tcl:122-123), gentle_ and
# wait_ true, setbit_ true (the text's ECN), mean_pktsize_ 1500 (the text: "we set the average packet size of the
# TCP sources to 1500 Bytes"), use_mark_p_ true with mark_p_ 0.1 (marks only while the probability is below 0.1,
# drops above, as mark_p_ did from 2002-04-30, CHANGES.html:1255-1260).
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
Queue/RED set gentle_ true
Queue/RED set wait_ true
Queue/RED set setbit_ true
Queue/RED set mean_pktsize_ 1500
Queue/RED set use_mark_p_ true
Queue/RED set mark_p_ 0.1
if {$aqm eq "red"} {
    # the text: "For RED, the two thresholds th_min and th_max are 10 and 600 packets, the maximum marking
    # probability is 0.02, and the weight for updating the average queue length w_q is 0.002"
    Queue/RED set thresh_ 10
    Queue/RED set maxthresh_ 600
    Queue/RED set linterm_ 50
    Queue/RED set q_weight_ 0.002
    Queue/RED set adaptive_ 0
} else {
    # the text: "A-RED uses the NS-2 default parameters": adaptive_ 1 with thresh_ 0, maxthresh_ 0, q_weight_ -1
    # (automatic since 2001-12-29, ns-default.tcl:124-138), linterm_ 10, alpha_ 0.01, beta_ 0.9, interval_ 0.5,
    # targetdelay_ 0.005, top_ 0.5, bottom_ 0 (ns-default.tcl:137-167; ns-2.35's values, no older ones recorded)
    Queue/RED set thresh_ 0
    Queue/RED set maxthresh_ 0
    Queue/RED set linterm_ 10
    Queue/RED set q_weight_ -1
    Queue/RED set adaptive_ 1
    Queue/RED set alpha_ 0.01
    Queue/RED set beta_ 0.9
    Queue/RED set interval_ 0.5
    Queue/RED set targetdelay_ 0.005
    Queue/RED set top_ 0.5
    Queue/RED set bottom_ 0
}
set r1 [$ns node]; set r2 [$ns node]
$ns duplex-link $r1 $r2 20Mb 5ms RED
# RED refuses an arrival when length >= limit_ (lib.tcl): Aspen's buffer N, limit_ N
$ns queue-limit $r1 $r2 660
$ns queue-limit $r2 $r1 660
for {set h 0} {$h < 10} {incr h} {
    set s($h) [$ns node]; set d($h) [$ns node]
    # PurpleBundles: access delay (target / 2 - 5 ms) / 2, target = (0.8 + 0.4 h / 9) x rtt, in microseconds as
    # the scenario writes it (%.3f ms)
    set target [expr {$rtt * (0.8 + 0.4 * $h / 9.0)}]
    set delay [format "%.3fms" [expr {($target / 2.0 - 5) / 2.0}]]
    $ns duplex-link $s($h) $r1 200Mb $delay DropTail
    $ns duplex-link $r2 $d($h) 200Mb $delay DropTail
    # Aspen's buffer 20000: DropTail's limit_ counts one more (lib.tcl)
    foreach {a b} [list $s($h) $r1 $r1 $s($h) $r2 $d($h) $d($h) $r2] { $ns queue-limit $a $b 20001 }
}
watch-link bottleneck $r1 $r2
# packetSize_ 1448 + tcpip_base_hdr_size_ 52 (lib.tcl) = 1500 bytes on the wire; SetCWRonRetransmit_ left at
# ns-2.35's true (ns-default.tcl:1027): CWR on the next packet even a retransmission (tcp.cc:694), as the 2002 code
# (output() set CWR whenever cong_action_ was) and ns2-reno
for {set i 0} {$i < 40} {incr i} {
    set h [expr {$i % 10}]
    tcp-flow f$i Reno $s($h) $d($h) [expr {(10 + $i * 25) / 1000.0}] {ecn_ 1 packetSize_ 1448 minrto_ 1 rtxcur_init_ 6 maxrto_ 64}
}
finish-at $duration
