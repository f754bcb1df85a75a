# Case red-10flows: ten Reno flows over a RED dumbbell (s1..s10 -> r1 -> r2 -> d1..d10; bottleneck
# r1 -> r2 5 Mb/s, 20 ms, 50 packets), access delays 1, 3, ..., 19 ms, starts 0.5, 0.6, ..., 1.4 s,
# 30 s. RED's drops are random: 10 seeds. The Aspen half is red-10flows.yaml; docs/validation.md.
source lib.tcl
source red-common.tcl
set r1 [$ns node]; set r2 [$ns node]
$ns duplex-link $r1 $r2 5Mb 20ms RED
$ns queue-limit $r1 $r2 50
$ns queue-limit $r2 $r1 50
for {set i 0} {$i < 10} {incr i} {
    set s($i) [$ns node]; set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [expr {2 * $i + 1}]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    foreach {a b} [list $s($i) $r1 $r1 $s($i) $r2 $d($i) $d($i) $r2] { $ns queue-limit $a $b 1001 }
}
watch-link bottleneck $r1 $r2
for {set i 0} {$i < 10} {incr i} {
    tcp-flow bulk[expr {$i + 1}] Reno $s($i) $d($i) [expr {0.5 + 0.1 * $i}] {window_ 256}
}
finish-at 30.0
