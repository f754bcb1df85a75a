# ACC's Figure 4 dumbbell as docs/results-acc.md reads the paper (examples/scenarios/acc-dumbbell.yaml
# without ACC): s1, s2 -> r1 => r2 -> r3 -> d1, d2; cross traffic x1, x2 -> r2 -> r3 -> y1, y2. Every
# link 10 Mb/s, 10 ms, but the long link r1 -> r2 (delay $longDelay ms) and the bottleneck r2 -> r3
# (1.5 Mb/s, 10 ms, RED, 50 packets). Two Reno flows (window_ 20: ns-2's default, issue 28 item 2)
# from 1.0 and 1.1 s; four exponential on/off sources of 100 kb/s, 1000-byte packets, 2.5 s means.
# Aspen's links without a buffer hold 100 packets: drop-tail limit_ 101 here (lib.tcl).
# A case may set, before sourcing this file (the acc-*-wide cases do; unset, the acc-red-* cases as before):
#   accAgent      the Reno agents' settings, name value pairs (default {window_ 20})
#   accQueue      the bottleneck's queue, RED or DropTail (default RED; queue-limit 50 either way)
#   accRed        Queue/RED settings applied over red-common.tcl's, name value pairs (default none)
#   accVariant    the bulk agents' Agent/TCP/ variant (default Reno; tools/acc-headroom.sh runs Newreno too)
source lib.tcl
source red-common.tcl
if {![info exists accAgent]} { set accAgent {window_ 20} }
if {![info exists accQueue]} { set accQueue RED }
if {![info exists accRed]} { set accRed {} }
if {![info exists accVariant]} { set accVariant Reno }
foreach {k v} $accRed { Queue/RED set $k $v }
foreach n {r1 r2 r3 s1 s2 x1 x2 d1 d2 y1 y2} { set $n [$ns node] }
proc link {a b delay {kind DropTail} {limit 101}} {
    global ns
    $ns duplex-link $a $b 10Mb $delay $kind
    $ns queue-limit $a $b $limit
    $ns queue-limit $b $a $limit
}
link $s1 $r1 10ms
link $s2 $r1 10ms
link $x1 $r2 10ms
link $x2 $r2 10ms
link $r3 $d1 10ms
link $r3 $d2 10ms
link $r3 $y1 10ms
link $r3 $y2 10ms
link $r1 $r2 ${longDelay}ms
$ns duplex-link $r2 $r3 1.5Mb 10ms $accQueue
$ns queue-limit $r2 $r3 50
$ns queue-limit $r3 $r2 50
watch-link bottleneck $r2 $r3
tcp-flow bulk1 $accVariant $s1 $d1 1.0 $accAgent
tcp-flow bulk2 $accVariant $s2 $d2 1.1 $accAgent
onoff $x1 $y1 100k 1000 2.5 2.5 0
onoff $x1 $y2 100k 1000 2.5 2.5 0
onoff $x2 $y1 100k 1000 2.5 2.5 0
onoff $x2 $y2 100k 1000 2.5 2.5 0
finish-at 200.0
