#!/usr/bin/env python3
"""Compares an experiment's output directory with another (e.g. docs/results/acc), ignoring wall time.

    tools/results-diff.py EXPECTED ACTUAL [--structure] [--subset] [--within FIELD=TOL]... [--all] [--new-field NAME]...

Every file of EXPECTED must be in ACTUAL (with --all, every file of either must be in both) and
equal to it, after leaving out what depends on the wall clock:
  *.csv    the wall_s column;
  *.json   every "wallSeconds" field; objects compare by content, not key order (older summaries
           wrote a few objects in a per-process random order);
  *.md     the "N s wall" in the first line (ACNS's comparison.md);
  *.stdout a command's printed table: "in N s" and "N s wall" (JSON output compares as JSON).
Anything else (PNG, YAML) must be byte for byte the same.

--new-field NAME (repeatable) accepts a JSON field NAME that ACTUAL writes and EXPECTED, made
by an older version, lacks (e.g. longLink, added to acc-figure4's summary with --long-link).

--structure compares only the shape, for runs over real UDP whose figures depend on the machine:
the CSV headers, row counts and key columns (those before the first number), the JSON keys and
list lengths, and that each PNG is a PNG.

--within FIELD=TOL (repeatable) compares content within a tolerance, for runs over real UDP that
cannot repeat byte for byte: summary.json's FIELD, a map from keys to numbers (e.g.
acc-overhead's accOnOverOffThroughputByDelayMs, the on/off throughput ratio per delay), must have
every key of ACTUAL in EXPECTED, and each ACTUAL number within TOL of EXPECTED's, absolute
(|actual - expected| <= TOL; a missing or non-numeric value, NaN included, fails). With
--structure it adds to the shape check. FIELD:KEY=TOL compares that key alone (e.g. a short run
whose first, JIT-cold delay is not compared).

--subset: ACTUAL ran part of EXPECTED's sweep (fewer delays or seeds, shorter runs): only the CSV
headers, the JSON top-level keys and the PNGs' magic are compared (with --within for content).

Prints one line per differing file and exits 1 when any differs, 0 otherwise.
"""
import csv
import io
import json
import os
import re
import sys

WALL_COLUMNS = {"wall_s"}
WALL_KEYS = {"wallSeconds"}
PNG = b"\x89PNG\r\n\x1a\n"


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        return [], []
    keep = [i for i, h in enumerate(rows[0]) if h not in WALL_COLUMNS]
    return [rows[0][i] for i in keep], [[r[i] if i < len(r) else None for i in keep] for r in rows[1:]]


def drop_wall(x):
    if isinstance(x, dict):
        return {k: drop_wall(v) for k, v in x.items() if k not in WALL_KEYS}
    if isinstance(x, list):
        return [drop_wall(v) for v in x]
    return x


