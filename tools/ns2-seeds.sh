#!/usr/bin/env bash
# Runs the ns-2.35 half of one validation case alone (no Aspen run, no verdict) for a range of seeds
# and prints one CSV row per flow and seed: what 'aspen validate' reads from ns-2, for spreads over
# more seeds than a case's 10 (docs/validation.md, "ACC's Fig. 5 with window_ 10,000").
#
#   tools/ns2-seeds.sh acc-red-660ms-wide 1 30 > red.csv
#
# Columns: case, seed, flow, start, syn, ack, delivered (ack_, plus 1 with syn_ 0: Ns2Runner.delivered),
# goodput_kbps (delivered x 1000 bytes x 8 / (200 - start) / 1000, the cases' 1000-byte packets and
# 200 s; for cases of another length or packet size read 'duration' and 'frame' below), nrexmit,
# ncwndcuts1, necnresponses, drops (every 'd' line of the bottleneck's trace, all flows).
# Needs /usr/bin/ns. Exit status 2 on bad arguments, 1 when ns fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
res="$here/experiments/src/main/resources/validation"
if [ $# -ne 3 ] || ! [[ "$2" =~ ^[0-9]+$ && "$3" =~ ^[0-9]+$ ]]; then
  echo "usage: tools/ns2-seeds.sh CASE FIRST_SEED LAST_SEED (e.g. acc-red-660ms-wide 1 30)" >&2; exit 2
fi
case_="$1"
if [ ! -f "$res/$case_.tcl" ]; then
  echo "tools/ns2-seeds.sh: no case '$case_' ($res/$case_.tcl)" >&2; exit 2
fi
duration=200
frame=1000
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$res"/*.tcl "$work"/
cd "$work"
echo "case,seed,flow,start,syn,ack,delivered,goodput_kbps,nrexmit,ncwndcuts1,necnresponses,drops"
for seed in $(seq "$2" "$3"); do
  if ! ns "$case_.tcl" "$seed" > ns.log 2>&1; then
    echo "tools/ns2-seeds.sh: ns $case_.tcl $seed failed: $(tail -1 ns.log)" >&2; exit 1
  fi
  drops=$(grep -c '^d ' queue-bottleneck.tr || true)
  awk -v c="$case_" -v s="$seed" -v d="$drops" -v dur="$duration" -v fr="$frame" '$1 == "flow" {
      for (i = 3; i < NF; i += 2) kv[$i] = $(i + 1)
      syn = ("syn" in kv) ? kv["syn"] : 1
      delivered = kv["ack"] + ((syn == "0" || syn == "false") ? 1 : 0)
      printf "%s,%s,%s,%s,%s,%s,%d,%.3f,%s,%s,%s,%s\n", c, s, $2, kv["start"], syn, kv["ack"], delivered,
          delivered * fr * 8 / (dur - kv["start"]) / 1000, kv["nrexmit"], kv["ncwndcuts1"], kv["necnresponses"], d
      delete kv
  }' summary.txt
done
