# Case acns-droptail-58ms: ACNS's Reno baseline (drop-tail last miles, no ACNS) with the ISP core at
# 5 ms: base RTT 58 ms. 118 s, 10 seeds. The Aspen half is acns-droptail-58ms.yaml; docs/validation.md.
set coreDelay 5
source acns-common.tcl