def without_new(expected, actual, new_fields):
    """ACTUAL without the fields named in new_fields that EXPECTED lacks at the same place."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {k: without_new(expected.get(k), v, new_fields) for k, v in actual.items()
                if k in expected or k not in new_fields}
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [without_new(e, a, new_fields) for e, a in zip(expected, actual)]
    return actual


def shape(x):
    if isinstance(x, dict):
        return {k: shape(v) for k, v in x.items()}
    if isinstance(x, list):
        return [len(x)] + ([shape(x[0])] if x else [])
    return type(x).__name__ if x is not None else "null"


def masked(text):
    text = re.sub(r"\b\d+(\.\d+)? s wall", "N s wall", text)
    return re.sub(r"\bin \d+(\.\d+)? s\b", "in N s", text)


def is_number(s):
    try:
        float(s)
        return True
    except (TypeError, ValueError):
        return False


def key_columns(header, rows):
    """The leading columns that hold no numbers but identifiers (config, acc, delay_ms, seed, metric)."""
    keys = []
    for i, h in enumerate(header):
        if h in ("delay_ms", "seed", "flows", "n", "metric", "config", "acc", "part", "aqm", "flow", "experiment", "label"):
            keys.append(i)
        else:
            break
    return [[r[i] for i in keys] for r in rows]


def within(field, tol, expected, actual, key=None):
    """None when every number of ACTUAL's map FIELD (or its KEY alone) is within TOL of EXPECTED's at the same key, else a short reason."""
    e = expected.get(field) if isinstance(expected, dict) else None
    a = actual.get(field) if isinstance(actual, dict) else None
    if not isinstance(e, dict) or not isinstance(a, dict):
        return "%s: not a map in both" % field
    if key is not None:
        a = {key: a.get(key)}
    if not a:
        return "%s: empty" % field
    for k, v in a.items():
        x = e.get(k)
        if not isinstance(v, (int, float)) or not isinstance(x, (int, float)) or isinstance(v, bool) or isinstance(x, bool):
            return "%s[%s]: %r vs %r, not numbers in both" % (field, k, x, v)
        if not abs(v - x) <= tol:   # NaN fails
            return "%s[%s]: %r is more than %g from %r" % (field, k, v, tol, x)
    return None


def parse_within(argv):
    """The --within FIELD=TOL pairs; ValueError naming a bad one."""
    out = []
    for i, arg in enumerate(argv):
        if arg == "--within":
            spec = argv[i + 1] if i + 1 < len(argv) else ""
            field, eq, tol = spec.partition("=")
            try:
                t = float(tol)
            except ValueError:
                t = float("nan")
            field, colon, key = field.partition(":")
            if not field or not eq or (colon and not key) or not t >= 0 or t == float("inf"):
                raise ValueError("--within takes FIELD=TOL or FIELD:KEY=TOL with TOL a number >= 0, not '%s'" % spec)
            out.append((field, key if colon else None, t))
    return out


def compare(name, a, b, structure, new_fields=(), subset=False):
    """None when equal, else a short reason."""
    if name.endswith(".csv"):
        ha, ra = read_csv(a)
        hb, rb = read_csv(b)
        if ha != hb:
            return "header differs: %s vs %s" % (ha, hb)
        if subset:
            return None
        if len(ra) != len(rb):
            return "%d rows vs %d" % (len(ra), len(rb))
        if structure:
            return None if key_columns(ha, ra) == key_columns(hb, rb) else "key columns differ"
        for i, (x, y) in enumerate(zip(ra, rb)):
            if x != y:
                return "row %d differs:\n    %s\n    %s" % (i + 1, ",".join(map(str, x)), ",".join(map(str, y)))
        return None
    if name.endswith(".json") or (name.endswith(".stdout") and open(a).read().lstrip().startswith("{")):
        ja = drop_wall(json.load(open(a)))
        jb = without_new(ja, drop_wall(json.load(open(b))), set(new_fields))
        if subset:
            same = isinstance(ja, dict) and isinstance(jb, dict) and set(ja) == set(jb)
            return None if same else "JSON top-level keys differ"
        if structure:
            return None if shape(ja) == shape(jb) else "JSON structure differs"
        return None if ja == jb else "JSON differs"
    if name.endswith(".md") or name.endswith(".stdout"):
        if structure or subset:
            return None
        return None if masked(open(a).read()) == masked(open(b).read()) else "text differs"
    da = open(a, "rb").read()
    db = open(b, "rb").read()
    if (structure or subset) and name.endswith(".png"):
        return None if da.startswith(PNG) and db.startswith(PNG) else "not a PNG"
    return None if da == db else "bytes differ (%d vs %d bytes)" % (len(da), len(db))


def main(argv):
    new_fields = [argv[i + 1] for i, a in enumerate(argv) if a == "--new-field" and i + 1 < len(argv)]
    args = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] not in ("--new-field", "--within"))]
    structure = "--structure" in argv
    subset = "--subset" in argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        tolerances = parse_within(argv)
    except ValueError as e:
        print("results-diff: %s" % e, file=sys.stderr)
        return 2
    expected, actual = args
    names = set(os.listdir(expected))
    if "--all" in argv:
        names |= set(os.listdir(actual))
    bad = 0
    for name in sorted(names):
        a = os.path.join(expected, name)
        b = os.path.join(actual, name)
        if os.path.isdir(a) or os.path.isdir(b):
            continue
        if not os.path.exists(a) or not os.path.exists(b):
            print("%s: only in %s" % (name, expected if os.path.exists(a) else actual))
            bad += 1
            continue
        why = compare(name, a, b, structure, new_fields, subset)
        if why:
            print("%s: %s" % (name, why))
            bad += 1
    if tolerances:
        a = os.path.join(expected, "summary.json")
        b = os.path.join(actual, "summary.json")
        if not os.path.exists(a) or not os.path.exists(b):
            print("summary.json: needed by --within, missing")
            bad += 1
        else:
            ja, jb = json.load(open(a)), json.load(open(b))
            for field, key, tol in tolerances:
                why = within(field, tol, ja, jb, key)
                if why:
                    print("summary.json: %s" % why)
                    bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
