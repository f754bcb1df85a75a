# ns-2.35 reference runs for rdp's Ns2AgainstNsTest: one Agent/TCP/<agent> to an Agent/TCPSink (Sack1's
# for Sack1) over
# 10 ms with (nearly) no serialization (1000 Gb/s), 200 packets of 1000 bytes, ErrorModel/List dropping
# the link's packets by their count (the SYN is 0, resends count too). out.tr is the link's queue
# trace; each data packet's seqno@ms as it leaves the queue (dropped ones never do) makes the fixture:
#   ns dumbbell2.tcl Reno "60 65 70" && \
#   awk '$1=="-" && $5=="tcp" && $11>0 {printf "%s@%d ", $11, $2*1000+0.5}' out.tr | sed 's/ $//' > Reno-60_65_70.txt
# (then a final newline: echo >> Reno-60_65_70.txt); the packets with the congestion-action flag ('A', the
# 4th flag, trace/trace.cc:256), i.e. CWR, make <run>.cwr.txt the same way:
#   awk '$1=="-" && $5=="tcp" && $11>0 && substr($7,4,1)=="A" {printf "%s@%d ", $11, $2*1000+0.5}' out.tr | sed 's/ $//' > Reno-60_65_70.cwr.txt
set agent [lindex $argv 0]
set drops [lindex $argv 1]
set ns [new Simulator]
set f [open out.tr w]
set n0 [$ns node]
set n1 [$ns node]
$ns duplex-link $n0 $n1 1000Gb 10ms DropTail
$ns queue-limit $n0 $n1 10000
$ns trace-queue $n0 $n1 $f
set em [new ErrorModel/List]
eval $em droplist $drops
$ns lossmodel $em $n0 $n1
set tcp [new Agent/TCP/$agent]
$tcp set packetSize_ 1000
if {$agent == "Sack1"} {
    set sink [new Agent/TCPSink/Sack1]
} else {
    set sink [new Agent/TCPSink]
}
$ns attach-agent $n0 $tcp
$ns attach-agent $n1 $sink
$ns connect $tcp $sink
set ftp [$tcp attach-app FTP]
$ns at 0.0 "$ftp produce 200"
$ns at 20.0 "close $f; exit 0"
$ns run
