#!/usr/bin/env python3
"""Bottleneck drops and window closes of the ns-2-agent flows in one ACC-template lab run, drop by drop.

Reads the pcapng of `aspen lab` (captured at the bottleneck router, at the filter router and at the
senders) and each flow's cwnd CSV, and prints per flow: the bottleneck's drops of its data segments,
the closes by cause, how many drops a close covered, the time from a drop to the close it caused, the
window the dropped segment carried, the window the sender closed from and to (and for a notification
the window it named), the time-averaged cwnd, and the data segments the flow brought to the
bottleneck (first arrivals, resends of ones it dropped, copies of ones that had passed it) and the
ones ACC's filter deleted; for the copies, what the sender had just received when it sent them (a
notification, a duplicate ACK, a new ACK, or nothing: the timer). Then the bottleneck: arrivals, drops of bulk and cross traffic, the
time-averaged queue (packets) and the queue the arrivals found.

Usage (docs/traces/acc-ns2-drops.md gives the commands that make the capture):
    python3 tools/acc-ns2-drops.py [--red THRESH,Q_WEIGHT] CAPTURE.pcapng ROUTER LINK FLOW [FLOW...]
    FLOW = SENDER_NODE,SRC_ADDR,DST_ADDR,CWND.csv
With --red (an ns2-red bottleneck) it replays ns-2 RED's average and count on the captured arrivals
(red.cc:658-713; no idle decay, which these runs hardly see) and prints how many arrivals RED's count
lost to restarts, which it makes whenever an arrival finds at most one packet queued.
e.g.
    python3 tools/acc-ns2-drops.py --red 5,0.002 acc.pcapng r2 r2-r3 \\
        s1,10.0.1.1,10.0.3.1,acc-figure3-acc-10ms-ns2-bulk1-cwnd.csv \\
        s2,10.0.1.2,10.0.3.2,acc-figure3-acc-10ms-ns2-bulk2-cwnd.csv

Every data segment carries the sender's state (docs/rdp.md, "Sender state"): the drop's "carried"
window is that of the dropped segment. A close covers its flow's drops since the close before it;
the first of them is the drop that caused it.
"""
import csv
import importlib.util
import os
import struct
import sys

_spec = importlib.util.spec_from_file_location(
    'timeouts', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'acc-ns2-timeouts.py'))
_t = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t)
records = _t.records


def state(frame):
    """(cwnd, phase) of the sender-state part of an RDP data segment, or None."""
    r = frame[20:]
    flags, parts = r[1], r[10]
    if not parts & 1:
        return None
    off = 24 + (8 if flags & 0x80 else 0)
    cwnd, _, phase = struct.unpack_from('>IIB', r, off)
    return cwnd / 65536, phase


def red_arrival(rs, q, red):
    """ns-2 RED's average and count at one arrival finding q packets (red.cc:658, 673, 691-713)."""
    thresh, w = red
    rs['avg'] = (1 - w) * rs['avg'] + w * q
    rs['count'] += 1
    rs['arrivals'] += 1
    if rs['avg'] >= thresh and q > 1:
        if not rs['old']:
            rs['count'], rs['old'] = 1, True
            rs['restarts'] += 1
    else:
        rs['old'] = False
        if rs['avg'] >= thresh:
            rs['low'] += 1
    rs['avgsum'] += rs['avg']


def red_drop(rs):
    rs['gaps'].append(rs['count'])
    rs['count'] = 0


def mean(xs):
    return sum(xs) / len(xs) if xs else float('nan')


