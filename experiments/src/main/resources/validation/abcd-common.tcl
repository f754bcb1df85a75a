# ACC-ABCD's Reno baseline (docs/results-abcd.md's set-up without ABCD; agent variables from the 2002
# column of docs/ns2-baseline.md): s1..s10 -> r1 => r2 -> r3 -> d1..d10; cross traffic x1, x2 -> r2 -> r3
# -> y1, y2. Every link 10 Mb/s, 10 ms, but the long link r1 -> r2 (delay $longDelay ms) and the bottleneck
# r2 -> r3: 2 Mb/s, 10 ms, DropTail limited in bytes, limit_ 50 x mean_pktsize_ 1000 = 50,000 bytes (the
# text: "the buffering capacity of the queue ... is in bytes"; drop-tail.cc:91-93 drops an arrival when the
# bytes queued plus its own reach 50,000). Ten Reno flows (window_ 20, ns-2's default) from 1.0, 1.05, ...,
# 1.45 s; four exponential on/off sources of 100 kb/s, 1000-byte packets, 2.5 s means. The case sets
# $longDelay and $duration before sourcing this file. Aspen's links without a buffer hold 100 packets:
# drop-tail limit_ 101 there (lib.tcl).
source lib.tcl
foreach n {r1 r2 r3 x1 x2 y1 y2} { set $n [$ns node] }
for {set i 1} {$i <= 10} {incr i} { set s($i) [$ns node]; set d($i) [$ns node] }
proc link {a b delay} {
    global ns
    $ns duplex-link $a $b 10Mb $delay DropTail
    $ns queue-limit $a $b 101
    $ns queue-limit $b $a 101
}
for {set i 1} {$i <= 10} {incr i} {
    link $s($i) $r1 10ms
    link $r3 $d($i) 10ms
}
link $x1 $r2 10ms
link $x2 $r2 10ms
link $r3 $y1 10ms
link $r3 $y2 10ms
link $r1 $r2 ${longDelay}ms
$ns duplex-link $r2 $r3 2Mb 10ms DropTail
foreach {a b} [list $r2 $r3 $r3 $r2] {
    $ns queue-limit $a $b 50
    set q [[$ns link $a $b] queue]
    $q set queue_in_bytes_ true
    $q set mean_pktsize_ 1000
}
watch-link bottleneck $r2 $r3
# the 2002 column (docs/ns2-baseline.md): ns-2.35's defaults but minrto_ 1 s, rtxcur_init_ 6 s, maxrto_ 64 s
for {set i 1} {$i <= 10} {incr i} {
    tcp-flow bulk$i Reno $s($i) $d($i) [expr {(1000 + 50 * ($i - 1)) / 1000.0}] {window_ 20 minrto_ 1.0 rtxcur_init_ 6.0 maxrto_ 64}
}
onoff $x1 $y1 100k 1000 2.5 2.5 0
onoff $x1 $y2 100k 1000 2.5 2.5 0
onoff $x2 $y1 100k 1000 2.5 2.5 0
onoff $x2 $y2 100k 1000 2.5 2.5 0
finish-at $duration
