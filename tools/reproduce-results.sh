#!/usr/bin/env bash
# Re-runs the documented command of every result directory in docs/results/ into a temporary
# directory and compares what it writes with what is committed, wall time left out
# (tools/results-diff.py says exactly what is compared). One line per result directory:
#   PASS NAME (N s)   every committed file reproduced
#   FAIL NAME: ...    what differed (the run's files are kept; their directory is printed)
#   SKIP NAME: ...    not re-run, and why
#
#   tools/reproduce-results.sh --quick         # the cheap ones: minutes on two idle cores
#   tools/reproduce-results.sh                 # all, with acc-overhead's real-UDP run (about 25 minutes)
#   tools/reproduce-results.sh acc abcd        # just these
#   tools/reproduce-results.sh --jar other.jar --keep /tmp/out --quick
#
# The simulated experiments are deterministic, so their files must come out identical. The
# acc-overhead runs go over real UDP and depend on the machine and its load, so they cannot repeat
# byte for byte: their files are compared by shape (columns, rows, JSON fields) and their content
# within a stated tolerance (results-diff.py --within): acc-overhead's ACC-on/ACC-off throughput
# ratio at each delay within 0.15 (absolute) of the committed one. Its committed intervals reach
# +-0.77 at 0 ms (processing-bound, load average 20) and +-0.02 at 100 ms (window-bound), so on a
# loaded machine this check can fail at 0-50 ms: docs/results-acc.md, "Figures 8-9", says why.
# acc-overhead-4mbps (the shaped sensitivity, 5 repetitions) compares its ratios within 0.5: its
# intervals reach +-0.8. acc-overhead-input-queue (the pre-registered sensitivity with a 25-packet
# input queue on every node, ASP's congestion detection) compares its ratios within 0.15, as the
# primary does. --quick runs a short acc-overhead instead (acc-overhead~quick: 3
# repetitions of 5 s at 100 then 0 ms, about a minute and a half; the JIT-cold first runs fall on
# 100 ms) and compares its 0 ms ratio within 0.5: a coarse check that ACC's path neither stalls nor
# breaks (the session-2 fault gave 0.47), not of the overhead's size.
# --threads is left at its default: it changes only the wall time.
# Exit status: 0 when nothing failed.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="$here/docs/results"
jar="$here/cli/target/aspen.jar"
quick=0
keep=""
only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --jar) jar="$2"; shift ;;
    --keep) keep="$2"; shift ;;
    -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "reproduce-results: unknown option $1" >&2; exit 2 ;;
    *) only+=("$1") ;;
  esac
  shift
done

