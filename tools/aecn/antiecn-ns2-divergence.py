#!/usr/bin/env python3
"""Where Aspen and ns-2.35 + the AntiECN patch first differ in one run: compares traces made every 1 ms by
tools/aecn/aecn-trace.jsh (Aspen) and tools/aecn/exp-antiecn.tcl's 'trace' key (ns-2), optionally a third from the
diagnostic build with Aspen's AVQ clamp order (tools/aecn/ns2-avq-clamp-order.patch).

    python3 tools/aecn/antiecn-ns2-divergence.py ASPEN.csv NS2.csv [NS2_DIAG.csv]

Prints every window cut (cwnd falls by more than one packet between two steps) in each trace side by side, the
first step where the bits the AntiECN layer kept or the aggressive ACKs differ (the cleared count flickers by a packet
or two at a step, because Aspen's handshake ACK shifts its arrivals by one), and the counts at the
last step. ns-2 prints cwnd_ with 6 significant digits (TclCL's TracedDouble), so windows are compared to 0.01.
"""
import csv
import sys


def load(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def cuts(rows):
    out = []
    for a, b in zip(rows, rows[1:]):
        if float(b["cwnd"]) < float(a["cwnd"]) - 1:
            out.append((b["time_s"], float(a["cwnd"]), float(b["cwnd"])))
    return out


def first_count_difference(a, b):
    for x, y in zip(a, b):
        for k in ("aecn_kept", "aggressive_acks"):
            if x[k] != y[k]:
                return f"{x['time_s']} s: {k} {x[k]} (Aspen) / {y[k]} (ns-2)"
    return "none"


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: antiecn-ns2-divergence.py ASPEN.csv NS2.csv [NS2_DIAG.csv]")
    names = ["Aspen", "ns-2.35+patch", "ns-2.35+patch, Aspen's AVQ clamp order"][:len(sys.argv) - 1]
    traces = [load(p) for p in sys.argv[1:]]
    if len({len(t) for t in traces}) != 1:
        sys.exit("antiecn-ns2-divergence.py: the traces have different lengths (not the same run and step)")
    allcuts = [cuts(t) for t in traces]
    print("window cuts (time of the first step after the cut, cwnd before -> after):")
    print("| # | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for i in range(max(len(c) for c in allcuts)):
        cells = []
        for c in allcuts:
            cells.append(f"{c[i][0]} s, {c[i][1]:.2f} -> {c[i][2]:.2f}" if i < len(c) else "-")
        print(f"| {i + 1} | " + " | ".join(cells) + " |")
    for name, t in zip(names[1:], traces[1:]):
        print(f"first step where the bits kept or the aggressive ACKs differ, Aspen against {name}: {first_count_difference(traces[0], t)}")
    print("at the last step (" + traces[0][-1]["time_s"] + " s): arrivals / kept / cleared / aggressive ACKs")
    for name, t in zip(names, traces):
        x = t[-1]
        print(f"  {name}: {x['aecn_arrivals']} / {x['aecn_kept']} / {x['aecn_cleared']} / {x['aggressive_acks']}")


if __name__ == "__main__":
    main()
