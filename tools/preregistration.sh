#!/usr/bin/env bash
# Names the commit of a result's pre-registration and the commit of the result, and checks that the
# first comes strictly before the second (docs/reproducing.md, "Pre-registration").
#
#   tools/preregistration.sh docs/results/NAME
#
# Reads "preregistration": {"file", "gitBlob"} from NAME/summary.json. The pre-registration's commit
# is the first that gave FILE exactly that content (git log --find-object=BLOB); the results'
# commit is the last that changed NAME/summary.json. Prints:
#   preregistration FILE: COMMIT (DATE)
#   results DIR: COMMIT (DATE)
#   OK: registered before the results          or   FAIL: why
#   CHANGED: FILE changed after the results in COMMIT...: report the readings changed, with both runs' figures
# Exit status: 0 when the pre-registration's commit is a strict ancestor of the results' commit.
set -uo pipefail

if [ $# -ne 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -eq 1 ] && exit 0 || exit 2
fi
dir="${1%/}"
summary="$dir/summary.json"
[ -f "$summary" ] || { echo "preregistration: no $summary" >&2; exit 2; }
read -r file blob < <(python3 - "$summary" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
p = s.get("preregistration") if isinstance(s, dict) else None
if isinstance(p, dict) and p.get("file") and p.get("gitBlob"):
    print(p["file"], p["gitBlob"])
PY
)
if [ -z "${file:-}" ]; then
  echo "FAIL: $summary names no pre-registration (no \"preregistration\": {file, gitBlob}): made before issue 29's rules"
  exit 1
fi
root="$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null)" || { echo "preregistration: $dir is not in a git repository" >&2; exit 2; }
rel="$(cd "$dir" && pwd)"; rel="${rel#"$root"/}"
reg="$(git -C "$root" log --reverse --format=%H --find-object="$blob" -- "$file" | head -1)"
res="$(git -C "$root" log -1 --format=%H -- "$rel/summary.json")"
if [ -z "$reg" ]; then
  echo "FAIL: no commit gave $file the content $blob (the pre-registration the results name was never committed)"
  exit 1
fi
if [ -z "$res" ]; then
  echo "FAIL: $rel/summary.json is not committed"
  exit 1
fi
echo "preregistration $file: $(git -C "$root" log -1 --format='%h (%cs)' "$reg")"
echo "results $rel: $(git -C "$root" log -1 --format='%h (%cs)' "$res")"
status=0
if [ "$reg" = "$res" ]; then
  echo "FAIL: registered in the results' own commit, not before it"
  status=1
elif git -C "$root" merge-base --is-ancestor "$reg" "$res"; then
  echo "OK: registered before the results"
else
  echo "FAIL: the pre-registration's commit does not come before the results' commit"
  status=1
fi
later="$(git -C "$root" log --reverse --format=%h "$res..HEAD" -- "$file" | tr '\n' ' ')"
if [ -n "$later" ]; then
  echo "CHANGED: $file changed after the results in ${later% }: report the readings changed, with both runs' figures"
fi
exit $status
