# Case purple-red-396ms: PURPLE's baseline, 40 ECN-capable Reno flows over RED (the text's 10/600, max_p 0.02, w_q 0.002),
# nominal RTT 396 ms (the experiment's: 660 packets of 1500 bytes at 20 Mb/s), 60 s (the paper's 100 s scaled to 60 %), 10 seeds.
# The Aspen half is purple-red-396ms.yaml; docs/validation.md.
set rtt 396
set aqm red
set duration 60.0
source purple-common.tcl
