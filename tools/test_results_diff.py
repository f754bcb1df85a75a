#!/usr/bin/env python3
"""Tests of tools/results-diff.py's tolerance logic (--within, --subset) on made-up result directories.

    python3 -m unittest discover -s tools -p 'test_*.py'      # as .ci/run does
"""
import importlib.util
import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stdout, redirect_stderr

_spec = importlib.util.spec_from_file_location("results_diff", os.path.join(os.path.dirname(__file__), "results-diff.py"))
rd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rd)

FIELD = "accOnOverOffThroughputByDelayMs"


def write_dir(root, name, summary, runs_rows):
    d = os.path.join(root, name)
    os.makedirs(d)
    with open(os.path.join(d, "summary.json"), "w") as f:
        # json.dumps writes NaN as the bare token NaN, as Jackson does
        f.write(json.dumps(summary))
    with open(os.path.join(d, "runs.csv"), "w") as f:
        f.write("acc,delay_ms,seed,throughput_kbps,wall_s\n")
        for r in runs_rows:
            f.write(",".join(map(str, r)) + "\n")
    return d


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = rd.main(list(argv))
    return code, out.getvalue() + err.getvalue()


class WithinTest(unittest.TestCase):
    def test_each_number_within_the_absolute_tolerance(self):
        e = {FIELD: {"0": 1.00, "100": 0.96}}
        self.assertIsNone(rd.within(FIELD, 0.15, e, {FIELD: {"0": 1.14, "100": 0.82}}))   # 0.14 and 0.14 away
        self.assertIsNone(rd.within(FIELD, 0.15, e, {FIELD: {"0": 1.15}}))                # exactly on the bound holds
        why = rd.within(FIELD, 0.15, e, {FIELD: {"0": 1.00, "100": 0.80}})                # 0.16 away
        self.assertIn("[100]: 0.8 is more than 0.15 from 0.96", why)

    def test_one_key_alone(self):
        e = {FIELD: {"0": 1.0, "100": 0.9}}
        a = {FIELD: {"0": 1.1, "100": 4.4}}                      # 100 ms far off (a JIT-cold first run)
        self.assertIsNone(rd.within(FIELD, 0.5, e, a, "0"))
        self.assertIn("[100]: 4.4 is more than 0.5", rd.within(FIELD, 0.5, e, a))
        self.assertIn("[25]: None vs 1.0, not numbers", rd.within(FIELD, 0.5, e, {FIELD: {"25": 1.0}}, "25"))

    def test_missing_key_nan_and_non_numbers_fail(self):
        e = {FIELD: {"0": 1.0}}
        self.assertIn("not numbers in both", rd.within(FIELD, 0.5, e, {FIELD: {"25": 1.0}}))
        self.assertIn("more than 0.5", rd.within(FIELD, 0.5, e, {FIELD: {"0": float("nan")}}))
        self.assertIn("not numbers in both", rd.within(FIELD, 0.5, e, {FIELD: {"0": None}}))
        self.assertIn("not numbers in both", rd.within(FIELD, 0.5, e, {FIELD: {"0": True}}))
        self.assertIn("not a map in both", rd.within(FIELD, 0.5, e, {}))
        self.assertIn("empty", rd.within(FIELD, 0.5, e, {FIELD: {}}))

    def test_bad_within_argument_is_a_usage_error(self):
        for bad in ("x=", "=0.1", "x", "x=-1", "x=abc", "x=inf", "x:=0.1"):
            code, text = run("a", "b", "--within", bad)
            self.assertEqual(2, code, bad)
            self.assertIn("--within takes FIELD=TOL", text)


class DirectoryTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.expected = write_dir(self.root, "expected", {"experiment": "x", FIELD: {"0": 1.0, "100": 0.9}, "points": [1, 2]},
                                  [["off", 0, 1, 5000.0, 15.1], ["on", 0, 1, 5000.0, 15.2],
                                   ["off", 100, 1, 3000.0, 15.1], ["on", 100, 1, 2700.0, 15.3]])

    def tearDown(self):
        self.tmp.cleanup()

    def test_full_rerun_passes_within_tolerance_and_fails_outside(self):
        rows = [["off", 0, 1, 4100.0, 16.0], ["on", 0, 1, 4300.0, 16.0], ["off", 100, 1, 2900.0, 16.0], ["on", 100, 1, 2800.0, 16.0]]
        near = write_dir(self.root, "near", {"experiment": "x", FIELD: {"0": 1.05, "100": 0.97}, "points": [3, 4]}, rows)
        self.assertEqual(0, run(self.expected, near, "--structure", "--within", FIELD + "=0.15")[0])
        far = write_dir(self.root, "far", {"experiment": "x", FIELD: {"0": 0.47, "100": 0.97}, "points": [3, 4]}, rows)
        code, text = run(self.expected, far, "--structure", "--within", FIELD + "=0.15")
        self.assertEqual(1, code)
        self.assertIn("summary.json: %s[0]: 0.47 is more than 0.15 from 1.0" % FIELD, text)
        # without --within the same directories differ only in numbers: the shape check alone passes
        self.assertEqual(0, run(self.expected, far, "--structure")[0])

    def test_subset_compares_headers_and_keys_not_row_counts(self):
        part = write_dir(self.root, "part", {"experiment": "x", FIELD: {"0": 1.3}, "points": [5]},
                         [["off", 0, 1, 900.0, 5.5], ["on", 0, 1, 1170.0, 5.6]])
        self.assertEqual(1, run(self.expected, part, "--structure")[0], "2 rows vs 4 fail the shape check")
        self.assertEqual(0, run(self.expected, part, "--subset", "--within", FIELD + "=0.5")[0])
        self.assertEqual(1, run(self.expected, part, "--subset", "--within", FIELD + "=0.2")[0])
        self.assertEqual(0, run(self.expected, part, "--subset", "--within", FIELD + ":0=0.5")[0])
        code, text = run(self.expected, part, "--subset", "--within", FIELD + ":100=0.5")
        self.assertEqual(1, code)
        self.assertIn("[100]: 0.9 vs None", text)
        extra = write_dir(self.root, "extra", {"experiment": "x", FIELD: {"0": 1.0}, "points": [5], "more": 1},
                          [["off", 0, 1, 900.0, 5.5]])
        code, text = run(self.expected, extra, "--subset")
        self.assertEqual(1, code)
        self.assertIn("JSON top-level keys differ", text)

    def test_within_needs_both_summaries(self):
        os.remove(os.path.join(self.expected, "summary.json"))
        other = write_dir(self.root, "other", {FIELD: {"0": 1.0}}, [])
        code, text = run(self.expected, other, "--subset", "--within", FIELD + "=0.5")
        self.assertEqual(1, code)
        self.assertIn("needed by --within", text)


if __name__ == "__main__":
    unittest.main()
