# Case abcd-droptail-260ms: ACC-ABCD's Reno baseline (drop-tail in bytes, no ABCD) with the long link at
# 100 ms: base RTT 260 ms. 200 s, 10 seeds. The Aspen half is abcd-droptail-260ms.yaml; docs/validation.md.
set longDelay 100
set duration 200.0
source abcd-common.tcl
