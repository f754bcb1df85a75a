# The single-flow drop-tail path of reno-droptail and reno-timeout (docs/validation.md): s -> r -> d,
# access 10 Mb/s 1 ms, bottleneck r -> d 1.5 Mb/s 40 ms with Aspen's buffer of 8 packets; one Reno
# flow from 0.5 s. The case sets $window (window_) and $duration before sourcing this file.
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
tcp-flow bulk Reno $s $d 0.5 [list window_ $window]
finish-at $duration
