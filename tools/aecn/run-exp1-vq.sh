#!/bin/sh
# Runs tools/aecn/exp1-vq.tcl (AntiECN Experiment 1's Reno run on ns-2.35's own Queue/Vq) for every case of
# docs/traces/aecn-contradictions.md and writes each case's output to OUT/NAME.txt.
#   tools/aecn/run-exp1-vq.sh [OUT]        (default docs/traces/aecn-ns2; needs /usr/bin/ns; about 5 minutes)
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-docs/traces/aecn-ns2}
mkdir -p "$out"
run() { name=$1; shift; (cd "$out" && ns "$here/exp1-vq.tcl" "$@" > "$name.txt" 2>&1) || { echo "case $name failed" >&2; exit 1; }; }
# Aspen's reading (docs/ns2-baseline.md, AntiECN), the committed runs' scale k = 0.1, 1000 RTTs
run reading-40ms 40
run reading-200ms 200
# the same at the paper's own 1 Gb/s at 40 ms, long enough for slow start and its recovery (100 RTTs); at 200 ms
# ns-2 did not finish in 10 minutes here (each tail drop, vq.cc:231, walks the queue from its head, queue.cc:46)
run full-40ms 40 scale 1 rtts 100

# readings of the text that could give "no losses" (docs/traces/aecn-contradictions.md, "No losses")
run ecnlim0.8-40ms 40 ecnlim 0.8
run ecnlim0.8-200ms 200 ecnlim 0.8
run realbuf10bdp-40ms 40 buffer 10
run realbuf10bdp-200ms 200 buffer 10
run avqbuf100-40ms 40 vqbuf 0.02
run avqbuf100-200ms 200 vqbuf 0.004
run ssthresh1000-40ms 40 ssthresh 100
run ssthresh1000-200ms 200 ssthresh 100