def main(pcap, router, link, flows, red=None):
    rs = {'avg': 0.0, 'count': 0, 'old': False, 'restarts': 0, 'low': 0, 'gaps': [], 'arrivals': 0, 'avgsum': 0.0}
    fl = []
    for f in flows:
        node, src, dst, cw = f.split(',')
        fl.append({'node': node, 'src': src, 'dst': dst, 'csv': cw, 'iss': None, 'drops': [], 'ntf': [],
                   'first': 0, 'redrop': 0, 'dup': 0, 'seen': {},
                   'first_drop': {}, 'deleted': 0, 'sent_on': {}, 'dup_on': {}, 'last_in': None, 'last_ack': None})
    by_src = {f['src']: f for f in fl}
    by_node = {f['node']: f for f in fl}
    qlen, last_t, area, t0 = 0, None, 0.0, None
    arrivals, cross_arr, cross_drop, q_at_arrival = 0, 0, 0, []
    for t, iface, frame, com in records(pcap):
        node, lk = iface.split(':', 1)
        s = _t.rdp(frame)
        if node == router:
            to_link = ('to=' + link) in com and 'dir=in' in com and 'action=forwarded' in com
            dropped = lk == link and 'dir=out' in com and 'action=dropped' in com and 'by=queue' in com
            left = lk == link and 'dir=out' in com and 'action=sent' in com
            if not (to_link or dropped or left):
                continue
            if last_t is not None:
                area += qlen * (t - last_t)
            else:
                t0 = t
            last_t = t
            f = by_src.get(s['src']) if s else None
            if to_link:
                qlen += 1
                arrivals += 1
                q_at_arrival.append(qlen - 1)
                if red is not None:
                    red_arrival(rs, qlen - 1, red)
                if f is None:
                    cross_arr += s is None
                elif f['iss'] is not None and s['dl'] > 0:
                    n = s['seq'] - f['iss'] - 1
                    last = f['seen'].get(n)
                    kind = 'first' if last is None else 'redrop' if last == 'dropped' else 'dup'
                    f[kind] += 1
                    if kind == 'dup':
                        why = f['sent_on'].get(n, '?')
                        f['dup_on'][why] = f['dup_on'].get(why, 0) + 1
                    f['seen'][n] = 'passed'
            elif dropped:
                qlen -= 1
                if f is None:
                    cross_drop += s is None
                elif f['iss'] is not None and s['dl'] > 0:
                    st = state(frame)
                    n = s['seq'] - f['iss'] - 1
                    f['drops'].append((t, n, st[0] if st else float('nan'), f['first_drop'].get(n, False)))
                    f['first_drop'][n] = True
                    f['seen'][n] = 'dropped'
                if red is not None:
                    red_drop(rs)
            else:
                qlen -= 1
        elif s is not None and 'acc-filter' in com and 'action=dropped' in com and s['src'] in by_src:
            by_src[s['src']]['deleted'] += 1
        elif s is not None and node in by_node:
            f = by_node[node]
            if s['src'] == f['src'] and s['dst'] == f['dst'] and f['iss'] is None and s['flags'] & 0x80:
                f['iss'] = s['seq']
            elif s['dst'] == f['src'] and 'dir=in' in com and f['iss'] is not None:
                # what the sender just received: a notification, a duplicate ACK or a new ACK
                a = s['ack'] - f['iss'] - 1
                if s['ntf'] is not None:
                    f['ntf'].append((t, s['ntf'][0] - f['iss'] - 1, s['ntf'][1]))
                    f['last_in'] = (t, 'notification')
                else:
                    f['last_in'] = (t, 'duplicate ACK' if a == f['last_ack'] else 'new ACK')
                    f['last_ack'] = a
            elif s['src'] == f['src'] and 'dir=out' in com and f['iss'] is not None and s['dl'] > 0:
                li = f['last_in']
                f['sent_on'][s['seq'] - f['iss'] - 1] = li[1] if li and abs(li[0] - t) < 1e-9 else 'timer'
    w = sys.stdout.write
    agg = {'drops': 0, 'redropped': 0, 'closes': {}, 'first': 0, 'redrop': 0, 'dup': 0, 'deleted': 0, 'covered': [],
           'delays': [], 'from': [], 'to': [], 'dup_on': {}}
    for f in fl:
        rows = list(csv.DictReader(open(f['csv'])))
        closes = [(float(r['time_s']), r['event'][6:], float(r['closed_from']), float(r['cwnd']))
                  for r in rows if r['event'].startswith('close-')]
        # time-averaged cwnd, from the first row to the last
        area_c, tot = 0.0, 0.0
        for a, b in zip(rows, rows[1:]):
            dt = float(b['time_s']) - float(a['time_s'])
            area_c += float(a['cwnd']) * dt
            tot += dt
        drops = f['drops']
        covered, delays, carried_at_close = [], [], []
        di = 0
        prev = -1.0
        for (tc, cause, cfrom, cto) in closes:
            k = 0
            first = None
            while di < len(drops) and drops[di][0] < tc:
                if first is None:
                    first = drops[di]
                k += 1
                di += 1
            covered.append(k)
            if first is not None:
                delays.append(tc - first[0])
                carried_at_close.append(first[2])
            prev = tc
        causes = {}
        for c in closes:
            causes[c[1]] = causes.get(c[1], 0) + 1
            agg['closes'][c[1]] = agg['closes'].get(c[1], 0) + 1
        agg['drops'] += len(drops)
        agg['redropped'] += sum(1 for d in drops if d[3])
        for k in ('first', 'redrop', 'dup', 'deleted'):
            agg[k] += f[k]
        for k, v in f['dup_on'].items():
            agg['dup_on'][k] = agg['dup_on'].get(k, 0) + v
        agg['covered'] += covered
        agg['delays'] += delays
        agg['from'] += [c[2] for c in closes]
        agg['to'] += [c[3] for c in closes]
        w('flow %s (%s): bottleneck drops %d (of segments it had dropped before %d), closes %s\n' % (
            f['node'], f['src'], len(drops), sum(1 for d in drops if d[3]),
            ', '.join('%s %d' % kv for kv in sorted(causes.items()))))
        w('  data segments arriving at the bottleneck: first arrivals %d, resends of a segment it dropped %d, '
          'copies of a segment that had passed it %d; deleted by ACC filters (captured) %d\n' % (
              f['first'], f['redrop'], f['dup'], f['deleted']))
        w('  drops covered per close: mean %.2f; closes covering 0 drops %d, 1 drop %d, 2+ drops %d; drops after the last close %d\n' % (
            mean(covered), covered.count(0), covered.count(1), sum(1 for k in covered if k >= 2), len(drops) - di))
        delays.sort()
        if delays:
            w('  time from the first drop to the close: mean %.1f ms, median %.1f ms (min %.1f, max %.1f)\n' % (
                1e3 * mean(delays), 1e3 * delays[len(delays) // 2], 1e3 * delays[0], 1e3 * delays[-1]))
        w('  window: carried by the causing drop %.2f; closed from %.2f to %.2f (means); time-averaged cwnd %.2f\n' % (
            mean(carried_at_close), mean([c[2] for c in closes]), mean([c[3] for c in closes]), area_c / tot if tot else 0))
        if f['ntf']:
            nt = f['ntf']
            ntf_closes = [c for c in closes if c[1] == 'notification']
            w('  notifications at the sender %d (closes by notification %d); named window mean %.2f\n' % (
                len(nt), len(ntf_closes), mean([x[2] for x in nt])))
            # the window the sender had when each closing notification landed, against the one named
            landed = []
            for (tc, cause, cfrom, cto) in ntf_closes:
                m = [x for x in nt if abs(x[0] - tc) < 1e-6]
                if m:
                    landed.append((cfrom, m[0][2]))
            above = sum(1 for a, b in landed if a > b + 1e-9)
            w('  at a closing notification: sender cwnd %.2f, named %.2f (sender above the named window in %d of %d)\n' % (
                mean([a for a, b in landed]), mean([b for a, b in landed]), above, len(landed)))
    if len(fl) > 1:
        d = sorted(agg['delays'])
        w('all %d flows: bottleneck drops %d (of segments it had dropped before %d), closes %s; arrivals: first %d, '
          'resends of dropped %d, copies of passed %d; deleted by filters %d; drops per close %.2f; drop to close '
          'mean %.1f ms, median %.1f ms; closed from %.2f to %.2f (means)\n' % (
              len(fl), agg['drops'], agg['redropped'], ', '.join('%s %d' % kv for kv in sorted(agg['closes'].items())),
              agg['first'], agg['redrop'], agg['dup'], agg['deleted'], mean(agg['covered']),
              1e3 * mean(d), 1e3 * d[len(d) // 2] if d else float('nan'), mean(agg['from']), mean(agg['to'])))
        w('  copies of passed segments, by what the sender had just received when it sent them: %s\n' % (
            ', '.join('%s %d' % kv for kv in sorted(agg['dup_on'].items())) or 'none'))
    span = (last_t - t0) if last_t else 0
    w('bottleneck %s:%s: arrivals %d (cross traffic %d), drops of bulk data %d, of cross traffic %d; '
      'time-averaged queue %.2f packets, mean queue seen by an arrival %.2f\n' % (
          router, link, arrivals, cross_arr, sum(len(f['drops']) for f in fl), cross_drop,
          area / span if span else 0, mean(q_at_arrival)))
    w('  arrivals finding at most 1 packet queued %d\n' % sum(1 for q in q_at_arrival if q <= 1))
    if red is not None:
        g = rs['gaps']
        counted = sum(g)
        w('  RED (thresh %g, q_weight %g), replayed on the arrivals: mean average queue %.2f; count restarts '
          '(an arrival with the average above thresh finding more than 1 packet after one finding at most 1) %d; '
          'arrivals finding at most 1 packet with the average above thresh %d; arrivals per drop since the last '
          'restart or drop: mean %.1f; arrivals not counted toward any drop %d of %d (%.1f %%)\n' % (
              red[0], red[1], rs['avgsum'] / max(1, rs['arrivals']), rs['restarts'], rs['low'], mean(g),
              rs['arrivals'] - counted, rs['arrivals'], 100.0 * (rs['arrivals'] - counted) / max(1, rs['arrivals'])))


if __name__ == '__main__':
    args = sys.argv[1:]
    red = None
    if len(args) >= 2 and args[0] == '--red':
        th, qw = args[1].split(',')
        red = (float(th), float(qw))
        args = args[2:]
    if len(args) < 4:
        sys.exit('usage: acc-ns2-drops.py [--red THRESH,Q_WEIGHT] CAPTURE.pcapng ROUTER LINK SENDER,SRC,DST,CWND.csv [...]')
    main(args[0], args[1], args[2], args[3:], red)
