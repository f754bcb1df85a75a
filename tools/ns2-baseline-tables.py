#!/usr/bin/env python3
"""Prints the ns-2-baseline tables of docs/results-acc.md and docs/results-aecn.md from committed summaries.

    tools/ns2-baseline-tables.py acc     # ACC Figure 4 on each baseline (docs/results/acc-ns2*/, acc-10seeds/'s rdp sweep)
    tools/ns2-baseline-tables.py aecn    # AntiECN Table I on each baseline (docs/results/aecn-ns2*/, aecn/'s rdp runs)

Every number comes from a summary.json in docs/results/, so the docs' tables can be checked against
the files (and the files against a re-run: tools/reproduce-results.sh).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(HERE, "docs", "results")

ACC_DIRS = [("acc-ns2", "ns-2 Reno, 1998 defaults (primary)"),
            ("acc-ns2-wide", "ns-2 Reno, window_ 10000"),
            ("acc-ns2-2.35", "ns-2 Reno, ns-2.35 defaults"),
            ("acc-10seeds", "Aspen RDP")]
# docs/results/acc-10seeds holds the ns-2 sweep and, since issue 29, its "Aspen RDP" sensitivity sweep in
# summary.json's "rdpSensitivity": the Aspen RDP rows come from there
ACC_RDP = {"acc-10seeds"}
# (directory, label, runs of which baseline: None for all; docs/results/aecn holds the ns-2 sweep and
# its "Aspen RDP" sensitivity sweep since issue 29, its runs marked by "baseline")
AECN_DIRS = [("aecn-ns2", "ns-2 Reno, 2002 defaults (primary)", None),
             ("aecn-ns2-2.35", "ns-2 Reno, ns-2.35 defaults", None),
             ("aecn", "Aspen RDP", "rdp")]
PAPER_TABLE_ONE = {"40ms": [10, 12, 17, 19], "200ms": [17, 20, 26, 29]}


def load(name):
    with open(os.path.join(RESULTS, name, "summary.json")) as f:
        return json.load(f)


def point(summary, config, delay):
    for p in summary["points"]:
        if p["config"] == config and p["delayMs"] == delay:
            return p
    return None


def acc():
    print("| baseline | RTT (ms) | RED kb/s | ACC kb/s | ACC / RED (95 % CI) | RED timeouts / run | ACC timeouts / run | RED drops / run | ACC drops / run |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, label in ACC_DIRS:
        s = load(name)
        if name in ACC_RDP:
            s = s["rdpSensitivity"]
        for d in s["delaysMs"]:
            red, accp = point(s, "red", d), point(s, "acc", d)
            ratio = s["accOverRenoThroughputByDelayMs"][str(d)]
            lo, hi = s["accOverRenoThroughputCi95ByDelayMs"][str(d)]
            print("| %s | %.0f | %.1f | %.1f | %.2f (%.2f-%.2f) | %.1f | %.1f | %.0f | %.0f |" % (
                label, red["rttMs"], red["goodputKbps"]["mean"], accp["goodputKbps"]["mean"], ratio, lo, hi,
                red["timeouts"]["mean"], accp["timeouts"]["mean"], red["bottleneckDrops"]["mean"],
                accp["bottleneckDrops"]["mean"]))


def aecn():
    print("| baseline | eta | 40 ms gain (paper) | 200 ms gain (paper) | Reno utilisation 40 / 200 ms | Reno drops per run 40 / 200 ms |")
    print("|---|---|---|---|---|---|")
    for name, label, baseline in AECN_DIRS:
        s = load(name)
        runs = [r for r in s["runs"] if baseline is None or r.get("baseline") == baseline]
        gains = {}
        for r in runs:
            if r["experiment"] == "exp1" and r["label"] != "reno":
                gains.setdefault("%dms" % r["rttMs"], {}).setdefault("%.2f" % r["eta"], []).append(r["improvementPct"])
        t = {rtt: {eta: {"mean": sum(v) / len(v)} for eta, v in col.items()} for rtt, col in gains.items()}
        reno = {}
        for r in runs:
            if r["experiment"] == "exp1" and r["label"] == "reno":
                reno.setdefault(r["rttMs"], []).append(r)
        util = " / ".join("%.3f" % (sum(x["utilisation"] for x in reno[rtt]) / len(reno[rtt])) for rtt in (40, 200))
        drops = " / ".join("%.0f" % (sum(x["drops"] for x in reno[rtt]) / len(reno[rtt])) for rtt in (40, 200))
        for i, eta in enumerate(["0.40", "0.50", "0.60", "0.75"]):
            a, b = t["40ms"][eta], t["200ms"][eta]
            print("| %s | %s | %.1f %% (%d %%) | %.1f %% (%d %%) | %s | %s |" % (
                label, eta, a["mean"], PAPER_TABLE_ONE["40ms"][i], b["mean"], PAPER_TABLE_ONE["200ms"][i],
                util if i == 0 else "", drops if i == 0 else ""))


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    if which == "acc":
        acc()
    elif which == "aecn":
        aecn()
    else:
        print("usage: tools/ns2-baseline-tables.py acc|aecn", file=sys.stderr)
        sys.exit(2)
