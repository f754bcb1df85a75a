#!/usr/bin/env python3
"""Window closes and loss episodes of the bulk flows in ACC-template lab runs (docs/traces/acc-fig4-fig7.md).

Each RUN is a directory in which `aspen lab --sim --trace trace.txt` ran one scenario printed by
`aspen experiment acc-figure4 --print-scenario CONFIG:DELAY`: it holds the flows' cwnd CSVs
(`*-bulkN-cwnd.csv`: one row per close, `event` close-notification / close-fast_retransmit /
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

  summary RUN...   the means docs/traces/acc-fig4-fig7.md tabulates: per cause, before 10 s and after,
                   closes per run and the mean before, after, magnitude (and carried, grown); then the
                   loss episodes before 10 s and after, by their drops (1, 2, 3 or more), with how
                   many ended in a timeout
  fit RUN...       per flow, goodput (report.json) against its timeouts after 10 s; then the least-squares
                   line over all the flows given: kb/s per timeout, the goodput at none, the correlation

e.g. python3 tools/acc-closes.py closes acc-10-1 acc-10-2 > closes.csv
     python3 tools/acc-closes.py summary acc-300-1 acc-300-2 acc-300-3 acc-300-4 acc-300-5
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
        with open(path) as f:
            out.append((n, path, list(csv.DictReader(f))))
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
        with open(os.path.join(run, 'trace.txt')) as trace:
            for line in trace:
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


class _Rows:
    """Collects what a csv.writer writes, as dicts keyed by the header row."""

    def __init__(self):
        self.header = None
        self.rows = []

    def writerow(self, r):
        if self.header is None:
            self.header = r
        else:
            self.rows.append(dict(zip(self.header, map(str, r))))


def summary(runs, w, split=10.0):
    c = _Rows()
    closes(runs, c)
    n = len(runs)
    w.writerow(['part', 'cause', 'closes_per_run', 'before', 'after', 'magnitude', 'carried', 'grown'])
    for part, sel in (('first %gs' % split, lambda t: t < split), ('after %gs' % split, lambda t: t >= split)):
        for cause in ('notification', 'fast_retransmit', 'timeout', 'ecn', 'all'):
            rs = [r for r in c.rows if sel(float(r['time_s'])) and cause in (r['cause'], 'all')]
            if not rs:
                continue
            mean = lambda k: sum(float(r[k]) for r in rs) / len(rs)
            notif = cause == 'notification'
            w.writerow([part, cause, '%.1f' % (len(rs) / n), '%.2f' % mean('before'), '%.2f' % mean('after'),
                        '%.3f' % mean('magnitude'), '%.2f' % mean('carried') if notif else '',
                        '%.3f' % mean('grown') if notif else ''])
    e = _Rows()
    episodes(runs, e)
    w.writerow(['part', 'episode_drops', 'episodes', 'ending_in_a_timeout', 'bulk_drops_per_run'])
    for part, sel in (('first %gs' % split, lambda t: t < split), ('after %gs' % split, lambda t: t >= split)):
        rs = [r for r in e.rows if sel(float(r['start_s']))]
        drops = sum(int(r['drops']) for r in rs) / n
        for k, label in ((1, '1'), (2, '2'), (3, '3+')):
            ks = [r for r in rs if min(int(r['drops']), 3) == k]
            w.writerow([part, label, len(ks), sum(1 for r in ks if r['timeout_s']), '%.1f' % drops])


def fit(runs, w, split=10.0):
    import json
    xs, ys = [], []
    w.writerow(['run', 'flow', 'goodput_kbps', 'timeouts_after_%gs' % split])
    for run in runs:
        with open(os.path.join(run, 'report.json')) as f:
            transfers = json.load(f)['transfers']
        for n, _, rows in flows(run):
            t = sum(1 for r in rows if r['event'] == 'close-timeout' and float(r['time_s']) >= split)
            g = transfers[n - 1]['goodputBps'] / 1e3
            xs.append(t)
            ys.append(g)
            w.writerow([os.path.basename(run.rstrip('/')), n, '%.3f' % g, t])
    k = len(xs)
    mx, my = sum(xs) / k, sum(ys) / k
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    syy = sum((y - my) ** 2 for y in ys)
    slope = sxy / sxx
    w.writerow(['# flows', k, 'kb/s per timeout %.1f' % slope, 'at none %.1f' % (my - slope * mx)])
    w.writerow(['# correlation', '%.2f' % (sxy / (sxx * syy) ** 0.5), '', ''])


def main(argv):
    if len(argv) < 2 or argv[0] not in ('closes', 'episodes', 'summary', 'fit'):
        print('usage: tools/acc-closes.py closes|episodes|summary|fit RUN... (RUN: a directory of an aspen lab run)',
              file=sys.stderr)
        return 2
    for run in argv[1:]:
        if not os.path.isdir(run) or not flows(run):
            print('tools/acc-closes.py: no *-bulkN-cwnd.csv in ' + run, file=sys.stderr)
            return 2
    w = csv.writer(sys.stdout, lineterminator='\n')
    {'closes': closes, 'episodes': episodes, 'summary': summary, 'fit': fit}[argv[0]](argv[1:], w)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
