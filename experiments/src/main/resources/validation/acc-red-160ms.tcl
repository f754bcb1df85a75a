# Case acc-red-160ms: ACC's Figure 4 baseline (Reno over RED, no ACC) with the long link at 50 ms:
# base RTT 160 ms. 200 s, 10 seeds. The Aspen half is acc-red-160ms.yaml; docs/validation.md.
set longDelay 50
source acc-common.tcl
