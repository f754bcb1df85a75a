# The ACNS experiment's set-up (AcnsSites: Aspen's reading of the paper's Figure 8 and Tables 5-6) in
# ns-2.35 itself, without ACNS: the baseline side of Table 11's RTT row, run by the paper's simulator
# with the paper's TCP variant (CUBIC, ns-2.35's Agent/TCP/Linux) or with ns-2's Agent/TCP/Reno (what
# Aspen's ns-2 baseline carries). docs/traces/acns-table9-rtt.md says why; tools/acns-ns2.sh runs it
# for the experiment's 10 seeds.
#
#   ns tools/acns-ns2.tcl reno|cubic|cubic-keep BUFFER T1 T2 T3 U1 U2 U3 [SERIES_FILE [DROPS_FILE]]
#
# T1-T3: start times (s) of the TCP flows #1-#3, U1-U3 of the constant-rate flows (the paper's 0.1,
# 15.1, 30.1 and 0.1, 20.1, 40.1, moved by a seed's offsets). Prints one line per TCP flow:
#   flow N start S acked_pkts A drops D avg_path_rtt_ms R max_path_rtt_ms M samples K
# The path RTT is Aspen's measure (FlowProbeRun.samplePathRtt): every 100 ms while the flow runs,
# the sum over the links of both directions of delay + (bytes queued + frame) x 8 / rate, frame 1040
# bytes forward (a data packet: packetSize_ 1000 + 40, tcp.cc:763) and 44 back (Aspen's ACK frame).
# cubic-keep: cubic with `set_ca_param cubic beta 1024` on every agent (tcp-linux.cc:789-795), so
# CUBIC's ssthresh at a loss is the window (tcp_cubic.c:321; beta_scale stays 23, computed once at
# registration from the default beta, tcp_cubic.c:373); ns.log gets get_ca_param's answer per agent.
# Its flow lines add "rexmit_pkts R": the flow's data packets entering its host link with a seqno at
# or below one already sent (Agent/TCP/Linux keeps no nrexmitpack_). DROPS_FILE (any variant): the
# drops at the two last miles per second and flow, "time_s,flow,drops" (second k = [k-1, k)).
# cubic-keep's flow lines add "host_drops H" too: the flow's packets dropped at its host link. The
# environment's HOST_BUFFER (packets, default 1000) sets the host links' limit: 100 is what Aspen's
# scenario gives them (no buffer given: QueueSpecs.DEFAULT_BUFFER_PACKETS), 1000 what this script
# always ran (docs/traces/acns-cubic-keep/README.md).
if {$argc < 8} {
    puts stderr "usage: ns acns-ns2.tcl reno|cubic|cubic-keep BUFFER T1 T2 T3 U1 U2 U3 \[SERIES_FILE \[DROPS_FILE\]\]"
    exit 2
}
set variant [lindex $argv 0]
set buffer [lindex $argv 1]
set starts [lrange $argv 2 4]
set ustarts [lrange $argv 5 7]
set series ""
if {$argc > 8} { set series [open [lindex $argv 8] w] }
set dropsfile ""
if {$argc > 9} { set dropsfile [lindex $argv 9] }
if {$variant != "reno" && $variant != "cubic" && $variant != "cubic-keep"} {
    puts stderr "acns-ns2.tcl: variant must be reno, cubic or cubic-keep, not '$variant'"
    exit 2
}
set ns [new Simulator]
set duration 118.0
foreach n {ra i1 i2 rb n0 n1 n2 n3 n4 n5} { set node($n) [$ns node] }
# rate (b/s) and delay (s) of every link, for the path RTT
proc link {a b rate delay limit} {
    global ns node lrate ldelay qmon
    $ns duplex-link $node($a) $node($b) $rate $delay DropTail
    $ns queue-limit $node($a) $node($b) $limit
    $ns queue-limit $node($b) $node($a) $limit
    foreach {x y} [list $a $b $b $a] {
        set lrate($x:$y) [bw_parse $rate]
        set ldelay($x:$y) [time_parse $delay]
        set qmon($x:$y) [$ns monitor-queue $node($x) $node($y) "" 0.1]
    }
}
# host links 10 Mb/s 2 ms with Aspen's default limit (1000 packets, LinkConfig.DEFAULT), the last
# miles 3 Mb/s 10 ms with the experiment's buffer, the ISP core 100 Mb/s 20 ms (AcnsSites)
set hostbuf 1000
if {[info exists env(HOST_BUFFER)]} { set hostbuf $env(HOST_BUFFER) }
foreach h {n0 n1 n2} { link $h ra 10Mb 2ms $hostbuf }
foreach h {n3 n4 n5} { link rb $h 10Mb 2ms $hostbuf }
link ra i1 3Mb 10ms $buffer
link i1 i2 100Mb 20ms 1000
link i2 rb 3Mb 10ms $buffer
set drops [open drops.tr w]
$ns trace-queue $node(ra) $node(i1) $drops
$ns trace-queue $node(i2) $node(rb) $drops
if {$variant == "cubic-keep"} {
    # the senders' host links, for the retransmissions (#1, #2 from n0, #3 from n1)
    set sent [open sent.tr w]
    $ns trace-queue $node(n0) $node(ra) $sent
    $ns trace-queue $node(n1) $node(ra) $sent
}

