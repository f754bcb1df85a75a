# Case red-cbr: RED's average queue under constant-rate arrivals: a 2 Mb/s CBR source of 1000-byte
# packets (evenly spaced) into a 1.5 Mb/s, 10 ms RED link with 50 packets of buffer, from 0.5 s to
# 20 s. RED's drops are random: 10 seeds. The Aspen half is red-cbr.yaml; docs/validation.md.
source lib.tcl
source red-common.tcl
set c [$ns node]; set r [$ns node]; set d [$ns node]
$ns duplex-link $c $r 10Mb 1ms DropTail
$ns duplex-link $r $d 1.5Mb 10ms RED
$ns queue-limit $c $r 1001
$ns queue-limit $r $c 1001
$ns queue-limit $r $d 50
$ns queue-limit $d $r 50
watch-link bottleneck $r $d
watch-red bottleneck $r $d
cbr cbr $c $d 2Mb 1000 0.5
finish-at 20.0
