# Case red-2flows: two Reno flows over a RED dumbbell (s1, s2 -> r1 -> r2 -> d1, d2; bottleneck r1 -> r2
# 1.5 Mb/s, 20 ms, 50 packets), access delays 1 and 5 ms, starts 0.5 and 0.7 s, 30 s. RED's drops are
# random: 10 seeds. The Aspen half is red-2flows.yaml; docs/validation.md.
source lib.tcl
source red-common.tcl
set r1 [$ns node]; set r2 [$ns node]
$ns duplex-link $r1 $r2 1.5Mb 20ms RED
$ns queue-limit $r1 $r2 50
$ns queue-limit $r2 $r1 50
set delays {1 5}
set starts {0.5 0.7}
for {set i 0} {$i < 2} {incr i} {
    set s($i) [$ns node]; set d($i) [$ns node]
    $ns duplex-link $s($i) $r1 10Mb [lindex $delays $i]ms DropTail
    $ns duplex-link $r2 $d($i) 10Mb 1ms DropTail
    foreach {a b} [list $s($i) $r1 $r1 $s($i) $r2 $d($i) $d($i) $r2] { $ns queue-limit $a $b 1001 }
}
watch-link bottleneck $r1 $r2
for {set i 0} {$i < 2} {incr i} {
    tcp-flow bulk[expr {$i + 1}] Reno $s($i) $d($i) [lindex $starts $i] {window_ 256}
}
finish-at 30.0
