# Case acns-droptail-88ms: ACNS's Reno baseline (drop-tail last miles, no ACNS) with the ISP core at
# 20 ms: base RTT 88 ms. 118 s, 10 seeds. The Aspen half is acns-droptail-88ms.yaml; docs/validation.md.
set coreDelay 20
source acns-common.tcl
