# Case reno-droptail: one Reno flow over a drop-tail bottleneck whose buffer (8 packets) is below the
# bandwidth-delay product (1.5 Mb/s x 84 ms = 15.75 packets of 1000 bytes): a sawtooth of fast
# retransmits. The Aspen half is reno-droptail.yaml; docs/validation.md.
set window 256
set duration 30.0
source reno-common.tcl
