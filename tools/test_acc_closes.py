#!/usr/bin/env python3
"""Tests of tools/acc-closes.py on a made-up lab run: closes, loss episodes, the summary and the fit.

    python3 -m unittest discover -s tools -p 'test_*.py'      # as .ci/run does
"""
import csv
import importlib.util
import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stdout

_spec = importlib.util.spec_from_file_location("acc_closes", os.path.join(os.path.dirname(__file__), "acc-closes.py"))
ac = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ac)

CWND_HEADER = "time_s,cwnd,ssthresh,phase,srtt_ms,event,closed_from\n"


def drop(t, flow):
    return ("%.6f r2 drop r2-r3 10.0.1.%d > 10.0.3.%d rdp ttl=62 len=980 crc=00000000 reason=early\n"
            % (t, flow, flow))


def make_run(root):
    """A 660 ms run (long link 300 ms: episodes part after 1.2 x 0.66 = 0.792 s) of two flows."""
    d = os.path.join(root, "acc-300-1")
    os.makedirs(d)
    with open(os.path.join(d, "acc-figure3-acc-300ms-ns2-wide-bulk1-cwnd.csv"), "w") as f:
        f.write(CWND_HEADER)
        f.write("5.0,10.0000,10000.0000,0,660.000,,\n")                  # not a close
        f.write("7.5,30.0000,30.0000,,0.000,close-notification,100.0000\n")   # carried 60, grown 40
        f.write("9.0,1.0000,15.0000,,0.000,close-timeout,31.0000\n")
        f.write("50.0,20.0000,20.0000,,0.000,close-notification,41.0000\n")   # carried 40, grown 1
        f.write("52.0,1.0000,10.0000,,0.000,close-timeout,21.0000\n")
    with open(os.path.join(d, "acc-figure3-acc-300ms-ns2-wide-bulk2-cwnd.csv"), "w") as f:
        f.write(CWND_HEADER)
        f.write("60.0,25.0000,25.0000,,0.000,close-fast_retransmit,50.0000\n")
    with open(os.path.join(d, "trace.txt"), "w") as f:
        f.write(drop(7.2, 1))
        f.write(drop(7.9, 1))            # 0.7 s after: the same episode
        f.write(drop(8.1, 1))            # 0.9 s after the first: a new episode (no timeout before 49.7)
        f.write(drop(49.7, 1))
        f.write(drop(50.0, 1))           # the episode of 49.7, two drops; timeout at 52.0
        f.write(drop(59.5, 2))           # flow 2: one drop, no timeout
        f.write("59.6 r2 drop r2-r3 10.0.2.1 > 10.0.3.3 raw ttl=63 len=980 crc=0 reason=early\n")   # cross
        f.write("59.7 r2 drop r2-r3 10.0.1.2 > 10.0.3.2 rdp ttl=62 len=24 crc=0 reason=early\n")    # an ACK-sized one
    with open(os.path.join(d, "report.json"), "w") as f:
        json.dump({"transfers": [{"goodputBps": 400000.0}, {"goodputBps": 500000.0}]}, f)
    return d


def run(fn, runs):
    out = io.StringIO()
    with redirect_stdout(out):
        w = csv.writer(out, lineterminator="\n")
        fn(runs, w)
    return list(csv.reader(io.StringIO(out.getvalue())))


class AccClosesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.run = make_run(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def test_closes_give_magnitude_and_for_a_notification_the_carried_window_and_its_growth(self):
        rows = run(ac.closes, [self.run])
        self.assertEqual(rows[0], ["run", "flow", "time_s", "cause", "before", "after", "magnitude", "carried", "grown"])
        self.assertEqual(rows[1], ["acc-300-1", "1", "7.5", "notification", "100.0000", "30.0000", "70.0000",
                                   "60.0000", "40.0000"])
        self.assertEqual(rows[2][3:7], ["timeout", "31.0000", "1.0000", "30.0000"])
        self.assertEqual(rows[2][7:], ["", ""])
        self.assertEqual(rows[5], ["acc-300-1", "2", "60.0", "fast_retransmit", "50.0000", "25.0000", "25.0000", "", ""])
        self.assertEqual(len(rows), 6)

    def test_episodes_group_a_flows_data_drops_within_one_point_two_base_rtts(self):
        rows = run(ac.episodes, [self.run])
        self.assertEqual(rows[1:], [
            ["acc-300-1", "1", "7.200", "2", ""],          # 7.2 and 7.9; the timeout at 9.0 belongs to 8.1's
            ["acc-300-1", "1", "8.100", "1", "9.000"],
            ["acc-300-1", "1", "49.700", "2", "52.000"],
            ["acc-300-1", "2", "59.500", "1", ""],
        ])

    def test_summary_splits_at_ten_seconds(self):
        rows = run(ac.summary, [self.run])
        by = {(r[0], r[1]): r for r in rows if r[0] in ("first 10s", "after 10s") and len(r) == 8}
        # first 10 s: the notification (70) and the timeout (30) of flow 1
        self.assertEqual(by[("first 10s", "notification")][2:], ["1.0", "100.00", "30.00", "70.000", "60.00", "40.000"])
        self.assertEqual(by[("first 10s", "all")][2:6], ["2.0", "65.50", "15.50", "50.000"])
        # after: notification 41 -> 20 (21), timeout 21 -> 1 (20), fast retransmit 50 -> 25 (25)
        self.assertEqual(by[("after 10s", "all")][2:6], ["3.0", "37.33", "15.33", "22.000"])
        eps = [r for r in rows if len(r) == 5 and r[0] != "part"]
        self.assertEqual(eps, [
            ["first 10s", "1", "1", "1", "3.0"], ["first 10s", "2", "1", "0", "3.0"], ["first 10s", "3+", "0", "0", "3.0"],
            ["after 10s", "1", "1", "0", "3.0"], ["after 10s", "2", "1", "1", "3.0"], ["after 10s", "3+", "0", "0", "3.0"],
        ])

    def test_fit_is_least_squares_of_goodput_on_later_timeouts(self):
        rows = run(ac.fit, [self.run])
        # flow 1: 400 kb/s, 1 timeout after 10 s; flow 2: 500 kb/s, none: slope -100, 500 at none
        self.assertEqual(rows[1], ["acc-300-1", "1", "400.000", "1"])
        self.assertEqual(rows[2], ["acc-300-1", "2", "500.000", "0"])
        self.assertEqual(rows[3], ["# flows", "2", "kb/s per timeout -100.0", "at none 500.0"])
        self.assertEqual(rows[4][:2], ["# correlation", "-1.00"])


if __name__ == "__main__":
    unittest.main()
