# ns-2's own Reno halves min(cwnd_, window_), not cwnd_ (docs/traces/acc-ns2-drops.md, the window cap):
# window_ 8, one drop by ns-2's list error model on the second link; cwnd_ grows past window_ while
# the window bounds the sender, and the fast retransmit leaves cwnd_ 4, ssthresh_ 4.
# Run: ns tools/ns2-reno-window-cap.tcl | sed -n 45,50p   (13.057 before, 4.000 after)
set ns [new Simulator]
set n0 [$ns node]; set n1 [$ns node]; set n2 [$ns node]
$ns duplex-link $n0 $n1 10Mb 5ms DropTail
$ns duplex-link $n1 $n2 10Mb 5ms DropTail
set em [new ErrorModel/List]
$em droplist {60}
$ns lossmodel $em $n1 $n2
set tcp [new Agent/TCP/Reno]
$tcp set window_ 8
$tcp set packetSize_ 1000
set sink [new Agent/TCPSink]
$ns attach-agent $n0 $tcp; $ns attach-agent $n2 $sink; $ns connect $tcp $sink
set ftp [new Application/FTP]; $ftp attach-agent $tcp
proc watch {} { global ns tcp; set t [$ns now]
  puts [format "%.4f cwnd_ %.3f ssthresh_ %d t_seqno_ %d ack_ %d" $t [$tcp set cwnd_] [$tcp set ssthresh_] [$tcp set t_seqno_] [$tcp set ack_]]
  if {$t < 1.0} { $ns at [expr $t + 0.005] "watch" } }
$ns at 0.0 "$ftp start"; $ns at 0.0 "watch"; $ns at 1.0 "exit 0"; $ns run
