#!/usr/bin/env bash
# Where Aspen and ns-2.35 + the AntiECN patch first differ (docs/traces/aecn-contradictions.md, section 6): runs
# Experiment 1 at 40 ms, eta 0.40 (the AECN run that is Reno packet for packet) and at 200 ms, eta 0.75 (the run
# whose utilisation differs in the fifth digit) on Aspen (tools/aecn/aecn-trace.jsh), on the patched ns and, when
# NS_DIAG is given, on the diagnostic build with Aspen's AVQ clamp order (DIAG=avq-clamp-order
# tools/aecn/build-ns2-antiecn.sh), all traced every 1 ms, and writes tools/aecn/antiecn-ns2-divergence.py's
# comparison to OUT/divergence-RTTms-etaETA.txt. The 1 ms traces (12 MB a run) are not kept.
#
#   NS=/tmp/ns2-aecn/ns-2.35/ns NS_DIAG=/tmp/ns2-aecn-diag/ns-2.35/ns tools/aecn/run-antiecn-ns2-divergence.sh [OUT]
#
# Needs cli/target/aspen.jar (mvn -B -o -q package -pl cli -am -DskipTests) or JAR=...; about 5 minutes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ns="${NS:-/tmp/ns2-aecn/ns-2.35/ns}"
jar="${JAR:-$root/cli/target/aspen.jar}"
out="${1:-$root/docs/traces/aecn-ns2-antiecn}"
[ -x "$ns" ] || { echo "run-antiecn-ns2-divergence.sh: no patched ns at $ns (set NS)" >&2; exit 2; }
[ -z "${NS_DIAG:-}" ] || [ -x "$NS_DIAG" ] || { echo "run-antiecn-ns2-divergence.sh: no ns at NS_DIAG=$NS_DIAG" >&2; exit 2; }
[ -f "$jar" ] || { echo "run-antiecn-ns2-divergence.sh: no jar at $jar (build it, or set JAR)" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for case in "40 0.40" "200 0.75"; do
  set -- $case
  rtt=$1; eta=$2
  (cd "$root" && jshell --class-path "$jar" -R-Drtt="$rtt" -R-Deta="$eta" -R-Dstep=0.001 tools/aecn/aecn-trace.jsh) > "$work/aspen.csv"
  (cd "$work" && "$ns" "$here/exp-antiecn.tcl" "$rtt" eta "$eta" trace ns2.csv tracestep 0.001 > ns2.txt 2>&1)
  traces=("$work/aspen.csv" "$work/ns2.csv")
  if [ -n "${NS_DIAG:-}" ]; then
    (cd "$work" && "$NS_DIAG" "$here/exp-antiecn.tcl" "$rtt" eta "$eta" trace diag.csv tracestep 0.001 > diag.txt 2>&1)
    traces+=("$work/diag.csv")
  fi
  python3 "$here/antiecn-ns2-divergence.py" "${traces[@]}" > "$out/divergence-${rtt}ms-eta$eta.txt"
done
