#!/usr/bin/env bash
# Runs AntiECN's Experiment 1 (Table I) and Experiment 2 (the buffer sweep) as `aspen experiment aecn --baseline
# ns2` runs them (AecnExperiment.plan: k = 0.1, 1000 RTTs, one flow, real and AVQ buffers of one BDP, B = one BDP
# in Exp. 1 and 5000 / 2500 / 1000 / 100 x k packets at 40 ms and eta 0.5 in Exp. 2) on ns-2.35 patched with
# AntiECN (tools/aecn/build-ns2-antiecn.sh), through tools/aecn/exp-antiecn.tcl, and writes into OUT:
#   NAME.txt    the run's 'key value' lines
#   NAME.csv    every 3 RTTs: cwnd_, ssthresh_ at the sample, the bottleneck's utilisation over the 3 RTTs
#   runs.csv    one row per run, the columns of docs/results/aecn/runs.csv that ns-2 can give
#   compare.md  ns-2.35 + patch against Aspen's committed run (docs/results/aecn/runs.csv, baseline ns2)
#   off-check.txt  first, with AntiECN off: tools/aecn/run-exp1-vq.sh's eleven cases on the patched ns, each
#               compared byte for byte with the committed docs/traces/aecn-ns2/NAME.txt (made by /usr/bin/ns)
#
#   NS=/tmp/ns2-aecn/ns-2.35/ns tools/aecn/run-antiecn-ns2.sh [OUT]     # default docs/traces/aecn-ns2-antiecn
#
# Exit status 2 on a bad argument or no patched ns, 1 when a run fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ns="${NS:-/tmp/ns2-aecn/ns-2.35/ns}"
[ $# -le 1 ] || { echo "usage: NS=PATCHED_NS tools/aecn/run-antiecn-ns2.sh [OUT]" >&2; exit 2; }
out="${1:-$root/docs/traces/aecn-ns2-antiecn}"
[ -x "$ns" ] || { echo "run-antiecn-ns2.sh: no patched ns at $ns (tools/aecn/build-ns2-antiecn.sh, or set NS)" >&2; exit 2; }
echo 'set s [new Simulator]; set c [new Agent/TCP/Reno/AntiECN]; exit' | "$ns" > /dev/null 2>&1 \
  || { echo "run-antiecn-ns2.sh: $ns has no Agent/TCP/Reno/AntiECN (not the patched build)" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# AntiECN off: the patched ns must be ns-2.35 (run-exp1-vq.sh calls 'ns' from PATH)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" && ln -s "$ns" "$work/bin/ns"
PATH="$work/bin:$PATH" sh "$here/run-exp1-vq.sh" "$work/off" > /dev/null
: > "$out/off-check.txt"
for f in "$root"/docs/traces/aecn-ns2/*.txt; do
  n="$(basename "$f")"
  if cmp -s "$f" "$work/off/$n"; then echo "identical $n" >> "$out/off-check.txt"; else echo "DIFFERS $n" >> "$out/off-check.txt"; fi
done
if grep -q DIFFERS "$out/off-check.txt"; then echo "run-antiecn-ns2.sh: with AntiECN off the patched ns differs from ns-2.35 (off-check.txt)" >&2; fi

run() {   # NAME RTT [key value ...]
  local name=$1; shift
  (cd "$out" && "$ns" "$here/exp-antiecn.tcl" "$@" series "$name.series" > "$name.txt" 2>&1) \
    || { echo "run-antiecn-ns2.sh: $name failed: $(tail -1 "$out/$name.txt")" >&2; exit 1; }
  paste -d, "$out/$name.series" <(cut -d, -f2 "$out/$name.series.util") > "$out/$name.csv"
  rm -f "$out/$name.series" "$out/$name.series.util"
}
for rtt in 40 200; do
  run "exp1-${rtt}ms-reno" "$rtt"
  for eta in 40 50 60 75; do
    run "exp1-${rtt}ms-aecn-$eta" "$rtt" eta "0.$eta"
  done
done
# Exp. 2: B = 5000, 2500, 1000, 100 full-size packets, scaled by k = 0.1 (AecnExperiment.Params.packets)
for b in 5000 2500 1000 100; do
  run "exp2-40ms-B$b" 40 eta 0.5 aecnbuf $((b / 10))
done
python3 "$here/antiecn-ns2-table.py" "$out" "$root/docs/results/aecn/runs.csv"
