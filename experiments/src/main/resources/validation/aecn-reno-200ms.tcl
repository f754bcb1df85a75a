# Case aecn-reno-200ms: AntiECN's baseline, one ECN-capable Reno flow over AVQ, base RTT 200 ms (BDP 250 packets
# of 1000 bytes at 10 Mb/s), 1000 RTTs = 200 s. The Aspen half is aecn-reno-200ms.yaml; docs/validation.md.
set rtt 200
set bdp 250
set duration 200.0
source aecn-common.tcl