# name | how to compare (exact, within: shape and content within a tolerance, skip) | cheap or expensive |
# results-diff.py options | the documented command's arguments. NAME~quick is a cheaper run compared
# with NAME's committed directory.
commands='
acc|exact|cheap||acc-figure4 --baseline ns2-wide --acc-notify window-only --preregistered --seeds 5
acc-ns2-2mbps-10flows|exact|cheap||acc-figure4 --baseline ns2-wide --acc-notify window-only --preregistered --bottleneck 2Mbps --flows 10 --seeds 5
acc-10seeds|exact|cheap||acc-figure4 --baseline ns2-wide --acc-notify window-only --preregistered
acc-upstream|exact|cheap||acc-figure4 --long-link upstream --baseline rdp
acc-downstream|exact|cheap||acc-figure4 --configs red,red-ecn,acc --long-link downstream --baseline rdp
acc-range|exact|cheap||acc-figure4 --configs red,acc --acc-deletion range --baseline rdp
acc-once-per-srtt|exact|cheap||acc-figure4 --configs red,acc --delays 10,300 --acc-once-per-srtt --baseline rdp
acc-skip-recovery|exact|cheap||acc-figure4 --configs red,acc --delays 10,300 --acc-skip-recovery --baseline rdp
acc-min-rtt-200ms|exact|cheap||acc-figure4 --configs red,acc --delays 10,300 --acc-min-rtt 200ms --baseline rdp
acc-session4-monitor|exact|cheap||acc-figure4 --configs red,acc --acc-deletion range --acc-once-per-srtt --acc-skip-recovery --baseline rdp
acc-upstream-session4-monitor|exact|cheap||acc-figure4 --configs red,acc --delays 10,300 --long-link upstream --acc-deletion range --acc-once-per-srtt --acc-skip-recovery --baseline rdp
acc-3mbps-buf100|exact|cheap||acc-figure4 --bottleneck 3Mbps --buffer 100 --seeds 5 --baseline rdp
acc-5mbps|exact|expensive||acc-figure4 --bottleneck 5Mbps --delays 10,50,100,200,300,400 --seeds 5 --baseline rdp
acc-ns2|exact|cheap||acc-figure4 --baseline ns2
acc-ns2-wide|exact|cheap||acc-figure4 --baseline ns2-wide
acc-ns2-2.35|exact|cheap||acc-figure4 --baseline ns2-2.35
acc-ns2-range|exact|cheap||acc-figure4 --configs red,acc --acc-deletion range --baseline ns2
acc-window-20|exact|cheap||acc-figure4 --baseline ns2 --acc-notify window-only --preregistered --seeds 5
acc-notify-resend|exact|cheap||acc-figure4 --baseline ns2-wide --preregistered --seeds 5
acc-ns2-wide-upstream|exact|cheap||acc-figure4 --baseline ns2-wide --acc-notify window-only --long-link upstream --configs red,acc --delays 300 --seeds 5
acc-overhead|within|expensive|--structure --within accOnOverOffThroughputByDelayMs=0.15|acc-overhead --preregistered --seeds 10 --duration 15s
acc-overhead-4mbps|within|expensive|--structure --within accOnOverOffThroughputByDelayMs=0.5|acc-overhead --seeds 5 --duration 15s
acc-overhead-input-queue|within|expensive|--structure --within accOnOverOffThroughputByDelayMs=0.15|acc-overhead --preregistered --preregistration acc-overhead-input-queue --input-queue 25 --seeds 10 --duration 15s
acc-overhead-asp|within|expensive|--structure --within accOnOverOffThroughputByDelayMs=0.4|acc-overhead --preregistered --preregistration acc-overhead-asp --input-queue 25 --loops per-node --seeds 5 --duration 15s
acc-overhead~quick|within|cheap|--subset --within accOnOverOffThroughputByDelayMs:0=0.5|acc-overhead --preregistered --seeds 3 --delays 100,0 --duration 5s
aecn|exact|cheap||aecn --baseline ns2 --preregistered
aecn-avq100|exact|cheap||aecn --avq-buffer 100 --baseline rdp
aecn-avq50|exact|cheap||aecn --avq-buffer 50 --baseline rdp
aecn-ns2|exact|cheap||aecn --baseline ns2
aecn-ns2-2.35|exact|cheap||aecn --baseline ns2-2.35
aecn-rdp-impatient|exact|cheap||aecn --baseline rdp-impatient --seeds 1
acns|exact|cheap||acns --baseline ns2 --preregistered
acns-ns2-buffer300|exact|cheap||acns --baseline ns2 --configs reno,acns --buffer 300
acns-ns2-buffer400|exact|cheap||acns --baseline ns2 --preregistered --configs reno,acns --buffer 400
acns-cubic|exact|cheap||acns --baseline ns2-cubic --preregistered
acns-cubic-eq9-every-ack|exact|cheap||acns --baseline ns2-cubic --preregistered --preregistration acns-cubic-eq9-every-ack --acns-cubic-reading eq9-every-ack --configs reno,acns
acns-cubic-epoch-restart|exact|cheap||acns --baseline ns2-cubic --preregistered --preregistration acns-cubic-epoch-restart --acns-cubic-reading epoch-restart --configs reno,acns
abcd-30seeds-sender|exact|expensive||abcd --seeds 30 --configs abcd-sender --baseline rdp
abcd|exact|cheap||abcd --baseline ns2 --acc-notify window-only --averaging-ms 0 --preregistered
abcd-30seeds|exact|expensive||abcd --seeds 30 --baseline rdp
abcd-window-500ms|exact|cheap||abcd --baseline ns2 --acc-notify window-only --averaging-ms 500 --preregistered
abcd-window-2s|exact|cheap||abcd --baseline ns2 --acc-notify window-only --averaging-ms 2000 --preregistered
abcd-ns2-10seeds|exact|expensive||abcd --seeds 10 --baseline ns2 --acc-notify window-only --averaging-ms 0 --preregistered
abcd-notify-resend|exact|cheap||abcd --baseline ns2 --averaging-ms 0 --preregistered
abcd-fair-rate|exact|cheap||abcd --baseline ns2 --acc-notify window-only --averaging-ms 0 --abcd-rate fair --preregistered
purple|exact|cheap||purple --baseline ns2 --preregistered --uncongested no-mark --seeds 2
purple-uncongested-update|exact|cheap||purple --baseline ns2 --parts bdp,short --aqms purple --seeds 2 --uncongested update
purple-ns2-smoke|exact|cheap||purple --baseline ns2 --parts bdp --aqms purple --flows 10 --seeds 1 --duration 40s
purple-ns2-smoke-before-cwr|skip|cheap||made by the command of purple-ns2-smoke at commit b7841d2, before the ns-2 baselines set SetCWRonRetransmit (docs/results-purple.md, "The ns-2 smoke run")
purple-readings|exact|cheap||purple --parts bdp,short --aqms purple-realised,purple-clamped,purple-same-period --seeds 3 --baseline rdp
soak|skip|cheap||a memory measurement over wall-clock minutes (aspen bench soak, docs/soak.md), not an experiment
'