# TCP flows (Table 5): #1 n0 -> n5, #2 n0 -> n4, #3 n1 -> n3, run to 118 s
set flows {{n0 n5} {n0 n4} {n1 n3}}
set path(1) {n0 ra i1 i2 rb n5}
set path(2) {n0 ra i1 i2 rb n4}
set path(3) {n1 ra i1 i2 rb n3}
for {set i 1} {$i <= 3} {incr i} {
    set f [lindex $flows [expr $i - 1]]
    if {$variant == "reno"} {
        set tcp($i) [new Agent/TCP/Reno]
        set sink($i) [new Agent/TCPSink]
    } else {
        # ns-2.35's Linux TCP as its own example runs it: tcl/ex/tcp-linux/simple.tcl:41-49, 60
        set tcp($i) [new Agent/TCP/Linux]
        $tcp($i) set timestamps_ true                ;# simple.tcl:42
        set sink($i) [new Agent/TCPSink/Sack1]       ;# simple.tcl:48
        $sink($i) set ts_echo_rfc1323_ true          ;# simple.tcl:49
    }
    $tcp($i) set packetSize_ 1000
    $tcp($i) set window_ 10000
    $tcp($i) set fid_ $i
    $ns attach-agent $node([lindex $f 0]) $tcp($i)
    $ns attach-agent $node([lindex $f 1]) $sink($i)
    $ns connect $tcp($i) $sink($i)
    if {$variant != "reno"} { $ns at 0 "$tcp($i) select_ca cubic" }   ;# simple.tcl:60 (highspeed there)
    if {$variant == "cubic-keep"} {
        $ns at 0 "$tcp($i) set_ca_param cubic beta 1024"                ;# tcp-linux.cc:789-795
        $ns at 0 "$tcp($i) get_ca_param cubic beta"                     ;# tcp-linux.cc:796-805
    }
    set ftp($i) [$tcp($i) attach-source FTP]
    set start($i) [lindex $starts [expr $i - 1]]
    $ns at $start($i) "$ftp($i) start"
    set rttsum($i) 0.0; set rttmax($i) 0.0; set rttn($i) 0; set lastack($i) 0
    set fixsum($i) 0.0; set qlsum($i) 0.0; set qosum($i) 0.0
}
# constant-rate flows (Table 6): 1000-byte packets, n0 -> n3 0.5, n1 -> n4 0.6, n2 -> n5 0.5 Mb/s
set udps {{n0 n3 0.5Mb} {n1 n4 0.6Mb} {n2 n5 0.5Mb}}
for {set i 1} {$i <= 3} {incr i} {
    set u [lindex $udps [expr $i - 1]]
    set udp($i) [new Agent/UDP]
    $udp($i) set fid_ [expr 10 + $i]
    set null($i) [new Agent/Null]
    $ns attach-agent $node([lindex $u 0]) $udp($i)
    $ns attach-agent $node([lindex $u 1]) $null($i)
    $ns connect $udp($i) $null($i)
    set cbr($i) [new Application/Traffic/CBR]
    $cbr($i) set packetSize_ 1000
    $cbr($i) set rate_ [lindex $u 2]
    $cbr($i) attach-agent $udp($i)
    $ns at [lindex $ustarts [expr $i - 1]] "$cbr($i) start"
}

