#!/usr/bin/env bash
# Loss benchmark (issue 33, item 1; docs/real-runtime.md, "Loss benchmark"): one-way bulk goodput under
# random loss on both directions, kernel TCP Reno (iperf3 -C reno), Aspen node to node (two `aspen node`
# processes, `aspen send`/`aspen recv`) and one reliable-UDP peer from ../shared/bench/peers, all in the
# same run, N runs per point, medians and ranges.
#
#   tools/loss-bench.sh                          # loss 0,0.1,1,2,5 % each way, 5 runs per point
#   tools/loss-bench.sh --runs 3 --json /tmp/loss.json
#   tools/loss-bench.sh --loss 0,1 --bytes 0:50m,1:10m --peer none
#   tools/loss-bench.sh --dry-run                # parse the options, print the plan, create nothing
#
# Set-up: two network namespaces joined by a veth pair (10.232.0.1/30 - 10.232.0.2/30), TSO, GSO and GRO
# off on both ends, and in each namespace an nftables rule that drops arriving packets from the veth at
# random, `numgen random mod 1000 < N` (N per mille; this kernel has no netem). Dropping on arrival, not on
# departure, so the sender's stack cannot see the loss (an output-hook drop is a local send error to TCP).
# The peer's two JVMs run in a third namespace over its loopback (MTU 1500, offloads off, the same rule on
# lo): the peers' launcher binds 127.0.0.1 in every transport. Everything is created under names with
# this process's id and removed on exit (trap). Root and a working `ip netns` are needed; without them the
# script prints one line, "loss-bench: skipped: ...", and exits 0.
# Exit status: 0 done or skipped, 1 a run-time failure of the set-up, 2 bad options.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IP="${LOSS_BENCH_IP:-ip}"          # the iproute2 binary (tests point it at a missing one to check the skip)
runs=5
loss_list="0,0.1,1,2,5"
bytes_list="0:100m,0.1:40m,1:10m,2:5m,5:2m"
timeout_s=60
segment=""
recovery=""
peer="aeron"
peers_dir="$here/../shared/bench/peers"
json=""
jar="$here/cli/target/aspen.jar"
dry=0

usage() {
  sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
  cat <<'U'
Options:
  --runs N          runs per loss point and transport (default 5)
  --loss LIST       loss per direction in percent, multiples of 0.1 below 100 (default 0,0.1,1,2,5)
  --bytes LIST      bytes per run for each loss point, LOSS:SIZE with k/m/g suffixes; a point without
                    an entry uses the entry of the nearest lower loss (default 0:100m,0.1:40m,1:10m,2:5m,5:2m)
  --timeout S       seconds one run of one transport may take; past it the run fails (default 60)
  --segment N       cap Aspen's segment at N bytes ('aspen recv --segment'); unset, from the path
  --recovery KIND   Aspen's sender recovery, modern or classic ('aspen send --recovery'); unset, its default (modern)
  --peer NAME       aeron, jgroups-tq or none (default aeron)
  --peers-dir DIR   the peers benchmark (default ../shared/bench/peers); built and run from a private copy
                    under ~/.cache/aspen-loss-bench/peers, so DIR is only read
  --jar FILE        Aspen's jar (default cli/target/aspen.jar; ./aspen builds it)
  --json FILE       also write every run and the medians as JSON
  --dry-run         print the plan and exit without creating anything
  -h, --help        this help
U
}

die() { echo "loss-bench: $*" >&2; exit 2; }
need() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"; }

# size with k/m/g suffix (powers of 10, as iperf3 and aspen read them) -> bytes
size_bytes() {
  local s="${1,,}"
  [[ "$s" =~ ^([0-9]+)([kmg]?)b?$ ]] || return 1
  local n="${BASH_REMATCH[1]}"
  case "${BASH_REMATCH[2]}" in
    k) n=$((n * 1000)) ;; m) n=$((n * 1000000)) ;; g) n=$((n * 1000000000)) ;;
  esac
  [ "$n" -gt 0 ] || return 1
  echo "$n"
}

# loss in percent (one decimal at most) -> per mille, for `numgen random mod 1000 < N`
per_mille() {
  [[ "$1" =~ ^([0-9]{1,2})(\.([0-9]))?$ ]] || return 1
  echo $((10#${BASH_REMATCH[1]} * 10 + 10#${BASH_REMATCH[3]:-0}))
}

while [ $# -gt 0 ]; do
  case "$1" in
    --runs) need "$@"; runs="$2"; shift ;;
    --loss) need "$@"; loss_list="$2"; shift ;;
    --bytes) need "$@"; bytes_list="$2"; shift ;;
    --timeout) need "$@"; timeout_s="$2"; shift ;;
    --segment) need "$@"; segment="$2"; shift ;;
    --recovery) need "$@"; recovery="$2"; shift ;;
    --peer) need "$@"; peer="$2"; shift ;;
    --peers-dir) need "$@"; peers_dir="$2"; shift ;;
    --jar) need "$@"; jar="$2"; shift ;;
    --json) need "$@"; json="$2"; shift ;;
    --dry-run) dry=1 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
  shift
