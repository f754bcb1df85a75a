# Case purple-red-297ms: PURPLE's baseline, 40 ECN-capable Reno flows over RED (the text's 10/600, max_p 0.02, w_q 0.002),
# nominal RTT 297 ms (0.75 x 396 ms: bundle 1's in the experiment's multi-bottleneck part), 60 s (the paper's 100 s scaled to 60 %), 10 seeds.
# The Aspen half is purple-red-297ms.yaml; docs/validation.md.
set rtt 297
set aqm red
set duration 60.0
source purple-common.tcl
