#!/usr/bin/env python3
"""A variant of the red-10flows case whose access delays are offset by a few nanoseconds per flow, in both
halves, so that no two flows' packets reach the shared router at the same instant (docs/validation.md,
"What remains, and why": the same-instant ties). Not a case: a check, run with ValidationSeeds.java.

  tools/validation/red10-offsets.py /tmp/variant r10-shortfirst 1 2 3 4 5 6 7 8 9 10
  tools/validation/red10-offsets.py /tmp/variant r10-longfirst 10 9 8 7 6 5 4 3 2 1
  java -cp /tmp/variant:cli/target/aspen.jar tools/validation/ValidationSeeds.java compare red-10flows 30 /tmp/v r10-shortfirst

Offset i (ns) is added to flow i's access link s_i - r1 (both directions): flow i's packets then reach r1
2 * offset_i after the instant they shared, so the smallest offset goes first.
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, '..', '..', 'experiments', 'src', 'main', 'resources', 'validation')
out, name, offs = sys.argv[1], sys.argv[2], [int(x) for x in sys.argv[3:13]]
if len(offs) != 10:
    sys.exit('red10-offsets: give ten offsets in ns, one per flow')
os.makedirs(os.path.join(out, 'validation'), exist_ok=True)
tcl = open(os.path.join(src, 'red-10flows.tcl')).read()
old = '$ns duplex-link $s($i) $r1 10Mb [expr {2 * $i + 1}]ms DropTail'
assert old in tcl, 'red-10flows.tcl changed'
tcl = tcl.replace(old, 'set off {%s}\n    $ns duplex-link $s($i) $r1 10Mb [expr {(2 * $i + 1) * 1e-3 + [lindex $off $i] * 1e-9}] DropTail'
                  % ' '.join(map(str, offs)))
open(os.path.join(out, 'validation', name + '.tcl'), 'w').write(tcl)
y = open(os.path.join(src, 'red-10flows.yaml')).read()
for i in range(10):
    old = '{between: [s%d, r1], bandwidth: 10Mbps, delay: %dms,' % (i + 1, 2 * i + 1)
    assert old in y, 'red-10flows.yaml changed'
    y = y.replace(old, '{between: [s%d, r1], bandwidth: 10Mbps, delay: %dns,' % (i + 1, (2 * i + 1) * 1000000 + offs[i]))
open(os.path.join(out, 'validation', name + '.yaml'), 'w').write(y.replace('name: red-10flows', 'name: ' + name))
