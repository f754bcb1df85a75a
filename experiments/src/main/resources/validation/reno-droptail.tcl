# Case reno-droptail: one Reno flow over a drop-tail bottleneck whose buffer (8 packets) is below the
# bandwidth-delay product (1.5 Mb/s x 84 ms = 15.75 packets of 1000 bytes): a sawtooth of fast
# retransmits. The Aspen half is reno-droptail.yaml; docs/validation.md.
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
tcp-flow bulk Reno $s $d 0.5 {window_ 256}
finish-at 30.0
