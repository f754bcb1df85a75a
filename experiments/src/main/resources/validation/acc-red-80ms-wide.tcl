# Case acc-red-80ms-wide: ACC's Fig. 5 set-up on the pre-registered primary's agent (aspen experiment acc-figure4
# --baseline ns2-wide: AccBaseline.NS2_WIDE), Reno over RED, long link at 10 ms (base RTT 80 ms), 200 s, 10 seeds.
# The Aspen half is acc-red-80ms-wide.yaml (aspen experiment acc-figure4 --baseline ns2-wide --print-scenario red:10);
# docs/validation.md, "ACC's Fig. 5 at 660 ms with window_ 10,000".
# The agent: ns-2's defaults of 1998 as docs/ns2-baseline.md reads ACC (window_ 10,000; windowInit_ 1, no
# syn_, no Limited Transmit, tcpTick_ 0.1, no minrto_, rtxcur_init_ 6, maxrto_ 64).
# RED as the experiment's ns2-red: red-common.tcl's packet-mode 5/15/0.002/linterm 10 with gentle_ false
# (before 2001-04-23) and ns-2.35's defaults for what the experiment leaves unset (use_mark_p_ true,
# mean_pktsize_ 500).
set longDelay 10
set accQueue RED
set accAgent {window_ 10000 windowInit_ 1 syn_ 0 singledup_ 0 tcpTick_ 0.1 minrto_ 0 rtxcur_init_ 6.0 maxrto_ 64}
set accRed {gentle_ false use_mark_p_ true mean_pktsize_ 500 setbit_ false}
source acc-common.tcl
