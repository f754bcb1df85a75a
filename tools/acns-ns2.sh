#!/usr/bin/env bash
# Runs the ACNS experiment's set-up without ACNS in ns-2.35 itself (tools/acns-ns2.tcl), with ns-2's
# Agent/TCP/Reno (what Aspen's ns-2 baseline carries) and with the paper's CUBIC (ns-2.35's
# Agent/TCP/Linux, select_ca cubic), for the experiment's seeds (the same start times as
# `aspen experiment acns`, tools/acns-ns2-starts.java), and writes into OUT_DIR:
#   runs.csv             one row per variant, seed and flow: start, packets acknowledged, MB
#                        (1000-byte packetSize_), average throughput over the flow's life, drops at the
#                        last miles, mean and highest path RTT and its parts (docs/traces/acns-table9-rtt.md)
#   series-reno.csv, series-cubic.csv   seed 1 per second: throughput, path RTT, queueing at ra -> i1
#                        and elsewhere, cwnd_
#
#   tools/acns-ns2.sh docs/traces/acns-ns2 [BUFFER] [FIRST_SEED LAST_SEED]    # 100, 1 10: about a minute
#
# VARIANTS (default "reno cubic") picks the variants; with cubic-keep among them (CUBIC with
# `set_ca_param cubic beta 1024`, tools/acns-ns2.tcl) runs.csv gets two last columns rexmit_pkts and
# host_drops (empty for the other variants) and the first seed also writes drops-cubic-keep.csv (drops
# per second and flow); HOST_BUFFER (packets, default 1000) sets the host links' limit:
#   VARIANTS=cubic-keep tools/acns-ns2.sh docs/traces/acns-cubic-keep/ns2
#   VARIANTS=cubic-keep HOST_BUFFER=100 tools/acns-ns2.sh docs/traces/acns-cubic-keep/ns2-host100
#
# Needs /usr/bin/ns and cli/target/aspen.jar (mvn -B -o -q package -pl cli -am -DskipTests) or JAR=...
# Exit status 2 on bad arguments, 1 when ns fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${JAR:-$here/cli/target/aspen.jar}"
if [ $# -ne 1 ] && [ $# -ne 2 ] && [ $# -ne 4 ]; then
  echo "usage: tools/acns-ns2.sh OUT_DIR [BUFFER] [FIRST_SEED LAST_SEED]" >&2; exit 2
fi
out="$1"; buffer="${2:-100}"; first="${3:-1}"; last="${4:-10}"
variants="${VARIANTS:-reno cubic}"
if [ -n "${HOST_BUFFER:-}" ] && ! [[ "$HOST_BUFFER" =~ ^[1-9][0-9]*$ ]]; then
  echo "tools/acns-ns2.sh: HOST_BUFFER '$HOST_BUFFER' is not a whole number of packets" >&2; exit 2
fi
rexmit=""
for v in $variants; do
  case "$v" in
    reno|cubic) ;;
    cubic-keep) rexmit=",rexmit_pkts,host_drops" ;;
    *) echo "tools/acns-ns2.sh: VARIANTS: '$v' is not one of reno, cubic, cubic-keep" >&2; exit 2 ;;
  esac
done
for n in "$buffer" "$first" "$last"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "tools/acns-ns2.sh: '$n' is not a whole number" >&2; exit 2; }
done
[ -f "$jar" ] || { echo "tools/acns-ns2.sh: no jar at $jar (build it, or set JAR)" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
java -cp "$jar" "$here/tools/acns-ns2-starts.java" "$first" "$last" > "$work/starts.txt"
echo "variant,buffer,seed,flow,start_s,acked_pkts,sent_mb,avg_mbps,drops,avg_path_rtt_ms,max_path_rtt_ms,fixed_ms,queue_ra_i1_ms,queue_other_ms$rexmit" > "$out/runs.csv"
cd "$work"
for variant in $variants; do
  while read -r seed t1 t2 t3 u1 u2 u3; do
    series=""
    [ "$seed" = "$first" ] && series="$out/series-$variant.csv"
    [ "$seed" = "$first" ] && [ "$variant" = cubic-keep ] && series="$series $out/drops-$variant.csv"
    if ! ns "$here/tools/acns-ns2.tcl" "$variant" "$buffer" "$t1" "$t2" "$t3" "$u1" "$u2" "$u3" $series > ns.log 2>&1; then
      echo "tools/acns-ns2.sh: ns failed for $variant seed $seed: $(tail -1 ns.log)" >&2; exit 1
    fi
    awk -v v="$variant" -v b="$buffer" -v s="$seed" -v rx="$rexmit" '$1 == "flow" {
        delete kv
        for (i = 3; i < NF; i += 2) kv[$i] = $(i + 1)
        mb = kv["acked_pkts"] * 1000 / 1e6
        printf "%s,%s,%s,tcp%s,%s,%s,%.3f,%.4f,%s,%s,%s,%s,%s,%s", v, b, s, $2, kv["start"], kv["acked_pkts"], mb,
            mb * 8 / (118 - kv["start"]), kv["drops"], kv["avg_path_rtt_ms"], kv["max_path_rtt_ms"], kv["fixed_ms"],
            kv["queue_ra_i1_ms"], kv["queue_other_ms"]
        if (rx != "") printf ",%s,%s", kv["rexmit_pkts"], kv["host_drops"]
        printf "\n"
    }' ns.log >> "$out/runs.csv"
  done < starts.txt
done
