#!/usr/bin/env python3
"""How much of the bottleneck ns-2.35's own TCP leaves unused on ACC's Figure 4 dumbbell, and why.

Runs /usr/bin/ns on the validation cases' ACC dumbbell (experiments/src/main/resources/validation/
acc-common.tcl: 1.5 Mb/s RED bottleneck of 50 packets, two bulk flows from 1.0 and 1.1 s, four 100 kb/s
exponential on/off sources, 200 s) with the pre-registered primary's agent (`--baseline ns2-wide`:
window_ 10000 and ns-2's 1998 defaults, as acc-red-660ms-wide.tcl), for each system below, and prints
one CSV row per system and seed (docs/traces/acc-fig4-fig7.md):

  reno-red        Agent/TCP/Reno over RED (the primary's RED run; acc-red-660ms-wide at 300 ms)
  reno-droptail   Agent/TCP/Reno over drop-tail, limit 50 (acc-droptail-660ms-wide)
  reno-redecn     Agent/TCP/Reno with ecn_ 1 over RED with setbit_ true (acc-redecn-660ms-wide)
  newreno-red     Agent/TCP/Newreno over RED: Reno whose fast recovery repairs every loss of a window
                  (partial ACKs), so a second drop in one window ends in no timeout

Columns (bulk figures from 1.0 s, when bulk1 starts, to 200 s; the capacity is 1.5 Mb/s over that time):
  goodput_kbps        mean per bulk flow, delivered packets (ack_ + 1, syn_ 0) x 1000 bytes
  cross_kbps          cross traffic the bottleneck carried (its departures of the on/off packets)
  link_util           every departure of the bottleneck / its capacity
  bulk_of_free        the bulk flows' goodput (both) / (capacity - cross_kbps): the share of what the
                      cross traffic left that the bulk flows delivered
  timeouts            retransmission timeouts (nrexmit_), both flows
  timeouts_first_10s  of those, before 10 s
  cuts                window cuts (ncwndcuts1_: fast retransmits, timeouts and ECN responses), both flows
  drops_bulk          bottleneck drops of bulk data
  drops_slowstart     of those, the packets their sender sent in slow start (the last cwnd_ change
                      before the send, the drop time less the 310 ms one-way delay to the bottleneck
                      at 300 ms, was a whole-packet increase), the rest in congestion avoidance
  drops_first_10s     of those, dropped before 10 s (the first slow start's overshoot)
  mean_cwnd           time-averaged cwnd_ per flow, 1.0 s to 200 s

Usage: python3 tools/acc-headroom.py [--delay MS] [--systems a,b] FIRST_SEED LAST_SEED
   e.g. python3 tools/acc-headroom.py 1 10 > headroom.csv      (the long link at 300 ms: 660 ms RTT)
Exit status 2 on bad arguments, 1 when ns fails.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RES = os.path.join(HERE, '..', 'experiments', 'src', 'main', 'resources', 'validation')
AGENT = 'window_ 10000 windowInit_ 1 syn_ 0 singledup_ 0 tcpTick_ 0.1 minrto_ 0 rtxcur_init_ 6.0 maxrto_ 64'
SYSTEMS = {
    # name: (variant, queue, extra agent settings, RED settings) as the acc-*-660ms-wide cases set them
    'reno-red': ('Reno', 'RED', '', 'gentle_ false use_mark_p_ true mean_pktsize_ 500 setbit_ false'),
    'reno-droptail': ('Reno', 'DropTail', '', 'gentle_ false use_mark_p_ true mean_pktsize_ 500 setbit_ false'),
    'reno-redecn': ('Reno', 'RED', ' ecn_ 1', 'gentle_ false use_mark_p_ true mean_pktsize_ 500 setbit_ true'),
    'newreno-red': ('Newreno', 'RED', '', 'gentle_ false use_mark_p_ true mean_pktsize_ 500 setbit_ false'),
}
START, END, RATE, FRAME = 1.0, 200.0, 1.5e6, 1000


def cwnd_series(path):
    out = []
    for line in open(path):
        f = line.split()
        if len(f) == 7 and f[5] == 'cwnd_':
            out.append((float(f[0]), float(f[6])))
    return out


def timeouts_before(path, t):
    n = 0
    for line in open(path):
        f = line.split()
        if len(f) == 7 and f[5] == 'nrexmit_' and float(f[0]) < t:
            n = int(float(f[6]))
    return n


def slow_start_at(series, t):
    """Whether the last cwnd_ change before t was an increase by a whole packet (slow start)."""
    prev = None
    phase = True
    for x, v in series:
        if x > t:
            break
        if prev is not None and v > prev:
            phase = v - prev > 0.999
        prev = v
    return phase


def mean_cwnd(series):
    total, last_t, last_v = 0.0, START, 1.0
    for x, v in series:
        if x < START:
            last_v = v
            continue
        total += last_v * (x - last_t)
        last_t, last_v = x, v
    total += last_v * (END - last_t)
    return total / (END - START)


def run(system, seed, delay, work):
    variant, queue, extra, red = SYSTEMS[system]
    case = os.path.join(work, 'case.tcl')
    with open(case, 'w') as f:
        f.write('set longDelay %d\nset accQueue %s\nset accVariant %s\nset accAgent {%s%s}\nset accRed {%s}\n'
                'source acc-common.tcl\n' % (delay, queue, variant, AGENT, extra, red))
    for old in glob.glob(os.path.join(work, '*.tr')):
        os.remove(old)
    p = subprocess.run(['ns', 'case.tcl', str(seed)], cwd=work, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit('tools/acc-headroom.py: ns failed for %s seed %d: %s' % (system, seed, (p.stdout + p.stderr)[-300:]))
    delivered, timeouts, cuts = [], 0, 0
    for line in open(os.path.join(work, 'summary.txt')):
        f = line.split()
        if f[0] != 'flow':
            continue
        kv = dict(zip(f[2::2], f[3::2]))
        delivered.append(int(kv['ack']) + (1 if kv['syn'] in ('0', 'false') else 0))
        timeouts += int(kv['nrexmit'])
        cuts += int(kv['ncwndcuts1'])
    early = sum(timeouts_before(os.path.join(work, 'cwnd-bulk%d.tr' % i), 10.0) for i in (1, 2))
    series = {1: cwnd_series(os.path.join(work, 'cwnd-bulk1.tr')), 2: cwnd_series(os.path.join(work, 'cwnd-bulk2.tr'))}
    sent_bits = cross_bits = 0
    drops = ss = first = 0
    one_way = (10 + delay) / 1000.0
    for line in open(os.path.join(work, 'queue-bottleneck.tr')):
        f = line.split()
        t = float(f[1])
        fid = int(f[7])
        if f[0] == '-' and START <= t <= END:
            sent_bits += int(f[5]) * 8
            if fid not in series:
                cross_bits += int(f[5]) * 8
        elif f[0] == 'd' and fid in series and f[4] == 'tcp':
            drops += 1
            ss += slow_start_at(series[fid], t - one_way)
            first += t < 10.0
    span = END - START
    goodput = [d * FRAME * 8 / (END - s) / 1e3 for d, s in zip(delivered, (1.0, 1.1))]
    cross = cross_bits / span / 1e3
    free = RATE / 1e3 - cross
    return [system, seed, '%.1f' % (sum(goodput) / len(goodput)), '%.1f' % cross, '%.3f' % (sent_bits / span / RATE),
            '%.3f' % (sum(goodput) / free), timeouts, early, cuts, drops, ss, first,
            '%.1f' % ((mean_cwnd(series[1]) + mean_cwnd(series[2])) / 2)]


def main(argv):
    delay = 300
    systems = list(SYSTEMS)
    args = list(argv)
    try:
        while args and args[0].startswith('--'):
            opt = args.pop(0)
            if opt == '--delay':
                delay = int(args.pop(0))
            elif opt == '--systems':
                systems = args.pop(0).split(',')
                bad = [s for s in systems if s not in SYSTEMS]
                if bad:
                    raise ValueError('unknown system %s (known: %s)' % (bad[0], ', '.join(SYSTEMS)))
            else:
                raise ValueError('unknown option ' + opt)
        first, last = int(args[0]), int(args[1])
        if len(args) != 2:
            raise ValueError('two seeds')
    except (ValueError, IndexError) as e:
        print('usage: tools/acc-headroom.py [--delay MS] [--systems a,b] FIRST_SEED LAST_SEED (%s)' % e, file=sys.stderr)
        return 2
    work = tempfile.mkdtemp()
    try:
        for tcl in glob.glob(os.path.join(RES, '*.tcl')):
            shutil.copy(tcl, work)
        print('system,seed,goodput_kbps,cross_kbps,link_util,bulk_of_free,timeouts,timeouts_first_10s,cuts,drops_bulk,'
              'drops_slowstart,drops_first_10s,mean_cwnd')
        for system in systems:
            for seed in range(first, last + 1):
                print(','.join(map(str, run(system, seed, delay, work))))
    finally:
        shutil.rmtree(work)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
