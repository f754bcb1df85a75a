# Case purple-ared-297ms: PURPLE's baseline, 40 ECN-capable Reno flows over Adaptive RED (ns-2's defaults),
# nominal RTT 297 ms (0.75 x 396 ms: bundle 1's in the experiment's multi-bottleneck part), 60 s (the paper's 100 s scaled to 60 %), 10 seeds.
# The Aspen half is purple-ared-297ms.yaml; docs/validation.md.
set rtt 297
set aqm ared
set duration 60.0
source purple-common.tcl
