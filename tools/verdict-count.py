#!/usr/bin/env python3
"""Counts the verdicts of committed results and prints their comparison tables, from summary.json.

    tools/verdict-count.py docs/results/acc docs/results/purple      # markdown, per directory and in total
    tools/verdict-count.py --json docs/results/*/                    # the same as one JSON document

Reads each DIR/summary.json's "paperComparison" rows (sweep.PaperComparison) and prints, per
directory, the count of each verdict (matches / direction / contradicts / not-run) and the table

    | result | paper | Aspen (ns-2 baseline) | Aspen RDP | verdict | rule |

then the counts over all directories. The verdict is the row's own (the primary baseline's); the
"Aspen RDP" sensitivity cell ends with the verdict the same rule gives on Aspen's RDP
("0.81 ± 0.04 (95 %, 5 seeds); direction"), and those are counted apart ("Aspen RDP: ..."). Cells a
row lacks (rows made before the rules and the sensitivity column) are left empty. Each directory's
heading gives the summary's "baseline" (the transport its "Aspen" column ran on), or says it is not
recorded (summaries made before the ns-2 baseline existed). A directory without "paperComparison"
is listed with no rows. Exit status: 0, 1 when a summary is missing or
unreadable or a row's verdict is not one of the four, 2 on bad usage.
"""
import argparse
import json
import os
import sys

NAME = "verdict-count"

VERDICTS = ("matches", "direction", "contradicts", "not-run")
HEADER = ("result", "paper", "Aspen (ns-2 baseline)", "Aspen RDP", "verdict", "rule")


class Parser(argparse.ArgumentParser):
    """Bad usage is one line naming what was wrong."""

    def error(self, message):
        print("%s: %s (--help for usage)" % (NAME, message), file=sys.stderr)
        sys.exit(2)


class Bad(Exception):
    pass


def rdp_verdict(cell):
    """The verdict at the end of an "Aspen RDP" cell ("...; direction"), or None."""
    if not cell or ";" not in cell:
        return None
    last = cell.rsplit(";", 1)[1].strip()
    return last if last in VERDICTS else None


def zero():
    return {v: 0 for v in VERDICTS}


def read(directory):
    path = os.path.join(directory, "summary.json")
    if not os.path.isfile(path):
        raise Bad("verdict-count: %s has no summary.json" % directory)
    try:
        with open(path, encoding="utf-8") as f:
            summary = json.load(f)
    except ValueError as e:
        raise Bad("verdict-count: %s is not JSON: %s" % (path, e))
    rows = summary.get("paperComparison") if isinstance(summary, dict) else None
    baseline = summary.get("baseline") if isinstance(summary, dict) and isinstance(summary.get("baseline"), str) else None
    if rows is None:
        return {"directory": directory, "baseline": baseline, "paperComparison": False, "counts": zero(),
                "rdpCounts": zero(), "rows": []}
    if not isinstance(rows, list):
        raise Bad("verdict-count: %s: \"paperComparison\" is not a list" % path)
    counts, rdp_counts, out = zero(), zero(), []
    for i, row in enumerate(rows, 1):
        verdict = row.get("verdict") if isinstance(row, dict) else None
        if verdict not in VERDICTS:
            raise Bad("verdict-count: %s: paperComparison row %d has verdict %r, not one of %s"
                      % (path, i, verdict, ", ".join(VERDICTS)))
        counts[verdict] += 1
        rdp = row.get("aspenRdp")
        if rdp_verdict(rdp):
            rdp_counts[rdp_verdict(rdp)] += 1
        out.append({"result": row.get("result", ""), "paper": row.get("paper", ""), "aspen": row.get("aspen", ""),
                    "aspenRdp": rdp, "verdict": verdict, "rule": row.get("rule")})
    return {"directory": directory, "baseline": baseline, "paperComparison": True, "counts": counts, "rdpCounts": rdp_counts,
            "rows": out}


def count_line(counts):
    n = sum(counts.values())
    return " / ".join("%s %d" % (v, counts[v]) for v in VERDICTS) + " (%d row%s)" % (n, "" if n == 1 else "s")


def cell(text):
    return "" if text is None else str(text).replace("|", "\\|").replace("\n", " ")


def markdown(dirs, total, rdp_total):
    lines = []
    for d in dirs:
        lines.append("## %s (%s)" % (d["directory"], "baseline " + d["baseline"] if d["baseline"] else "baseline not recorded"))
        lines.append("")
        if not d["paperComparison"]:
            lines.append("no paperComparison in its summary.json")
            lines.append("")
            continue
        lines.append(count_line(d["counts"]))
        if sum(d["rdpCounts"].values()):
            lines.append("Aspen RDP: " + count_line(d["rdpCounts"]))
        lines.append("")
        lines.append("| " + " | ".join(HEADER) + " |")
        lines.append("|" + "---|" * len(HEADER))
        for r in d["rows"]:
            lines.append("| " + " | ".join(cell(r[k]) for k in ("result", "paper", "aspen", "aspenRdp", "verdict", "rule")) + " |")
        lines.append("")
    lines.append("## total (%d director%s)" % (len(dirs), "y" if len(dirs) == 1 else "ies"))
    lines.append("")
    lines.append(count_line(total))
    if sum(rdp_total.values()):
        lines.append("Aspen RDP: " + count_line(rdp_total))
    return "\n".join(lines) + "\n"


def main(argv):
    parser = Parser(description="Counts the verdicts in results directories' summary.json.")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of markdown")
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="a results directory (docs/results/NAME)")
    args = parser.parse_args(argv)
    try:
        dirs = [read(d.rstrip("/") or d) for d in args.dirs]
    except Bad as e:
        print(e, file=sys.stderr)
        return 1
    total, rdp_total = zero(), zero()
    for d in dirs:
        for v in VERDICTS:
            total[v] += d["counts"][v]
            rdp_total[v] += d["rdpCounts"][v]
    if args.json:
        json.dump({"directories": dirs, "total": total, "rdpTotal": rdp_total}, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(markdown(dirs, total, rdp_total))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
