# ACNS's Reno baseline (docs/results-acns.md's set-up, config 'reno', without the seeds' start offsets;
# the agent at ns-2.35's defaults, docs/ns2-baseline.md): site A n0, n1, n2 -> ra -> i1 => i2 -> rb -> site B
# n3, n4, n5. Host links 10 Mb/s, 2 ms; last-mile links ra - i1 and i2 - rb 3 Mb/s, 10 ms, DropTail
# limit_ 100; ISP core i1 - i2 100 Mb/s, $coreDelay ms. Three Reno flows (ns-2.35's defaults:
# window_ 20, packetSize_ 1000 plus the 40-byte header = 1040 bytes on the wire) n0 -> n5 from 0.1 s,
# n0 -> n4 from 15.1 s, n1 -> n3 from 30.1 s; constant-rate UDP (1000-byte packets) n0 -> n3 0.5 Mb/s
# from 0.1 s, n1 -> n4 0.6 Mb/s from 20.1 s, n2 -> n5 0.5 Mb/s from 40.1 s; 118 s. The queue builds
# at ra -> i1. The case sets $coreDelay before sourcing this file. Aspen's links without a buffer
# hold 100 packets: drop-tail limit_ 101 there (lib.tcl).
source lib.tcl
foreach n {ra i1 i2 rb n0 n1 n2 n3 n4 n5} { set $n [$ns node] }
proc link {a b rate delay limit} {
    global ns
    $ns duplex-link $a $b $rate $delay DropTail
    $ns queue-limit $a $b $limit
    $ns queue-limit $b $a $limit
}
foreach h [list $n0 $n1 $n2] { link $h $ra 10Mb 2ms 101 }
foreach h [list $n3 $n4 $n5] { link $rb $h 10Mb 2ms 101 }
link $ra $i1 3Mb 10ms 100
link $i1 $i2 100Mb ${coreDelay}ms 101
link $i2 $rb 3Mb 10ms 100
watch-link bottleneck $ra $i1
# packetSize_ 988 + tcpip_base_hdr_size_ 52 (lib.tcl) = 1040 bytes on the wire: ns-2.35's packetSize_ 1000 + 40
tcp-flow tcp1 Reno $n0 $n5 0.1 {packetSize_ 988}
tcp-flow tcp2 Reno $n0 $n4 15.1 {packetSize_ 988}
tcp-flow tcp3 Reno $n1 $n3 30.1 {packetSize_ 988}
cbr udp1 $n0 $n3 500k 1000 0.1
cbr udp2 $n1 $n4 600k 1000 20.1
cbr udp3 $n2 $n5 500k 1000 40.1
finish-at 118.0
