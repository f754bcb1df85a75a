#!/usr/bin/env python3
"""For each timeout of one ns-2-agent flow in an ACC lab run, the segment it timed out on and its story.

Reads the pcapng of `aspen lab` (capture at the sender, at the filter router r1 and at r3 past the
bottleneck) and the flow's cwnd CSV (its close-timeout rows), and prints one CSV row per timeout:
the segment resent at the timeout (ns-2 seqno), how it was lost (deleted by ACC's filter at r1, or
dropped at the bottleneck between r1 and r3), the notification that named it (time, named seqno,
count, notified window, the cumulative ACK then), whether the sender resent it before the timeout,
the duplicate ACKs the sender had for it, and the sender's other resends in between.

Usage (docs/results-acc.md, "Which holes end in the timeouts"):
    python3 tools/acc-ns2-timeouts.py acc10.pcapng s1 10.0.1.1 10.0.3.1 acc-figure3-acc-10ms-ns2-bulk1-cwnd.csv
"""
import csv
import struct
import sys


def options(b):
    out = {}
    j = 0
    while j + 4 <= len(b):
        code, n = struct.unpack_from('<HH', b, j)
        if code == 0:
            break
        out.setdefault(code, []).append(b[j + 4:j + 4 + n])
        j += 4 + ((n + 3) & ~3)
    return out


def records(path):
    """(time, interface name, frame, comment) of every Enhanced Packet Block (docs/capture.md)."""
    f = open(path, 'rb').read()
    i = 0
    names = []
    while i < len(f):
        kind, length = struct.unpack_from('<II', f, i)
        body = f[i + 8:i + length - 4]
        if kind == 1:
            names.append(options(body[8:]).get(2, [b'?'])[0].decode())
        elif kind == 6:
            iface, hi, lo, caplen, _ = struct.unpack_from('<IIIII', body, 0)
            frame = body[20:20 + caplen]
            comment = options(body[20 + ((caplen + 3) & ~3):]).get(1, [b''])[0].decode()
            yield ((hi << 32) | lo) / 1e9, names[iface], frame, comment
        i += length


def rdp(frame):
    """Fields of an RDP segment in a VNet frame (docs/rdp.md layout), or None."""
    if len(frame) < 44 or frame[3] == 0 or frame[1] & 0x04 or frame[20] != 2:
        return None
    r = frame[20:]
    flags, parts = r[1], r[10]
    hl, = struct.unpack_from('>H', r, 2)
    dl, = struct.unpack_from('>H', r, 8)
    seq, ack = struct.unpack_from('>II', r, 12)
    off = 24 + (8 if flags & 0x80 else 0) + (16 if parts & 1 else 0)
    ntf = None
    if flags & 0x04:
        nseq, ncwnd, _, count = struct.unpack_from('>IIIH', r, off)
        ntf = (nseq, ncwnd / 65536, count)
    return {'flags': flags, 'dl': dl, 'seq': seq, 'ack': ack, 'ntf': ntf,
            'src': '.'.join(map(str, frame[4:8])), 'dst': '.'.join(map(str, frame[8:12]))}


def main(pcap, sender, src, dst, cwnd_csv):
    hist = {}      # ns-2 seqno -> [(time, event)]
    acks = []      # (time, cumulative ack as ns-2 seqno, notification or None)
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
            n = s['seq'] - iss - 1     # syn_ 0: the first data segment is ns-2's seqno 0
            if node == sender and 'dir=out' in comment:
                hist.setdefault(n, []).append((t, 'sent'))
            elif 'acc-filter' in comment and 'action=dropped' in comment:
                hist.setdefault(n, []).append((t, 'deleted'))
            elif node == 'r1' and link == 'r1-r2' and 'dir=out' in comment:
                hist.setdefault(n, []).append((t, 'passed-r1'))
            elif node == 'r3' and link == 'r2-r3' and 'dir=in' in comment:
                hist.setdefault(n, []).append((t, 'reached-r3'))
        elif s['dst'] == src and s['src'] == dst and node == sender and link == out_link and 'dir=in' in comment \
                and iss is not None:
            ntf = None if s['ntf'] is None else (s['ntf'][0] - iss - 1, s['ntf'][1], s['ntf'][2])
            acks.append((t, s['ack'] - iss - 1, ntf))
    timeouts = [float(r['time_s']) for r in csv.DictReader(open(cwnd_csv)) if r['event'] == 'close-timeout']
    w = csv.writer(sys.stdout, lineterminator='\n')
    w.writerow(['timeout_s', 'seqno', 'lost_by', 'lost_s', 'named_by_ntf_s', 'ntf_seqno', 'ntf_count',
                'ntf_cwnd', 'acked_through_at_ntf', 'resent_before_timeout', 'cum_ack_reached_s',
                'dupacks_before_timeout', 'resends_between_ntf_and_timeout'])
    prev = 0.0
    for T in timeouts:
        resent_at_t = sorted(n for n, ev in hist.items() if any(abs(x - T) < 1e-6 and e == 'sent' for x, e in ev))
        if not resent_at_t:
            w.writerow(['%.3f' % T] + ['?'] * 12)
            continue
        n = resent_at_t[0]
        ev = [(x, e) for x, e in hist[n] if x < T - 1e-6]
        sends = [x for x, e in ev if e == 'sent']
        lost = '?'
        lost_s = ''
        last = sends[-1] if sends else 0.0
        if any(e == 'deleted' and x >= last for x, e in ev):
            lost, lost_s = 'acc-filter', min(x for x, e in ev if e == 'deleted' and x >= last)
        elif any(e == 'passed-r1' and x >= last for x, e in ev) and not any(e == 'reached-r3' and x >= last for x, e in ev):
            lost, lost_s = 'bottleneck-queue', min(x for x, e in ev if e == 'passed-r1' and x >= last)
        named = [(x, a, f) for x, a, f in acks if f is not None and x < T and f[0] <= n <= f[0] + f[2] and x >= prev]
        before = [(x, a) for x, a, f in acks if f is None and x < T]
        reached = [x for x, a in before if a == n - 1]
        dup = max(0, len(reached) - 1)
        first_reach = reached[0] if reached else None
        since = named[-1][0] if named else prev
        others = sorted({m for m, evm in hist.items() if m != n
                         for x, e in evm if e == 'sent' and since < x < T - 1e-6 and any(
                             e2 == 'sent' and x2 < x - 1e-6 for x2, e2 in evm)})
        row = ['%.3f' % T, n, lost, '%.3f' % lost_s if lost_s else '']
        if named:
            x, a, f = named[-1]
            acked = max([b for y, b in before if y <= x], default=-1)
            row += ['%.3f' % x, f[0], f[2], '%.2f' % f[1], acked]
        else:
            row += ['', '', '', '', '']
        row += ['yes' if len(sends) > 1 and any(s > (lost_s or 0) for s in sends) else 'no',
                '%.3f' % first_reach if first_reach else '', dup, ' '.join(map(str, others))]
        w.writerow(row)
        prev = T


if __name__ == '__main__':
    if len(sys.argv) != 6:
        sys.exit('usage: acc-ns2-timeouts.py CAPTURE.pcapng SENDER_NODE SRC_ADDR DST_ADDR CWND.csv')
    main(*sys.argv[1:])
