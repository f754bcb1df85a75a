#!/usr/bin/env python3
"""Why each retransmission timeout of one flow in an ACC lab run happened, sorted into causes.

Reads the pcapng of `aspen lab` (capture at the sender, at r1 (ACC's filter), r2 (the RED bottleneck)
and r3) and the flow's cwnd CSV (its close-timeout rows). For each timeout, the segment the sender
resent at that instant (`seqno`, counted from 0 as ns-2 does) and its story before the timeout: every
copy sent and what became of it (deleted by ACC's filter at r1, dropped by the bottleneck queue at r2,
reached r3), the notification that named it (window-only ones name the dropped segment only as the
window's reference), the duplicate ACKs for it after that notification, the filter's follow-up notice
(the segments it deleted), and one cause:

  resend-in-flight     a copy sent before the timeout reached r3 (or was still on its way): the timer
                       fired on a segment already repaired
  resend-lost          every copy sent again before the timeout was lost again (filter or queue)
  under-3-dupacks      never resent, and fewer than three duplicate ACKs came after the notification
                       (the segments behind it deleted by the filter, or none sent)
  3-dupacks-no-resend  never resent although three or more duplicate ACKs came after the notification
  no-notification      lost without a notification naming it (a drop the monitor did not act on)

Usage (docs/traces/acc-window-only.md):
    python3 tools/acc-window-only-timeouts.py acc.pcapng s1 10.0.1.1 10.0.3.1 acc-figure3-acc-10ms-bulk1-cwnd.csv
prints one CSV row per timeout, then `# cause count` lines.
"""
import collections
import csv
import importlib.util
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('acc_ns2_timeouts', os.path.join(_here, 'acc-ns2-timeouts.py'))
_t = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_t)
records, rdp = _t.records, _t.rdp


def flow_events(pcap, sender, src, dst):
    """Per seqno the (time, event) list of its copies, and the ACKs / notifications the sender received."""
    hist = collections.defaultdict(list)
    acks = []          # (time, cumulative ack as seqno, (ntf seqno, cwnd, count) or None)
    iss = None
    out_link = None
    for t, iface, frame, comment in records(pcap):
        s = rdp(frame)
        if s is None:
            continue
        node, link = iface.split(':', 1)
        if s['src'] == src and s['dst'] == dst:
            if iss is None and s['flags'] & 0x80:
                iss = s['seq']
                out_link = link
            if iss is None or s['dl'] == 0:
                continue
            n = s['seq'] - iss - 1
            if node == sender and 'dir=out' in comment:
                hist[n].append((t, 'sent'))
            elif node == 'r1' and 'acc-filter' in comment and 'action=dropped' in comment:
                hist[n].append((t, 'deleted-r1'))
            elif node == 'r2' and link == 'r2-r3' and 'action=dropped' in comment:
                hist[n].append((t, 'dropped-r2'))
            elif node == 'r3' and link == 'r2-r3' and 'dir=in' in comment:
                hist[n].append((t, 'reached-r3'))
        elif s['dst'] == src and s['src'] == dst and node == sender and link == out_link and 'dir=in' in comment \
                and iss is not None:
            ntf = None if s['ntf'] is None else (s['ntf'][0] - iss - 1, s['ntf'][1], s['ntf'][2])
            acks.append((t, s['ack'] - iss - 1, ntf))
    return hist, acks


def copies(events, before):
    """[(sent time, fate)] of the copies sent before `before`: fate deleted-r1, dropped-r2, reached-r3 or '?'."""
    out = []
    sends = [x for x, e in events if e == 'sent' and x < before - 1e-6]
    for i, x in enumerate(sends):
        nxt = sends[i + 1] if i + 1 < len(sends) else float('inf')
        fates = [e for y, e in events if e != 'sent' and x <= y < nxt]
        out.append((x, fates[0] if fates else '?'))
    return out


def main(pcap, sender, src, dst, cwnd_csv):
    hist, acks = flow_events(pcap, sender, src, dst)
    timeouts = [float(r['time_s']) for r in csv.DictReader(open(cwnd_csv)) if r['event'] == 'close-timeout']
    w = csv.writer(sys.stdout, lineterminator='\n')
    w.writerow(['timeout_s', 'seqno', 'copies_before', 'ntf_s', 'ntf_cwnd', 'dupacks_after_ntf',
                'followup_s', 'followup_range', 'cause'])
    causes = collections.Counter()
    for T in timeouts:
        at_t = sorted(n for n, ev in hist.items() if any(abs(x - T) < 1e-6 and e == 'sent' for x, e in ev))
        if not at_t:
            w.writerow(['%.3f' % T, '?', '', '', '', '', '', '', 'unknown'])
            causes['unknown'] += 1
            continue
        n = at_t[0]
        cps = copies(hist[n], T)
        first = cps[0][0] if cps else 0.0
        named = [(x, f) for x, a, f in acks if f is not None and f[0] == n and first <= x < T]
        ntf_s = named[-1][0] if named else None
        since = ntf_s if ntf_s is not None else first
        # duplicate ACKs: those for n - 1 after the first one (the new ACK that reached the hole)
        reach = [x for x, a, f in acks if f is None and a == n - 1 and first < x < T]
        dups = sum(1 for x in reach[1:] if since < x)
        follow = [(x, f) for x, a, f in acks if f is not None and f[0] > n and since < x < T]
        resends = cps[1:]
        if resends and any(f in ('reached-r3', '?') for x, f in resends):
            cause = 'resend-in-flight'
        elif resends:
            cause = 'resend-lost'
        elif ntf_s is None:
            cause = 'no-notification'
        elif dups < 3:
            cause = 'under-3-dupacks'
        else:
            cause = '3-dupacks-no-resend'
        causes[cause] += 1
        w.writerow(['%.3f' % T, n, ' '.join('%.3f:%s' % c for c in cps),
                    '%.3f' % ntf_s if ntf_s is not None else '', '%.2f' % named[-1][1][1] if named else '', dups,
                    '%.3f' % follow[0][0] if follow else '',
                    '%d-%d' % (follow[0][1][0], follow[0][1][0] + follow[0][1][2]) if follow else '', cause])
    for c, k in sorted(causes.items()):
        print('# %s %d' % (c, k))


if __name__ == '__main__':
    if len(sys.argv) != 6:
        sys.exit('usage: acc-window-only-timeouts.py CAPTURE.pcapng SENDER_NODE SRC_ADDR DST_ADDR CWND.csv')
    main(*sys.argv[1:])
