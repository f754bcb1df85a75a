#!/usr/bin/env python3
"""Window closes and loss episodes of the bulk flows in ACC-template lab runs (docs/traces/acc-fig4-fig7.md).

Each RUN is a directory in which `aspen lab --sim --trace trace.txt` ran one scenario printed by
`aspen experiment acc-figure4 --print-scenario CONFIG:DELAY`: it holds the flows' cwnd CSVs
(`*-bulkN-cwnd.csv`: one row per close, `event` close-notification / close-fast-retransmit /
close-timeout / close-ecn, `closed_from` the window before, `cwnd` the window after) and trace.txt.

  closes RUN...    one CSV row per close: run, flow, time, cause, before, after, magnitude (before -
                   after, as the experiment's close magnitude: ConnectionStats.windowClosed), and for
                   an ACC notification the window the dropped segment carried (2 x after: the monitor
                   halves it, WindowRule.reno) and before - carried (what the window grew while the
                   segment went to the bottleneck and the notification came back)
  episodes RUN...  the flows' bottleneck drops (trace.txt: r2's 'drop' lines of data segments from
                   10.0.1.N) grouped into loss episodes, a drop more than GAP after the episode's first
                   starting the next (GAP: 1.2 x the base RTT, from the scenario's name), and per episode
                   its drops, and whether a retransmission timeout (close-timeout) came before the next
                   episode: one CSV row per episode

e.g. python3 tools/acc-closes.py closes acc-10-1 acc-10-2 > closes.csv
"""
import csv
import glob
import os
import re
import sys


def flows(run):
    """(flow number, rows of its cwnd CSV) for each bulk flow of the run."""
    out = []
    for path in sorted(glob.glob(os.path.join(run, '*-bulk*-cwnd.csv'))):
        n = int(re.search(r'-bulk(\d+)-cwnd\.csv$', path).group(1))
        out.append((n, path, list(csv.DictReader(open(path)))))
    return out


def base_rtt_s(path):
    delay = int(re.search(r'-(\d+)ms-', os.path.basename(path)).group(1))
    return (2 * delay + 60) / 1000.0      # the long link twice, three 10 ms links each way


def closes(runs, w):
    w.writerow(['run', 'flow', 'time_s', 'cause', 'before', 'after', 'magnitude', 'carried', 'grown'])
    for run in runs:
        for n, _, rows in flows(run):
            for r in rows:
                if not r['event'].startswith('close-'):
                    continue
                before, after = float(r['closed_from']), float(r['cwnd'])
                cause = r['event'][len('close-'):]
                carried = grown = ''
                if cause == 'notification':
                    carried = '%.4f' % (2 * after)
                    grown = '%.4f' % (before - 2 * after)
                w.writerow([os.path.basename(run.rstrip('/')), n, r['time_s'], cause, '%.4f' % before,
                            '%.4f' % after, '%.4f' % (before - after), carried, grown])


def episodes(runs, w):
    w.writerow(['run', 'flow', 'start_s', 'drops', 'timeout_s'])
    for run in runs:
        fl = flows(run)
        if not fl:
            continue
        gap = 1.2 * base_rtt_s(fl[0][1])
        drops = {n: [] for n, _, _ in fl}
        for line in open(os.path.join(run, 'trace.txt')):
            f = line.split()
            if len(f) > 9 and f[1] == 'r2' and f[2] == 'drop' and f[4].startswith('10.0.1.') and f[9] == 'len=980':
                n = int(f[4].rsplit('.', 1)[1])
                if n in drops:
                    drops[n].append(float(f[0]))
        for n, _, rows in fl:
            tos = [float(r['time_s']) for r in rows if r['event'] == 'close-timeout']
            eps = []
            for t in sorted(drops[n]):
                if eps and t - eps[-1][0] < gap:
                    eps[-1].append(t)
                else:
                    eps.append([t])
            for i, e in enumerate(eps):
                nxt = eps[i + 1][0] if i + 1 < len(eps) else 1e18
                to = [x for x in tos if e[0] < x < nxt]
                w.writerow([os.path.basename(run.rstrip('/')), n, '%.3f' % e[0], len(e), '%.3f' % to[0] if to else ''])


def main(argv):
    if len(argv) < 2 or argv[0] not in ('closes', 'episodes'):
        print('usage: tools/acc-closes.py closes|episodes RUN... (RUN: a directory of an aspen lab run)', file=sys.stderr)
        return 2
    for run in argv[1:]:
        if not os.path.isdir(run) or not flows(run):
            print('tools/acc-closes.py: no *-bulkN-cwnd.csv in ' + run, file=sys.stderr)
            return 2
    w = csv.writer(sys.stdout, lineterminator='\n')
    (closes if argv[0] == 'closes' else episodes)(argv[1:], w)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
