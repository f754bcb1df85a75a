#!/usr/bin/env bash
# Runs the PURPLE experiment's BDP-queue set-up with ns-2's own Queue/RED in ns-2.35 itself
# (tools/purple-ns2-red.tcl) for each flow count, and writes OUT_DIR/red-ns2.csv, one row per flow
# count, over the 90 s after the 10 s warm-up (as `aspen experiment purple`); with --rate MBPS
# (20 unless given) the bottleneck runs at that rate with the RTTs scaled to keep the BDP at 660
# packets, and the files are red-ns2-MBPSmbps*.csv:
#   flows, arrivals           data packets arriving at the bottleneck r1 -> r2
#   marks, mark_share         packets leaving the queue with CE (trace flag E) / arrivals
#   drops, drop_share         packets dropped at the queue (trace event d) / arrivals
#   cwr, cwr_share            arrivals carrying CWR (trace flag A: the p PURPLE would measure)
#   cuts                      window reductions summed over the flows (ncwndcuts_, 100 s less 10 s)
#   mean_queue, delay_ms      time-average of the packets waiting (from the trace's +, -, d events),
#                             and it x 1500 x 8 / rate (0.6 ms at 20 Mb/s: Aspen's delay_ms)
# and OUT_DIR/red-ns2-FLOWS.csv: every 100 ms the queue now and RED's ave_.
#
#   tools/purple-ns2-red.sh docs/traces/purple-fig2-fig3 [--rate MBPS] [FLOWS...]   # 10 20 40 60 80: about a minute
#
# Needs /usr/bin/ns. Exit status 2 on bad arguments, 1 when ns fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -lt 1 ]; then
  echo "usage: tools/purple-ns2-red.sh OUT_DIR [--rate MBPS] [FLOWS...]" >&2; exit 2
fi
out="$1"; shift
rate=20
if [ "${1:-}" = "--rate" ]; then
  [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "tools/purple-ns2-red.sh: --rate needs a whole number of Mb/s above 0" >&2; exit 2; }
  rate="$2"; shift 2
fi
name=red-ns2
[ "$rate" = 20 ] || name="red-ns2-${rate}mbps"
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(10 20 40 60 80)
for n in "${counts[@]}"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "tools/purple-ns2-red.sh: flow count '$n' is not a whole number above 0" >&2; exit 2; }
done
command -v ns >/dev/null || { echo "tools/purple-ns2-red.sh: no ns on the PATH (ns-2.35 is /usr/bin/ns)" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "flows,arrivals,marks,mark_share,drops,drop_share,cwr,cwr_share,cuts,mean_queue,delay_ms" > "$out/$name.csv"
for n in "${counts[@]}"; do
  (cd "$work" && ns "$here/tools/purple-ns2-red.tcl" "$n" "$work/trace.tr" "$out/$name-$n.csv" "$rate" > "$work/cuts.txt") \
    || { echo "tools/purple-ns2-red.sh: ns failed at $n flows" >&2; exit 1; }
  cuts=$(awk '$1 == "cuts" { c[$2] = $3 } END { print c[100] - c[10] }' "$work/cuts.txt")
  # the queue between events is + less - less d (a RED drop is traced + then d); integrate it over 10..100 s
  awk -F' ' -v n="$n" -v cuts="$cuts" -v ms="$(awk -v r="$rate" 'BEGIN { print 12 / r }')" '
    $5 != "tcp" { next }
    {
      t = $2
      if (t > 10) { lo = (last > 10 ? last : 10); area += q * (t - lo) }
      last = t
      if ($1 == "+") q++; else if ($1 == "-" || $1 == "d") q--
      if (t < 10) next
      if ($1 == "+") { a++; if (substr($7, 4, 1) == "A") c++ }
      if ($1 == "d") d++
      if ($1 == "-" && substr($7, 5, 1) == "E") m++
    }
    END {
      area += q * (100 - last)
      printf "%d,%d,%d,%.6f,%d,%.6f,%d,%.6f,%d,%.1f,%.2f\n", n, a, m, m / a, d, d / a, c, c / a, cuts, area / 90, area / 90 * ms
    }' "$work/trace.tr" >> "$out/$name.csv"
done
cat "$out/$name.csv"