if [ ! -f "$jar" ]; then
  echo "reproduce-results: building $jar" >&2
  (cd "$here" && mvn -q -B -DskipTests package -pl cli -am) >&2 || { echo "reproduce-results: build failed" >&2; exit 1; }
fi
work="${keep:-$(mktemp -d "${TMPDIR:-/tmp}/aspen-reproduce.XXXXXX")}"
mkdir -p "$work"

wanted() {
  [ ${#only[@]} -eq 0 ] && return 0
  local n
  for n in "${only[@]}"; do [ "$n" = "$1" ] && return 0; done
  return 1
}

failed=0
known=" "
while IFS='|' read -r name how cost opts args; do
  [ -z "$name" ] && continue
  dir="${name%~quick}"
  known="$known$dir "
  [ -d "$results/$dir" ] || continue
  wanted "$dir" || continue
  if [ "$how" = skip ]; then
    echo "SKIP $name: $args"
    continue
  fi
  if [ "$quick" = 1 ] && [ "$cost" = expensive ]; then
    echo "SKIP $name: expensive, runs without --quick (aspen experiment $args)"
    continue
  fi
  out="$work/$name"
  rm -rf "$out"
  start=$(date +%s)
  # shellcheck disable=SC2086  # the arguments are words
  if ! java -jar "$jar" experiment $args --out "$out" > "$work/$name.stdout" 2> "$work/$name.stderr"; then
    echo "FAIL $name: 'aspen experiment $args' failed: $(tail -1 "$work/$name.stderr")"
    failed=1
    continue
  fi
  seconds=$(( $(date +%s) - start ))
  # shellcheck disable=SC2086  # the options are words
  if diffs=$(python3 "$here/tools/results-diff.py" "$results/$dir" "$out" $opts); then
    echo "PASS $name (${seconds} s$([ "$how" = within ] && echo ", real UDP: shape, and $opts"))"
  else
    echo "FAIL $name: $(echo "$diffs" | head -3 | tr '\n' ' ')(files in $out)"
    failed=1
  fi
done <<< "$commands"

for d in "$results"/*/; do
  name="$(basename "$d")"
  wanted "$name" || continue
  case "$known" in
    *" $name "*) ;;
    *) echo "FAIL $name: no command for it in tools/reproduce-results.sh"; failed=1 ;;
  esac
done
[ -z "$keep" ] && [ "$failed" = 0 ] && rm -rf "$work"
exit $failed
