# Case abcd-droptail-660ms: ACC-ABCD's Reno baseline (drop-tail in bytes, no ABCD) with the long link at
# 300 ms: base RTT 660 ms. 200 s, 10 seeds. The Aspen half is abcd-droptail-660ms.yaml; docs/validation.md.
set longDelay 300
set duration 200.0
source abcd-common.tcl