done

[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer, not '$runs'"
[[ "$timeout_s" =~ ^[1-9][0-9]*$ ]] || die "--timeout must be a positive number of seconds, not '$timeout_s'"
[ -z "$segment" ] || [[ "$segment" =~ ^[1-9][0-9]*$ ]] || die "--segment must be a positive number of bytes, not '$segment'"
case "$recovery" in ""|modern|classic) ;; *) die "--recovery must be modern or classic, not '$recovery'" ;; esac
case "$peer" in jgroups-tq|aeron|none) ;; *) die "--peer must be jgroups-tq, aeron or none, not '$peer'" ;; esac

losses=(); mille=()
IFS=',' read -r -a _l <<<"$loss_list"
[ ${#_l[@]} -gt 0 ] || die "--loss is empty"
for l in "${_l[@]}"; do
  m=$(per_mille "$l") || die "--loss: '$l' is not a percentage below 100 with at most one decimal"
  losses+=("$l"); mille+=("$m")
done

# --bytes: LOSS:SIZE entries, keyed by per mille
declare -A bytes_at=()
IFS=',' read -r -a _b <<<"$bytes_list"
for e in "${_b[@]}"; do
  [[ "$e" == *:* ]] || die "--bytes: '$e' is not LOSS:SIZE"
  m=$(per_mille "${e%%:*}") || die "--bytes: '${e%%:*}' is not a loss percentage"
  b=$(size_bytes "${e#*:}") || die "--bytes: '${e#*:}' is not a size (e.g. 10m)"
  bytes_at[$m]=$b
done
bytes_for() {   # the entry at this per mille, else the nearest lower one
  local want=$1 best=-1 k
  for k in "${!bytes_at[@]}"; do
    if [ "$k" -le "$want" ] && [ "$k" -gt "$best" ]; then best=$k; fi
  done
  [ "$best" -ge 0 ] && echo "${bytes_at[$best]}"
}
point_bytes=()
for i in "${!losses[@]}"; do
  b=$(bytes_for "${mille[$i]}") || die "--bytes has no entry at or below ${losses[$i]} %"
  point_bytes+=("$b")
done

if [ "$dry" = 1 ]; then
  echo "loss-bench plan: $runs run(s) per point, timeout ${timeout_s} s per run, peer $peer, segment ${segment:-from the path}${recovery:+, recovery $recovery}"
  for i in "${!losses[@]}"; do
    if [ "${mille[$i]}" = 0 ]; then rule="no loss rule"; else rule="numgen random mod 1000 < ${mille[$i]}"; fi
    echo "  loss ${losses[$i]} % each way: $rule, ${point_bytes[$i]} bytes per run"
  done
  exit 0
fi

# ---- can we run at all? one line and exit 0 when not
skip() { echo "loss-bench: skipped: $*"; exit 0; }
[ "$(id -u)" = 0 ] || skip "needs root to create network namespaces"
command -v "$IP" >/dev/null 2>&1 || skip "no '$IP' (iproute2) for 'ip netns'"
probe="lb-probe-$$"
"$IP" netns add "$probe" >/dev/null 2>&1 || skip "'ip netns add' failed here (no network namespaces)"
"$IP" netns del "$probe" >/dev/null 2>&1

missing=()
command -v nft >/dev/null 2>&1 || missing+=(nftables)
command -v ethtool >/dev/null 2>&1 || missing+=(ethtool)
command -v iperf3 >/dev/null 2>&1 || missing+=(iperf3)
if [ ${#missing[@]} -gt 0 ]; then
  echo "loss-bench: installing ${missing[*]} (apt-get)" >&2
  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >/dev/null 2>&1; } \
    || skip "could not install ${missing[*]}"
fi
command -v python3 >/dev/null 2>&1 || skip "needs python3 for the summary"
if [ ! -f "$jar" ]; then
  "$here/aspen" --version >/dev/null || { echo "loss-bench: could not build $jar" >&2; exit 1; }
fi
if [ "$peer" != none ] && [ ! -x "$peers_dir/run.sh" ]; then
  echo "loss-bench: no $peers_dir/run.sh; the peer is left out (--peer none)" >&2
  peer=none
elif [ "$peer" != none ]; then
  # the peers' run.sh builds into target/ and logs into target/logs beside itself, so build and run a
  # private copy (kept for next time): shared/ is read-only, and for root `[ -w ]` says yes to any directory
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/aspen-loss-bench/peers"
  if [ ! -x "$cache/run.sh" ] || [ -n "$(find "$peers_dir/src" "$peers_dir/pom.xml" -newer "$cache/run.sh" -print -quit)" ]; then
    rm -rf "$cache" && mkdir -p "$cache" && cp -r "$peers_dir/." "$cache/" && chmod -R u+w "$cache" \
      || { echo "loss-bench: could not copy $peers_dir to $cache" >&2; exit 1; }
  fi
  peers_dir="$cache"
fi
if [ "$peer" != none ]; then
  ( cd "$peers_dir" && ./run.sh --help >/dev/null 2>&1 ) || { echo "loss-bench: the peers benchmark in $peers_dir does not build" >&2; exit 1; }
fi

# ---- set-up, removed on exit
A="lb-a-$$"; B="lb-b-$$"; C="lb-c-$$"
work="$(mktemp -d /tmp/loss-bench.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
  for n in "$A" "$B" "$C"; do "$IP" netns del "$n" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "loss-bench: $*" >&2; exit 1; }
AIP=10.232.0.1; BIP=10.232.0.2
"$IP" netns add "$A" && "$IP" netns add "$B" && "$IP" netns add "$C" || fail "could not create namespaces"
"$IP" link add lb-va netns "$A" type veth peer name lb-vb netns "$B" || fail "could not create the veth pair"
for ns in "$A" "$B" "$C"; do "$IP" -n "$ns" link set lo up; done
"$IP" -n "$A" addr add "$AIP/30" dev lb-va && "$IP" -n "$A" link set lb-va up
"$IP" -n "$B" addr add "$BIP/30" dev lb-vb && "$IP" -n "$B" link set lb-vb up
"$IP" -n "$C" link set lo mtu 1500
"$IP" netns exec "$A" ethtool -K lb-va tso off gso off gro off >/dev/null 2>&1 || fail "ethtool -K on lb-va failed"
"$IP" netns exec "$B" ethtool -K lb-vb tso off gso off gro off >/dev/null 2>&1 || fail "ethtool -K on lb-vb failed"
"$IP" netns exec "$C" ethtool -K lo tso off gso off gro off >/dev/null 2>&1 || true   # lo: some are fixed; the MTU bounds segments

# the loss rule: drop arriving packets at random, per mille; 0 removes the rule
set_loss() {
  local m=$1 ns dev
  for ns_dev in "$A:lb-va" "$B:lb-vb" "$C:lo"; do
    ns="${ns_dev%%:*}"; dev="${ns_dev#*:}"
    "$IP" netns exec "$ns" nft delete table ip lossbench 2>/dev/null
    [ "$m" -gt 0 ] || continue
    "$IP" netns exec "$ns" nft -f - <<N || fail "nft rule in $ns failed"
table ip lossbench {
  chain arrive {
    type filter hook prerouting priority -300; policy accept;
    iifname "$dev" numgen random mod 1000 < $m drop
  }
}
N
  done
}

# ---- Aspen: one node per namespace, controls on each namespace's own loopback
cat >"$work/two.yaml" <<Y
name: loss-bench
description: two nodes in two network namespaces (tools/loss-bench.sh)
routing: auto
nodes:
  - {name: a, address: 10.0.0.1, udp: $AIP:7000, control: 127.0.0.1:7100}
  - {name: b, address: 10.0.0.2, udp: $BIP:7000, control: 127.0.0.1:7100}
links:
  - {between: [a, b]}
Y
java_cmd=(java ${ASPEN_JAVA_OPTS:-} -jar "$jar")
"$IP" netns exec "$A" "${java_cmd[@]}" node --config "$work/two.yaml" --name a >"$work/node-a.log" 2>&1 & pids+=($!)
"$IP" netns exec "$B" "${java_cmd[@]}" node --config "$work/two.yaml" --name b >"$work/node-b.log" 2>&1 & pids+=($!)
"$IP" netns exec "$B" iperf3 -s -B "$BIP" -p 5201 >"$work/iperf3-server.log" 2>&1 & pids+=($!)
say() { echo "loss-bench: $(date +%T) $*" >&2; }
say "namespaces $A $B $C ready; starting the nodes and iperf3's server"
for _ in $(seq 150); do grep -q "up:" "$work/node-a.log" && grep -q "up:" "$work/node-b.log" && break; sleep 0.2; done
grep -q "up:" "$work/node-a.log" && grep -q "up:" "$work/node-b.log" || fail "the nodes did not start (logs: $work/node-*.log)"
for _ in $(seq 60); do
  "$IP" netns exec "$A" "${java_cmd[@]}" ping 10.0.0.2 -c 1 -W 1s --node 127.0.0.1:7100 >/dev/null 2>&1 && break; sleep 0.5
done

tcp_timeouts() {   # the namespace's TCP retransmission timeouts so far (TcpExt TCPTimeouts)
  "$IP" netns exec "$A" awk '/^TcpExt:/ { if (!h) { split($0, k); h = 1 } else { split($0, v); for (i in k) if (k[i] == "TCPTimeouts") print v[i] } }' /proc/net/netstat
}

run_tcp() {   # bytes run -> one JSON line
  local bytes=$1 out="$work/tcp.json" t0 t1
  t0=$(tcp_timeouts)
  timeout "$timeout_s" "$IP" netns exec "$A" iperf3 -c "$BIP" -p 5201 -C reno -n "$bytes" --json >"$out" 2>&1
  local rc=$?
  t1=$(tcp_timeouts)
  python3 - "$out" "$rc" "$((t1 - t0))" <<'P'
import json, sys
rc = int(sys.argv[2])
try:
    d = json.load(open(sys.argv[1])); e = d["end"]
    print(json.dumps({"ok": rc == 0 and "error" not in d, "goodput_mbps": e["sum_received"]["bits_per_second"] / 1e6,
                      "retransmissions": e["sum_sent"].get("retransmits"), "timeouts": int(sys.argv[3]),
                      "error": d.get("error")}))
except Exception as x:
    print(json.dumps({"ok": False, "error": "exit %d: %s" % (rc, x)}))
P
}

run_aspen() {   # bytes -> one JSON line
  local bytes=$1 rc
  rm -f "$work/recv.json" "$work/send.json"
  # the receiver's own limit leaves a minute more than the run's for its JVM to start on a loaded machine
  timeout "$((timeout_s + 60))" "$IP" netns exec "$B" "${java_cmd[@]}" recv --port 9000 --node 127.0.0.1:7100 \
      ${segment:+--segment "$segment"} --json >"$work/recv.json" 2>&1 & local nr=$!
  # the receiver's JVM starts and listens (its --json output has no 'listening' line): until then the
  # send is refused at once ("end":"REFUSED"), and is tried again, while the receiver still runs
  for _ in $(seq 20); do
    sleep 1
    kill -0 "$nr" 2>/dev/null || break
    timeout "$timeout_s" "$IP" netns exec "$A" "${java_cmd[@]}" send 10.0.0.2:9000 --size "${bytes}B" \
        --node 127.0.0.1:7100 --timeout "${timeout_s}s" ${recovery:+--recovery "$recovery"} --json --details \
        >"$work/send.json" 2>&1
    rc=$?
    grep -q '"end":"REFUSED"' "$work/send.json" || break
  done
  wait "$nr"
  python3 - "$work/send.json" "$work/recv.json" "$rc" <<'P'
import json, sys
def last(p):
    for line in reversed(open(p).read().strip().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise ValueError("no JSON summary in " + p)
try:
    s, r = last(sys.argv[1]), last(sys.argv[2])
    ok = bool(r.get("complete")) and s.get("sha256") == r.get("sha256") and r.get("bytes") == s.get("bytes")
    print(json.dumps({"ok": ok, "goodput_mbps": r["goodputBps"] / 1e6, "retransmissions": s.get("retransmissions"),
                      "timeouts": (s.get("stats") or {}).get("timeouts"), "segment": r.get("segment"),
                      "error": None if ok else "incomplete or digest mismatch (send exit %s)" % sys.argv[3]}))
except Exception as x:
    print(json.dumps({"ok": False, "error": "send exit %s: %s" % (sys.argv[3], x)}))
P
}

run_peer() {   # bytes -> one JSON line
  local bytes=$1 out="$work/peer.json"
  rm -f "$out"
  timeout "$timeout_s" "$IP" netns exec "$C" "$peers_dir/run.sh" --only "$peer" --runs 1 --size 1000 --bytes "$bytes" \
      --timeout "$timeout_s" --max-seconds "$timeout_s" --json "$out" >"$work/peer.log" 2>&1
  python3 - "$out" "$?" <<'P'
import json, re, sys
try:
    run = json.load(open(sys.argv[1]))["results"][0]["runs"][0]
    notes = run.get("notes") or ""
    m = re.search(r"(unicast3_xmits|retransmits_sent)=(\d+)", notes)
    capped = "capped" in notes
    print(json.dumps({"ok": bool(run["ok"]) and not capped, "goodput_mbps": run.get("goodput_mbps"),
                      "retransmissions": int(m.group(2)) if m else None, "timeouts": None,
                      "error": run.get("error") or ("capped: " + notes if capped else None)}))
except Exception as x:
    print(json.dumps({"ok": False, "error": "exit %s: %s" % (sys.argv[2], x)}))
P
}

say "nodes up and routed"
# warm-up: one unmeasured lossless transfer, so Aspen's first measured run is not the nodes' JIT warm-up
set_loss 0
run_aspen 20000000 >/dev/null
say "warm-up transfer done; measuring"

transports=(tcp aspen); [ "$peer" != none ] && transports+=("$peer")
results="$work/runs.jsonl"
: >"$results"
started=$(date +%s)
for i in "${!losses[@]}"; do
  set_loss "${mille[$i]}"
  for r in $(seq "$runs"); do
    for t in "${transports[@]}"; do
      case "$t" in tcp) line=$(run_tcp "${point_bytes[$i]}") ;; aspen) line=$(run_aspen "${point_bytes[$i]}") ;; *) line=$(run_peer "${point_bytes[$i]}") ;; esac
      echo "{\"loss\": ${losses[$i]}, \"bytes\": ${point_bytes[$i]}, \"transport\": \"$t\", \"run\": $r, \"result\": $line}" >>"$results"
      say "loss ${losses[$i]} % run $r $t: $line"
    done
  done
