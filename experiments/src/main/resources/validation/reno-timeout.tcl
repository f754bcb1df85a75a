# Case reno-timeout: the set-up of reno-droptail with the window capped at 26 packets, so that slow start
# overshoots by exactly three losses in one window (packets 48, 50 and 55, read from ns-2), which
# Reno cannot repair without a timeout. The Aspen half is reno-timeout.yaml; docs/validation.md.
set window 26
set duration 10.0
source reno-common.tcl
