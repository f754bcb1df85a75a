#!/usr/bin/env python3
"""Figures of docs/traces/abcd-w0-throughput.md from AbcdFlowTrace's CSVs (issue 29).

  tools/abcd-trace-summary.py TRACE.csv [FROM_S]

TRACE.csv is AbcdFlowTrace's per-flow file; TRACE-link.csv (beside it) its link file. Only samples
after FROM_S seconds (default 20) count. Prints: the bottleneck's kb/s and busy share, the share of
samples with an empty queue and the mean queue, drops after FROM_S, the share of flow-samples under
advice, the advised segment at the floor (200 bytes), the advised paces' quantiles (data kb/s per
flow), the paces summed over the ten flows when all ten are paced (on the wire), advice episodes
(count, median and mean length) and, by number of paced flows, the link's kb/s and empty-queue share.
"""
import csv
import statistics as st
import sys
from collections import defaultdict

path = sys.argv[1]
start = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
link_path = path[:-4] + "-link.csv" if path.endswith(".csv") else path + "-link.csv"
L = [r for r in csv.DictReader(open(link_path)) if float(r["time_s"]) > start]
F = [r for r in csv.DictReader(open(path)) if float(r["time_s"]) > start]
period = float(L[1]["time_s"]) - float(L[0]["time_s"])
n = len(L)
print(f"samples {n} every {period:.1f} s after {start:.0f} s")
print(f"link: sent {st.mean(float(r['sent_kbps']) for r in L):.0f} kb/s, busy {st.mean(float(r['busy']) for r in L):.3f}, "
      f"queue empty in {sum(1 for r in L if r['queue_packets'] == '0') / n:.2f} of samples, "
      f"mean queue {st.mean(int(r['queue_packets']) for r in L):.1f} packets, drops {int(L[-1]['drops']) - int(L[0]['drops'])}")
adv = [r for r in F if r["advice"] == "1"]
print(f"flow-samples under advice: {len(adv) / len(F):.2f}")
if adv:
    seg = [int(r["segment"]) for r in adv]
    print(f"advised segment 200 bytes (the floor) in {sum(1 for s in seg if s == 200) / len(seg):.2f} of advised samples")
    p = sorted(float(r["pace_kbps"]) for r in adv)
    q = lambda f: p[min(len(p) - 1, int(f * len(p)))]
    print(f"advised pace per flow, data kb/s: q10 {q(0.1):.1f}, q25 {q(0.25):.1f}, median {q(0.5):.1f}, q75 {q(0.75):.1f}, q90 {q(0.9):.1f}")
    all10 = [float(r["pace_sum_wire_kbps"]) for r in L if r["paced_flows"] == "10"]
    if all10:
        print(f"all ten paced in {len(all10)} samples: paces summed {st.mean(all10):.0f} kb/s on the wire")
    eps = []
    for f in sorted({r["flow"] for r in F}):
        run = 0
        for r in [r for r in F if r["flow"] == f] + [{"advice": "0"}]:
            if r["advice"] == "1":
                run += 1
            elif run:
                eps.append(run * period)
                run = 0
    print(f"advice episodes {len(eps)}: median {st.median(eps):.1f} s, mean {st.mean(eps):.2f} s")
    by = defaultdict(list)
    for r in L:
        by[int(float(r["paced_flows"]))].append(r)
    print("paced flows | samples | link kb/s | queue empty")
    for k in sorted(by):
        rs = by[k]
        print(f"{k} | {len(rs)} | {st.mean(float(r['sent_kbps']) for r in rs):.0f} | "
              f"{sum(1 for r in rs if r['queue_packets'] == '0') / len(rs):.2f}")
