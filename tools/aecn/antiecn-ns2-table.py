#!/usr/bin/env python3
"""Tabulates tools/aecn/run-antiecn-ns2.sh's runs (ns-2.35 patched with AntiECN) beside Aspen's committed run.

    python3 tools/aecn/antiecn-ns2-table.py OUT docs/results/aecn/runs.csv

Reads OUT/NAME.txt (tools/aecn/exp-antiecn.tcl's 'key value' lines), writes OUT/runs.csv (one row per run) and
OUT/compare.md (ns-2.35 + patch against the rows of Aspen's runs.csv with baseline ns2, experiments exp1 and
exp2). The gain is the one AecnExperiment.improvement computes: 100 x (utilisation / Reno's at the same RTT - 1),
Exp. 2 against Exp. 1's Reno run at 40 ms.
"""
import csv
import os
import sys

RUNS = [("exp1", rtt, label, name) for rtt in (40, 200)
        for label, name in [("reno", f"exp1-{rtt}ms-reno")] + [(f"aecn {e}%", f"exp1-{rtt}ms-aecn-{e}") for e in (40, 50, 60, 75)]]
RUNS += [("exp2", 40, f"B={b}", f"exp2-40ms-B{b}") for b in (5000, 2500, 1000, 100)]


def read_run(path):
    kv = {}
    with open(path) as f:
        for line in f:
            parts = line.split(None, 1)
            if len(parts) == 2:
                kv[parts[0]] = parts[1].strip()
    if "utilisation" not in kv:
        sys.exit(f"antiecn-ns2-table.py: {path} has no 'utilisation' line (the run did not finish)")
    return kv


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: antiecn-ns2-table.py OUT ASPEN_RUNS_CSV")
    out, aspen_csv = sys.argv[1], sys.argv[2]
    rows = []
    for exp, rtt, label, name in RUNS:
        kv = read_run(os.path.join(out, name + ".txt"))
        cut = kv.get("first_cut_time_cwnd_ssthresh", "").split()
        rows.append(dict(experiment=exp, label=label, rtt_ms=rtt, eta=float(kv["cfg_eta"]), name=name,
                         utilisation=float(kv["utilisation"]),
                         slow_start_end_packets=2 * int(cut[2]) if len(cut) == 3 else "",
                         ce_departures=int(kv["marks"]), drops=int(kv["drops"]),
                         retransmissions=int(kv["retransmitted_packets"]), timeouts=int(kv["timeouts"]),
                         aecn_kept=int(kv["aecn_kept"]), aecn_cleared=int(kv["aecn_cleared"]),
                         aggressive_acks=int(kv["aggressive_acks"]), aecn_echoes=int(kv["aecn_echoes"])))
    reno = {r["rtt_ms"]: r["utilisation"] for r in rows if r["label"] == "reno"}
    for r in rows:
        r["improvement_pct"] = 100 * (r["utilisation"] / reno[r["rtt_ms"]] - 1)
    cols = ["experiment", "label", "rtt_ms", "eta", "utilisation", "improvement_pct", "slow_start_end_packets",
            "ce_departures", "drops", "retransmissions", "timeouts", "aecn_kept", "aecn_cleared", "aggressive_acks",
            "aecn_echoes"]
    with open(os.path.join(out, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(cols)
        for r in rows:
            w.writerow([f"{r[c]:.5f}" if c == "utilisation" else f"{r[c]:.2f}" if c in ("improvement_pct", "eta")
                        else r[c] for c in cols])
    aspen = {}
    with open(aspen_csv) as f:
        for a in csv.DictReader(f):
            if a["baseline"] == "ns2" and a["experiment"] in ("exp1", "exp2") and a["seed"] == "1":
                aspen[(a["experiment"], int(a["rtt_ms"]), a["label"])] = a
    lines = ["| run | utilisation ns-2.35+patch / Aspen | gain % ns-2.35+patch / Aspen | drops | retransmissions "
             "| aggressive ACKs | AECN bits kept | AECN bits cleared |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        a = aspen[(r["experiment"], r["rtt_ms"], r["label"])]

        def pair(mine, theirs):
            same = str(mine) == str(theirs)
            return f"{mine} / {theirs}" + ("" if same else " **differs**")
        util, gain = f"{r['utilisation']:.5f}", f"{r['improvement_pct']:.2f}"
        lines.append(f"| {r['experiment']} {r['rtt_ms']} ms {r['label']} "
                     f"| {pair(util, a['utilisation'])} | {pair(gain, a['improvement_pct'])} "
                     f"| {pair(r['drops'], a['drops'])} | {pair(r['retransmissions'], a['retransmissions'])} "
                     f"| {pair(r['aggressive_acks'], a['aggressive_acks'])} | {pair(r['aecn_kept'], a['aecn_kept'])} "
                     f"| {pair(r['aecn_cleared'], a['aecn_cleared'])} |")
    with open(os.path.join(out, "compare.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
