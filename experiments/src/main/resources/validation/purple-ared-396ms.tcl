# Case purple-ared-396ms: PURPLE's baseline, 40 ECN-capable Reno flows over Adaptive RED (ns-2's defaults),
# nominal RTT 396 ms (the experiment's: 660 packets of 1500 bytes at 20 Mb/s), 60 s (the paper's 100 s scaled to 60 %), 10 seeds.
# The Aspen half is purple-ared-396ms.yaml; docs/validation.md.
set rtt 396
set aqm ared
set duration 60.0
source purple-common.tcl
