#!/usr/bin/env python3
"""PURPLE's macroscopic updates on the BDP queue, read back from `aspen experiment purple`'s series.

docs/traces/purple-fig2-fig3.md. Each series row (every 100 ms at r1) holds the queue now and, for
PURPLE, the p_k in force and the p, p_<k, p_>k and gamma of the last once-per-RTT update (without
the microscopic term gamma changes only at an update). An update is a row whose (p, p_>k, gamma)
differ from the row before. At a single bottleneck p_<k = 0, so Section 2.3's p_>k = p - p_k,rec
gives back p_k,rec, the p_k recorded over the period that ended at the update; the p_k applied
over that period was the previous row's (constant between updates), and the excess of p_k,rec over
it is the period's overflow drops (each counts 1, docs/purple.md interpretation 4):
drop share = (p_k,rec - p_k,prev) / (1 - p_k,prev). Equation (3) then gives
p_k' = p / gamma^2 - p_<k - p_>k = p_k,rec + p (1/gamma^2 - 1), or 0 while gamma > 1 under reading
5b (`no_mark_uncongested`).

  tools/purple-fig2-fig3.py [--warmup S] [--csv OUT] SERIES.csv...

Prints one row per series (after the warm-up, 10 s by default): samples, mean queue, share of
samples with the queue at 600 packets or more, updates, share of updates with gamma > 1, gamma's
mean and standard deviation over the updates, mean p_k and p over the samples, their ratio, the
updates whose p_k' is (3) within the series' rounding (6 decimals, gamma 4), and where p_k' came from, summed over the
updates with gamma <= 1: the carried p_k,prev, the period's drops, and the gamma term p (1/gamma^2 - 1).
With --csv also writes every update (time, queue, gamma, p, p_>k, p_k,prev, p_k,rec, drop share,
p_k', (3)) of the last series given.
"""
import csv
import math
import sys


def load(path, warmup):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows or "gamma" not in rows[0]:
        sys.exit(f"purple-fig2-fig3.py: {path} is not a PURPLE series (no gamma column)")
    return [r for r in rows if float(r["time_s"]) > warmup]


def updates(rows):
    """Rows at which a macroscopic update happened, each with the row before it."""
    out = []
    for prev, cur in zip(rows, rows[1:]):
        key = lambda r: (r["p"], r["p_beyond"], r["gamma"])
        if key(cur) != key(prev):
            out.append((prev, cur))
    return out


def eq3(p, gamma, p_before, p_beyond, no_mark):
    if no_mark and gamma > 1:
        return 0.0
    return max(0.0, min(1.0, p / (gamma * gamma) - p_before - p_beyond))


def analyse(path, warmup, no_mark):
    rows = load(path, warmup)
    q = [float(r["queue_packets"]) for r in rows]
    pk = [float(r["local_probability"]) for r in rows]
    p = [float(r["p"]) for r in rows]
    ups = []
    for prev, cur in updates(rows):
        g = float(cur["gamma"])
        pp = float(cur["p"])
        beyond = float(cur["p_beyond"])
        before = float(cur["p_before"])
        pk_prev = float(prev["local_probability"])
        rec = pp - beyond - before
        drop = (rec - pk_prev) / (1 - pk_prev) if pk_prev < 1 else float("nan")
        new = float(cur["local_probability"])
        ups.append(dict(time=float(cur["time_s"]), queue=float(cur["queue_packets"]), gamma=g, p=pp, beyond=beyond,
                        pk_prev=pk_prev, rec=rec, drop=drop, pk=new, eq3=eq3(pp, g, before, beyond, no_mark)))
    n = len(rows)
    gs = [u["gamma"] for u in ups]
    gmean = sum(gs) / len(gs) if gs else float("nan")
    gsd = math.sqrt(sum((x - gmean) ** 2 for x in gs) / (len(gs) - 1)) if len(gs) > 1 else float("nan")
    congested = [u for u in ups if u["gamma"] <= 1]
    carried = sum(u["pk_prev"] for u in congested)
    dropped = sum(u["rec"] - u["pk_prev"] for u in congested)
    term = sum(u["p"] * (1 / u["gamma"] ** 2 - 1) for u in congested)
    total = carried + dropped + term
    # the series prints p_k, p, p_>k to 6 decimals and gamma to 4: agreement within that rounding
    agree = sum(1 for u in ups if abs(u["pk"] - u["eq3"]) <= 2e-6 + 2e-4 * u["p"] / u["gamma"] ** 2)
    summary = dict(series=path, samples=n, mean_queue=sum(q) / n, at_600=sum(1 for x in q if x >= 600) / n,
                   updates=len(ups), gamma_above_1=sum(1 for x in gs if x > 1) / len(gs) if gs else float("nan"), gamma_mean=gmean,
                   gamma_sd=gsd, mean_pk=sum(pk) / n, mean_p=sum(p) / n, pk_over_p=(sum(pk) / sum(p)) if sum(p) else float("nan"),
                   eq3_agrees=agree, from_carried=carried / total if total else float("nan"),
                   from_drops=dropped / total if total else float("nan"), from_gamma=term / total if total else float("nan"))
    return summary, ups


def main(argv):
    warmup = 10.0
    out = None
    no_mark = True
    paths = []
    it = iter(argv)
    for a in it:
        if a == "--warmup":
            warmup = float(next(it))
        elif a == "--csv":
            out = next(it)
        elif a == "--update-reading":
            no_mark = False
        elif a.startswith("--"):
            sys.exit(f"purple-fig2-fig3.py: unknown option {a}")
        else:
            paths.append(a)
    if not paths:
        sys.exit("usage: tools/purple-fig2-fig3.py [--warmup S] [--update-reading] [--csv OUT] SERIES.csv...")
    cols = ["series", "samples", "mean_queue", "at_600", "updates", "gamma_above_1", "gamma_mean", "gamma_sd", "mean_pk",
            "mean_p", "pk_over_p", "eq3_agrees", "from_carried", "from_drops", "from_gamma"]
    print(",".join(cols))
    ups = []
    for path in paths:
        s, ups = analyse(path, warmup, no_mark)
        print(",".join(s[c] if isinstance(s[c], str) else (str(s[c]) if isinstance(s[c], int) else f"{s[c]:.6g}")
                       for c in cols))
    if out:
        with open(out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["time_s", "queue_packets", "gamma", "p", "p_beyond", "p_k_prev", "p_k_recorded", "period_drop_share",
                        "p_k", "eq3"])
            for u in ups:
                w.writerow([f"{u['time']:.1f}", f"{u['queue']:.0f}", f"{u['gamma']:.4f}", f"{u['p']:.6f}",
                            f"{u['beyond']:.6f}", f"{u['pk_prev']:.6f}", f"{u['rec']:.6f}", f"{u['drop']:.6f}",
                            f"{u['pk']:.6f}", f"{u['eq3']:.6f}"])


if __name__ == "__main__":
    main(sys.argv[1:])