done
set_loss 0

python3 - "$results" "$json" "$runs" "$timeout_s" "${segment:-path}" "$(( $(date +%s) - started ))" "$(cat /proc/loadavg)" "$(nproc)" <<'P'
import json, statistics, sys
path, out, runs, timeout_s, segment, secs, load, cores = sys.argv[1:9]
rows = [json.loads(l) for l in open(path) if l.strip()]
order = []
for r in rows:
    if r["transport"] not in order: order.append(r["transport"])
losses = sorted({r["loss"] for r in rows})
def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None
summary = []
for l in losses:
    tcp_med = med([r["result"].get("goodput_mbps") for r in rows if r["loss"] == l and r["transport"] == "tcp" and r["result"]["ok"]])
    for t in order:
        rs = [r for r in rows if r["loss"] == l and r["transport"] == t]
        ok = [r["result"] for r in rs if r["result"]["ok"]]
        g = [x["goodput_mbps"] for x in ok]
        m = med(g)
        summary.append({"loss": l, "transport": t, "bytes": rs[0]["bytes"], "ok_runs": len(ok), "runs": len(rs),
                        "goodput_mbps_median": m, "goodput_mbps_min": min(g) if g else None, "goodput_mbps_max": max(g) if g else None,
                        "ratio_to_tcp": (m / tcp_med) if m is not None and tcp_med else None,
                        "retransmissions_median": med([x.get("retransmissions") for x in ok]),
                        "timeouts_median": med([x.get("timeouts") for x in ok]),
                        "errors": [r["result"].get("error") for r in rs if not r["result"]["ok"]]})
