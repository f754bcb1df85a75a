# Shared procedures of the ns-2.35 halves of Aspen's validation cases (docs/validation.md).
# A case script sources this file, builds its topology, calls the procedures below and ends with
# 'finish-at T'. The runner (org.aspen.experiments.validation.Ns2Runner) runs
#   ns CASE.tcl SEED
# in a scratch directory and reads what these procedures write there:
#   summary.txt        one line per TCP flow and per RED queue: name, then key value pairs (a flow's
#                      necnresponses: its window cuts on ECN echoes, tcp.cc:1433)
#   cwnd-NAME.tr       the agent's traced cwnd_, nrexmit_ and ncwndcuts1_ (time saddr sport daddr dport var value)
#   queue-NAME.tr      the trace-queue of a watched link (ns-2's packet trace format; the runner reads the 'd' lines)
#   ave-NAME.tr        RED's traced ave_ (time var value), for cases that watch RED's average
#
# Alignments with Aspen (all stated in docs/validation.md):
#   data packets: Agent/TCP packetSize_ 948 plus tcpip_base_hdr_size_ 52 (tcp/tcp.cc:763 adds
#     headersize(), tcp/tcp.cc:634) = 1000 bytes on the wire = Aspen's VNet header 20 + RDP fixed
#     header 24 + sender-state part 16 + 940 data bytes (flows with 'segment: 940');
#   the SYN: ns-2 sends it as tcpip_base_hdr_size_ bytes alone (tcp/tcp.cc:705), so 52 makes it RDP's
#     52-byte SYN; ns-2.35's Agent/TCP uses tcpip_base_hdr_size_ nowhere else than headersize()
#     (tcp/tcp.cc:636), whose other callers are Quick-Start's (tcp/tcp.cc:727,1661; qs_enabled_ 0);
#   ACKs: Agent/TCPSink packetSize_ 44 = VNet header 20 + RDP fixed header 24 (an ACK with no EACK);
#   drop-tail: ns-2's DropTail refuses an arrival when (length + 1) >= limit_ (queue/drop-tail.cc:92), so
#     it holds limit_ - 1 waiting packets; Aspen's buffer N holds N waiting: queue-limit = N + 1;
#   RED: ns-2 refuses an arrival when length >= limit_ (queue/red.cc:714): queue-limit = N.

set ns [new Simulator]
set seed [expr {$argc > 0 ? [lindex $argv 0] : 1}]
# every random draw of ns-2 (RED's drops, on/off periods) comes from the default RNG (tcl/lib/ns-random.tcl:102)
$defaultRNG seed $seed
set flows {}
set redqueues {}
set files {}

Agent/TCP set tcpip_base_hdr_size_ 52
Agent/TCP set packetSize_ 948
Agent/TCPSink set packetSize_ 44

# A bulk TCP flow (FTP over Agent/TCP/$variant) from node $from to node $to, started at $start.
# Extra agent settings come as a list of name value pairs, e.g. {window_ 256}.
proc tcp-flow {name variant from to start {settings {}}} {
    global ns flows files
    set tcp [new Agent/TCP/$variant]
    foreach {k v} $settings { $tcp set $k $v }
    $tcp set fid_ [expr {[llength $flows] + 1}]
    set sink [new Agent/TCPSink]
    $ns attach-agent $from $tcp
    $ns attach-agent $to $sink
    $ns connect $tcp $sink
    set f [open cwnd-$name.tr w]
    lappend files $f
    $tcp attach $f
    $tcp trace cwnd_
    $tcp trace nrexmit_
    $tcp trace ncwndcuts1_
    set ftp [$tcp attach-source FTP]
    $ns at $start "$ftp start"
    lappend flows [list $name $tcp $start]
    return $tcp
}

# Writes the packet trace of the link from $a to $b into queue-$name.tr.
proc watch-link {name a b} {
    global ns files
    set f [open queue-$name.tr w]
    lappend files $f
    $ns trace-queue $a $b $f
}

# Traces RED's average ave_ of the queue from $a to $b into ave-$name.tr.
proc watch-red {name a b} {
    global ns files redqueues
    set q [[$ns link $a $b] queue]
    set f [open ave-$name.tr w]
    lappend files $f
    $q trace ave_
    $q attach $f
    lappend redqueues [list $name $q]
}

# A constant-rate source (Application/Traffic/CBR over Agent/UDP) of $size-byte packets at $rate.
proc cbr {name from to rate size start} {
    global ns flows
    set udp [new Agent/UDP]
    set null [new Agent/Null]
    $ns attach-agent $from $udp
    $ns attach-agent $to $null
    $ns connect $udp $null
    set cbr [new Application/Traffic/CBR]
    $cbr set packetSize_ $size
    $cbr set rate_ $rate
    $cbr set random_ 0
    $cbr attach-agent $udp
    $ns at $start "$cbr start"
}

# ns's exponential on/off source (Application/Traffic/Exponential over Agent/UDP).
proc onoff {from to rate size on off start} {
    global ns
    set udp [new Agent/UDP]
    set null [new Agent/Null]
    $ns attach-agent $from $udp
    $ns attach-agent $to $null
    $ns connect $udp $null
    set src [new Application/Traffic/Exponential]
    $src set packetSize_ $size
    $src set rate_ $rate
    $src set burst_time_ $on
    $src set idle_time_ $off
    $src attach-agent $udp
    $ns at $start "$src start"
}

proc finish {} {
    global ns flows redqueues files
    set out [open summary.txt w]
    foreach fl $flows {
        lassign $fl name tcp start
        # ack_ is the highest cumulative ACK; with syn_ true (the default) packet 0 is the SYN: ack_ data packets in order;
        # with syn_ false packet 0 is data: ack_ + 1 (tcp.cc:699-705)
        puts $out "flow $name start $start syn [$tcp set syn_] ack [$tcp set ack_] ndatapack [$tcp set ndatapack_] nrexmitpack [$tcp set nrexmitpack_] nrexmit [$tcp set nrexmit_] ncwndcuts1 [$tcp set ncwndcuts1_] necnresponses [$tcp set necnresponses_] cwnd [$tcp set cwnd_]"
    }
    foreach rq $redqueues {
        lassign $rq name q
        puts $out "red $name ave [$q set ave_]"
    }
    close $out
    $ns flush-trace
    foreach f $files { close $f }
    exit 0
}

proc finish-at {t} {
    global ns
    $ns at $t "finish"
    $ns run
}
