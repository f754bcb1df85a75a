#!/usr/bin/env python3
"""Tests of tools/purple-fig2-fig3.py on a made-up PURPLE series with two updates computed by hand.

    python3 -m unittest discover -s tools -p 'test_*.py'      # as .ci/run does
"""
import importlib.util
import os
import tempfile
import unittest

_spec = importlib.util.spec_from_file_location("purple_fig2_fig3", os.path.join(os.path.dirname(__file__), "purple-fig2-fig3.py"))
pf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pf)

HEADER = "time_s,queue_packets,average_queue,local_probability,p,p_before,p_beyond,gamma,signal_share\n"
# 0.1-0.2 s: p_k 0.001 in force, no update. 0.3 s: an update at gamma 0.8 after a period whose
# recorded p_k was 0.011 (p 0.004, p_>k = 0.004 - 0.011 = -0.007), so (3) gives
# 0.004 / 0.64 + 0.007 = 0.01325. 0.4 s: an update at gamma 1.25, p 0.005, p_>k = 0.005 - 0.01325 =
# -0.00825: 0 under reading 5b, 0.005 / 1.5625 + 0.00825 = 0.01145 under 5a.
ROWS = [
    "0.1,100,100.000,0.001000,0.002000,0.000000,0.001000,0.9000,0.000000",
    "0.2,100,100.000,0.001000,0.002000,0.000000,0.001000,0.9000,0.000000",
    "0.3,600,300.000,0.013250,0.004000,0.000000,-0.007000,0.8000,0.000000",
    "0.4,200,250.000,0.000000,0.005000,0.000000,-0.008250,1.2500,0.000000",
]


class PurpleFig2Fig3Test(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "bdp-purple-10.csv")
        with open(self.path, "w") as f:
            f.write(HEADER + "\n".join(ROWS) + "\n")

    def tearDown(self):
        self.tmp.cleanup()

    def test_the_updates_by_hand_under_the_no_mark_reading(self):
        s, ups = pf.analyse(self.path, 0.0, True)
        self.assertEqual(4, s["samples"])
        self.assertAlmostEqual(250.0, s["mean_queue"])            # (100 + 100 + 600 + 200) / 4
        self.assertAlmostEqual(0.25, s["at_600"])
        self.assertEqual(2, s["updates"])
        self.assertAlmostEqual(0.5, s["gamma_above_1"])
        self.assertAlmostEqual(1.025, s["gamma_mean"])
        self.assertAlmostEqual(0.3181981, s["gamma_sd"], places=6)   # sqrt(2 x 0.225^2 / 1)
        self.assertEqual(2, s["eq3_agrees"])
        self.assertAlmostEqual(0.0038125, s["mean_pk"])
        self.assertAlmostEqual(0.00325, s["mean_p"])
        first = ups[0]
        self.assertAlmostEqual(0.011, first["rec"])                # p - p_>k
        self.assertAlmostEqual(0.010 / 0.999, first["drop"])       # (0.011 - 0.001) / (1 - 0.001)
        self.assertAlmostEqual(0.01325, first["eq3"])
        self.assertEqual(0.0, ups[1]["eq3"])                       # gamma 1.25 > 1: no marks under 5b
        # the one congested update's p_k' = 0.001 carried + 0.010 drops + 0.004 x 0.5625 gamma term
        self.assertAlmostEqual(0.001 / 0.01325, s["from_carried"])
        self.assertAlmostEqual(0.010 / 0.01325, s["from_drops"])
        self.assertAlmostEqual(0.00225 / 0.01325, s["from_gamma"])

    def test_a_p_k_that_departs_from_3_is_not_counted_as_agreeing(self):
        s, ups = pf.analyse(self.path, 0.0, False)                 # reading 5a: (3) whatever gamma
        self.assertAlmostEqual(0.01145, ups[1]["eq3"])
        self.assertEqual(1, s["eq3_agrees"])                       # the series' 0 at 0.4 s is not (3) under 5a

    def test_the_warm_up_leaves_out_the_first_rows(self):
        s, ups = pf.analyse(self.path, 0.25, True)                 # rows after 0.25 s: 0.3 and 0.4
        self.assertEqual(2, s["samples"])
        self.assertEqual(1, s["updates"])                          # only 0.4 s has a row before it
        self.assertTrue(s["gamma_sd"] != s["gamma_sd"])             # NaN: no spread from one update


if __name__ == "__main__":
    unittest.main()
