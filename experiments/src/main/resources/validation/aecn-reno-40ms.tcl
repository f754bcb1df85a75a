# Case aecn-reno-40ms: AntiECN's baseline, one ECN-capable Reno flow over AVQ, base RTT 40 ms (BDP 50 packets of
# 1000 bytes at 10 Mb/s), 1000 RTTs = 40 s. The Aspen half is aecn-reno-40ms.yaml; docs/validation.md.
set rtt 40
set bdp 50
set duration 40.0
source aecn-common.tcl
