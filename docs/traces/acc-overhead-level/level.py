#!/usr/bin/env python3
"""Reads the per-flow runs.csv of each arm of docs/traces/acc-overhead-level/ and applies the
criteria fixed in its README before the runs.

    python3 docs/traces/acc-overhead-level/level.py docs/traces/acc-overhead-level/{classic,impatient,modern}

Per run: the slower flow is the one with the smaller goodput; "level" is its goodput over the
faster's (the pre-registered reading's effect); a run is level when that is at least 0.8.
"""
import csv
import statistics
import sys
from pathlib import Path


def runs(d):
    with open(Path(d) / "runs.csv", newline="") as f:
        return list(csv.DictReader(f))


def per_run(r):
    g = [float(r["flow1_kbps"]), float(r["flow2_kbps"])]
    slow = 0 if g[0] < g[1] else 1          # equal goodputs: flow 2 is "slower"; ties below never count
    fast = 1 - slow
    k = lambda name, i: int(r[f"flow{i + 1}_{name}"])
    relay = [int(r["i1_input_queue_drops"]), int(r["i2_input_queue_drops"])]
    return {
        "run": f"{r['acc']:>3} seed {r['seed']}",
        "level": min(g) / max(g) if max(g) > 0 else 1.0,
        "slow": slow + 1,
        "kbps": g,
        "timeouts": [k("timeouts", 0), k("timeouts", 1)],
        "retrans": [k("retransmissions", 0), k("retransmissions", 1)],
        "fast": [k("fast_retransmits", 0), k("fast_retransmits", 1)],
        "relay": relay,
        "d": int(r["d_input_queue_drops"]),
        "c": int(r["c_input_queue_drops"]),
        "slow_more_timeouts": k("timeouts", slow) > k("timeouts", fast),
        "slow_more_relay_drops": relay[slow] > relay[fast],
        "slow_more_retrans": k("retransmissions", slow) > k("retransmissions", fast),
    }


def main(dirs):
    verdict = {}
    for d in dirs:
        name = Path(d).name
        rows = [per_run(r) for r in runs(d)]
        n = len(rows)
        print(f"## {name} ({n} runs)")
        print("run          flow1/flow2 kb/s   level  slower  timeouts f1/f2  resent f1/f2  fast f1/f2  drops i1/i2  d    c")
        for x in rows:
            print(f"{x['run']:<12} {x['kbps'][0]:7.1f} / {x['kbps'][1]:7.1f}  {x['level']:.2f}   flow {x['slow']}   "
                  f"{x['timeouts'][0]:4d} / {x['timeouts'][1]:<4d}  {x['retrans'][0]:5d} / {x['retrans'][1]:<5d}  "
                  f"{x['fast'][0]:3d} / {x['fast'][1]:<3d}  {x['relay'][0]:4d} / {x['relay'][1]:<4d} {x['d']:4d} {x['c']:4d}")
        level = sum(x["level"] >= 0.8 for x in rows)
        more_to = sum(x["slow_more_timeouts"] for x in rows)
        more_relay = sum(x["slow_more_relay_drops"] for x in rows)
        more_re = sum(x["slow_more_retrans"] for x in rows)
        tput = [sum(x["kbps"]) for x in rows]
        tos = [sum(x["timeouts"]) for x in rows]
        print(f"level (>= 0.8): {level} of {n}; mean level {statistics.mean(x['level'] for x in rows):.2f}; "
              f"slower flow has more timeouts: {more_to} of {n}; more drops at its relay: {more_relay} of {n}; "
              f"more retransmissions: {more_re} of {n}; throughput {min(tput):.0f}-{max(tput):.0f} kb/s "
              f"(mean {statistics.mean(tput):.0f}); timeouts per run {min(tos)}-{max(tos)} (mean {statistics.mean(tos):.1f})")
        print()
        verdict[name] = (n, level, more_to, more_relay)
    if {"classic", "modern"} <= verdict.keys():
        n_c, level_c, more_to_c, more_relay_c = verdict["classic"]
        n_m, level_m, _, _ = verdict["modern"]
        a = more_to_c >= 0.8 * n_c
        b = level_m >= 0.8 * n_m
        c = level_c <= 0.5 * n_c
        print(f"(C) CLASSIC reproduces the spread (level in at most half the runs): {c} ({level_c} of {n_c})")
        print(f"(A) CLASSIC: the slower flow has more timeouts in at least 4/5 of runs: {a} ({more_to_c} of {n_c})")
        print(f"(B) MODERN: level in at least 4/5 of runs: {b} ({level_m} of {n_m})")
        if not c:
            answer = "not reproduced: CLASSIC was level this time; nothing is attributed"
        elif a and b:
            answer = "RDP's recovery (CLASSIC): the spread follows its timeouts and MODERN levels the flows"
        elif a:
            answer = ("the losses, not the recovery alone: the slower flow times out more, but MODERN does not level "
                      "the flows" + (f"; the slower flow's relay dropped more in {more_relay_c} of {n_c}"))
        elif b:
            answer = ("undecided on the mechanism: MODERN levels the flows, but under CLASSIC the slower flow does not "
                      "time out more in 4/5 of runs")
        else:
            answer = ("not RDP's recovery as suspected: the slower flow does not time out more in 4/5 of runs and MODERN "
                      "does not level the flows")
        print(f"answer by the README's criteria: {answer}")


if __name__ == "__main__":
    main(sys.argv[1:])