def f(x, d=1):
    return "-" if x is None else ("{:,.%df}" % d).format(x)
print(f"Loss benchmark: median of {runs} run(s) per point (range min-max), per-run timeout {timeout_s} s, Aspen segment: {segment}; "
      f"{secs} s in all; load average at the end {' '.join(load.split()[:3])} on {cores} cores.")
print("| loss each way | transport | bytes/run | goodput Mb/s | range Mb/s | / TCP Reno | retransmissions | timeouts | ok runs |")
print("|---|---|---|---|---|---|---|---|---|")
for s in summary:
    rng = "-" if s["goodput_mbps_min"] is None else f"{f(s['goodput_mbps_min'])}-{f(s['goodput_mbps_max'])}"
    print(f"| {s['loss']:g} % | {s['transport']} | {s['bytes'] / 1e6:g} MB | {f(s['goodput_mbps_median'])} | {rng} | "
          f"{f(s['ratio_to_tcp'], 2)} | {f(s['retransmissions_median'], 0)} | {f(s['timeouts_median'], 0)} | {s['ok_runs']}/{s['runs']} |")
for s in summary:
    for e in s["errors"]:
        print(f"  failed: loss {s['loss']:g} % {s['transport']}: {e}")
if out:
    json.dump({"config": {"runs": int(runs), "timeout_s": int(timeout_s), "segment": segment, "seconds": int(secs),
                          "loadavg": load.strip(), "cores": int(cores)},
               "summary": summary, "runs": rows}, open(out, "w"), indent=1)
P