# {fixed, queued at ra -> i1, queued elsewhere} (s) along hops: fixed = delay + frame x 8 / rate
proc delay {hops frame} {
    global lrate ldelay qmon
    set fixed 0.0; set qlast 0.0; set qother 0.0
    for {set k 0} {$k < [llength $hops] - 1} {incr k} {
        set l [lindex $hops $k]:[lindex $hops [expr $k + 1]]
        set fixed [expr $fixed + $ldelay($l) + $frame * 8.0 / $lrate($l)]
        set q [expr [$qmon($l) set size_] * 8.0 / $lrate($l)]
        if {$l == "ra:i1"} { set qlast [expr $qlast + $q] } else { set qother [expr $qother + $q] }
    }
    return [list $fixed $qlast $qother]
}
proc reverse {l} { set r {}; foreach x $l { set r [linsert $r 0 $x] }; return $r }
set tick 0
proc sample {} {
    global ns tick path start rttsum rttmax rttn tcp lastack series fixsum qlsum qosum
    incr tick
    set now [expr $tick * 0.1]
    for {set i 1} {$i <= 3} {incr i} {
        if {$now <= $start($i)} continue
        set fw [delay $path($i) 1040]
        set bw [delay [reverse $path($i)] 44]
        set parts {}
        foreach a $fw b $bw { lappend parts [expr ($a + $b) * 1000.0] }
        set ms [expr [lindex $parts 0] + [lindex $parts 1] + [lindex $parts 2]]
        set rttsum($i) [expr $rttsum($i) + $ms]
        set fixsum($i) [expr $fixsum($i) + [lindex $parts 0]]
        set qlsum($i) [expr $qlsum($i) + [lindex $parts 1]]
        set qosum($i) [expr $qosum($i) + [lindex $parts 2]]
        incr rttn($i)
        if {$ms > $rttmax($i)} { set rttmax($i) $ms }
        if {$series != "" && $tick % 10 == 0} {
            set a [$tcp($i) set ack_]
            puts $series [format "%.1f,tcp%d,%.4f,%.1f,%.1f,%.1f,%.2f" $now $i [expr ($a - $lastack($i)) * 1000 * 8 / 1e6] $ms \
                [lindex $parts 1] [lindex $parts 2] [$tcp($i) set cwnd_]]
            set lastack($i) $a
        }
    }
    if {$tick < 1180} { $ns at [expr ($tick + 1) * 0.1] "sample" }
}
$ns at 0.1 "sample"
if {$series != ""} { puts $series "time_s,flow,throughput_mbps,path_rtt_ms,queue_ra_i1_ms,queue_other_ms,cwnd" }

proc finish {} {
    global tcp start rttsum rttmax rttn drops series fixsum qlsum qosum variant sent dropsfile duration
    close $drops
    if {$series != ""} { close $series }
    # drops by flow id at the two last miles ('d' lines, field 2 = time, field 8 = fid)
    set f [open drops.tr r]
    array set d {1 0 2 0 3 0}
    while {[gets $f line] >= 0} {
        if {[string index $line 0] == "d"} {
            set fid [lindex $line 7]
            if {[info exists d($fid)]} {
                incr d($fid)
                set sec [expr int([lindex $line 1]) + 1]
                if {[info exists dsec($fid:$sec)]} { incr dsec($fid:$sec) } else { set dsec($fid:$sec) 1 }
            }
        }
    }
    close $f
    if {$dropsfile != ""} {
        set o [open $dropsfile w]
        puts $o "time_s,flow,drops"
        for {set sec 1} {$sec <= int($duration)} {incr sec} {
            for {set i 1} {$i <= 3} {incr i} {
                set n 0
                if {[info exists dsec($i:$sec)]} { set n $dsec($i:$sec) }
                puts $o "$sec.0,tcp$i,$n"
            }
        }
        close $o
    }
    # retransmissions: '+' lines of a flow's data packets (field 5 tcp, 8 fid, 11 seqno) at or below its
    # highest seqno so far
    array set rx {1 0 2 0 3 0}
    array set hd {1 0 2 0 3 0}
    if {$variant == "cubic-keep"} {
        close $sent
        array set top {1 -1 2 -1 3 -1}
        set f [open sent.tr r]
        while {[gets $f line] >= 0} {
            if {[string index $line 0] == "d"} {
                set fid [lindex $line 7]
                if {[info exists hd($fid)]} { incr hd($fid) }
            }
            if {[string index $line 0] == "+" && [lindex $line 4] == "tcp"} {
                set fid [lindex $line 7]
                set seq [lindex $line 10]
                if {![info exists top($fid)]} continue
                if {$seq <= $top($fid)} { incr rx($fid) } else { set top($fid) $seq }
            }
        }
        close $f
    }
    for {set i 1} {$i <= 3} {incr i} {
        set n $rttn($i)
        set extra ""
        if {$variant == "cubic-keep"} { set extra " rexmit_pkts $rx($i) host_drops $hd($i)" }
        puts [format "flow %d start %.6f acked_pkts %d drops %d avg_path_rtt_ms %.1f max_path_rtt_ms %.1f fixed_ms %.1f queue_ra_i1_ms %.1f queue_other_ms %.1f%s samples %d" \
            $i $start($i) [$tcp($i) set ack_] $d($i) [expr $rttsum($i) / $n] $rttmax($i) [expr $fixsum($i) / $n] \
            [expr $qlsum($i) / $n] [expr $qosum($i) / $n] $extra $n]
    }
    exit 0
}
$ns at $duration "finish"
$ns run
