# Case acc-red-80ms: ACC's Figure 4 baseline (Reno over RED, no ACC) with the long link at 10 ms:
# base RTT 80 ms. 200 s, 10 seeds. The Aspen half is acc-red-80ms.yaml; docs/validation.md.
set longDelay 10
source acc-common.tcl
