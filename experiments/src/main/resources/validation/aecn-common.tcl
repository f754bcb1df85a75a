# AntiECN's baseline (docs/results-aecn.md, Table I's "No AECN" row on ns-2's Reno, docs/ns2-baseline.md's
# AntiECN reading) scaled to 1 % of the paper's link (docs/validation.md): s -> r -> d, r -> d the bottleneck at
# 10 Mb/s with the whole propagation delay but 1 ms ($rtt ms base RTT), its queue AVQ as ns-2's Queue/Vq
# (queue/vq.cc: Kunniyur and Srikant's AVQ) with the paper's desired utilisation 0.96, the real buffer one BDP
# ($bdp packets of 1000 bytes, as AecnRun sizes it) and the virtual buffer the same bytes; access link 100 Mb/s,
# 1 ms, Aspen's buffer of 65535 packets. One ECN-capable Reno flow from 0 s, 1040-byte packets, the reading's
# 2002 timers, window_ 100000 (the text's "very large" receiver window). The case sets $rtt, $bdp, $duration.
source lib.tcl
# Queue/Vq in packets (queue_in_bytes_ false): vq.cc:195 counts one per arrival and vq.cc:183, 192 drain
# c_ / (8 mean_pktsize_) per second; with mean_pktsize_ 1040 that is the link's rate in this case's 1040-byte packets, and buflim_
# 1000/1040 makes the virtual buffer (vq.cc:242, buflim_ x limit_) $bdp x 1000 bytes, Aspen's avq
# virtual_buffer_packets. ecnlim_ 1: the virtual capacity starts at the link's (vq.cc:185; Aspen's avq starts
# at C). markpkts_ true: AVQ marks ECN-capable packets (vq.cc:200-201, 268; ns-default.tcl:228 would drop). alpha
# is vq.cc's fixed 0.15 (vq.cc:129), Aspen's avq alpha.
Queue/Vq set queue_in_bytes_ false
Queue/Vq set markpkts_ true
Queue/Vq set markfront_ 0
Queue/Vq set drop_front_ 0
Queue/Vq set ecnlim_ 1.0
Queue/Vq set buflim_ [expr {1000.0 / 1040}]
Queue/Vq set gamma_ 0.96
Queue/Vq set mean_pktsize_ 1040
set s [$ns node]; set r [$ns node]; set d [$ns node]
$ns duplex-link $s $r 100Mb 1ms DropTail
$ns queue-limit $s $r 65536
$ns queue-limit $r $s 65536
# AVQ on the data direction only, as AecnRun puts it on r's end (the ACKs' direction, d -> r, never queues)
$ns simplex-link $r $d 10Mb [expr {$rtt / 2.0 - 1}]ms Vq
$ns simplex-link $d $r 10Mb [expr {$rtt / 2.0 - 1}]ms DropTail
# Queue/Vq refuses an arrival when more than limit_ packets would wait (vq.cc:221): Aspen's buffer N, limit_ N
$ns queue-limit $r $d $bdp
$ns queue-limit $d $r 65536
# Queue/Vq reads the link's rate only from its 'link' command (vq.cc:145), which no link helper sends
set l [$ns link $r $d]
[$l queue] link [$l link]
watch-link bottleneck $r $d
# packetSize_ 988 + tcpip_base_hdr_size_ 52 (lib.tcl) = 1040 bytes: the reading's packetSize_ 1000 plus 40;
# SetCWRonRetransmit_ left at ns-2.35's true (ns-default.tcl:1027): CWR on the next packet after a cut, even a
# retransmission (tcp.cc:694), as the 2002 code did (its output() set CWR whenever cong_action_ was) and as ns2-reno
tcp-flow bulk Reno $s $d 0.0 {window_ 100000 ecn_ 1 packetSize_ 988 minrto_ 1 rtxcur_init_ 6 maxrto_ 64}
finish-at $duration
