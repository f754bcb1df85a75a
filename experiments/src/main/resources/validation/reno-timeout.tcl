# Case reno-timeout: the set-up of reno-droptail with the window capped at 26 packets, so that slow start
# overshoots by exactly three losses in one window (packets 48, 50 and 55, read from ns-2), which
# Reno cannot repair without a timeout. The Aspen half is reno-timeout.yaml; docs/validation.md.
source lib.tcl
set s [$ns node]; set r [$ns node]; set d [$ns node]
$ns duplex-link $s $r 10Mb 1ms DropTail
$ns duplex-link $r $d 1.5Mb 40ms DropTail
$ns queue-limit $s $r 1001
$ns queue-limit $r $s 1001
$ns queue-limit $d $r 9
# Aspen's buffer 8: DropTail's limit_ counts one more (lib.tcl)
$ns queue-limit $r $d 9
watch-link bottleneck $r $d
tcp-flow bulk Reno $s $d 0.5 {window_ 26}
finish-at 10.0
