#!/usr/bin/env python3
"""Checks that the results docs cite only what the repository holds (or what a command beside the
citation regenerates), and that the run times they quote are their directories' summary.json ones.

    tools/check-results-docs.py                         # every docs/results-*.md
    tools/check-results-docs.py docs/results-acc.md     # just these
    tools/check-results-docs.py --root DIR              # another checkout (the tests use scratch ones)

The conventions (docs/reproducing.md, "Checking the results docs"):

(a) Citations. Every path under docs/results/ that a doc names (in prose, a `code span`, a link, or
    a fenced block; `docs/results/X`, `results/X` and `../results/X` alike) must be a file or a
    directory the repository holds: in a git checkout, one git tracks (an untracked file is what a
    clean clone lacks); elsewhere, one on disk. A bare file name in a code span (`runs.csv`,
    `series/*.csv`, `figure4-*.csv`: the names ending .csv .tsv .json .md .png .svg .txt) belongs to
    the last results directory the doc named before it (a path as above, or the directory's bare
    name in a code span, `acc-ns2`), and must be somewhere under it. Globs need one match. Names in
    capitals (`docs/results/DIR`, `series/PART-AQM-FLOWS.csv`) and `<...>` are placeholders.
    A file the repository does not hold passes when the citation's paragraph, or the block just
    before or after it, gives the command that regenerates it: `aspen experiment NAME ... --out D`
    (`./aspen`, `java -jar aspen.jar` alike) with the cited path under D (e.g. `--out
    docs/results/purple` for `series/*.csv` when docs/results/purple is the directory in force).

(b) Run times. A run time is written `wall N s` (or `N s wall`, `N s of wall time`) and belongs to
    the results directory named nearest before it in its sentence; failing that, the first one after
    it in the sentence; failing that, the last one before it in its paragraph or the block before.
    N must equal that directory's summary.json "wallSeconds" rounded half up to N's decimals
    (`wall 175 s` and `wall 175.1 s` for 175.1). Several run times in one list ("wall times: 41 s,
    250 s and 94 s") are refused: each goes beside its directory. A sentence that says "not
    committed" quotes the time of a run with no directory, and is not checked.

Prints one line per problem, "DOC:LINE: what is wrong", then a count. Exit status 1 when there is a
problem, 2 on bad usage.
"""
import argparse
import fnmatch
import glob
import json
import os
import re
import subprocess
import sys
from decimal import Decimal, ROUND_HALF_UP

NAME = "check-results-docs"

DATA_EXTENSIONS = ("csv", "tsv", "json", "md", "png", "svg", "txt")
PATH_RE = re.compile(r"(?<![\w./-])((?:\.\./)*(?:docs/)?results/[A-Za-z0-9._*/-]*)")
CODE_SPAN_RE = re.compile(r"`([^`]+)`")
COMMAND_RE = re.compile(
    r"\baspen(?:\.jar)?\s+experiment\s+(?!merge\b)([a-z0-9][a-z0-9-]*)[^`\n]*?\s--out(?:\s+|=)([^\s`]+)")
NUMBER = r"(\d+(?:\.\d+)?)"
WALL_AFTER_RE = re.compile(r"\bwall(?:[- ]clock)?(?:\s+times?)?(?:\s+of|:)?\s+" + NUMBER + r"\s?s\b", re.I)
WALL_BEFORE_RE = re.compile(NUMBER + r"\s?s\s+(?:of\s+)?wall\b", re.I)
WALL_LIST_RE = re.compile(r"\bwall(?:[- ]clock)?\s+times\s*(?::|were|are)?\s*" + NUMBER + r"\s?s\b"
                          r"((?:\s*(?:,|,?\s+and)\s+\d+(?:\.\d+)?\s?s\b)+)", re.I)
SENTENCE_END_RE = re.compile(r"[.!?]\s+(?=[A-Z`(\[*_])")
PLACEHOLDER_RE = re.compile(r"^[A-Z][A-Z0-9_-]*(\.[a-z0-9]+)?$")
# a placeholder inside a name (`series-CONFIG.csv`): read as a glob, which must match a held file
EMBEDDED_PLACEHOLDER_RE = re.compile(r"(?<![A-Za-z])[A-Z][A-Z0-9_]{2,}(?![A-Za-z])|(?<=[a-z])N(?![A-Za-z])")


class Parser(argparse.ArgumentParser):
    """Bad usage is one line naming what was wrong."""

    def error(self, message):
        print("%s: %s (--help for usage)" % (NAME, message), file=sys.stderr)
        sys.exit(2)


class Block:
    """A paragraph, heading, table or fenced code block: its first line number and its text, with
    the paragraph's line breaks turned into spaces (offsets stay those of the original)."""

    def __init__(self, first_line, text, fenced):
        self.first_line = first_line
        self.raw = text
        self.flat = text if fenced else text.replace("\n", " ")
        self.fenced = fenced

    def line_of(self, offset):
        return self.first_line + self.raw.count("\n", 0, offset)


def blocks_of(text):
    lines = text.split("\n")
    blocks, current, start, fence = [], [], 0, None
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        if fence is not None:
            current.append(line)
            if stripped.startswith(fence):
                blocks.append(Block(start, "\n".join(current), True))
                current, fence = [], None
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            if current:
                blocks.append(Block(start, "\n".join(current), False))
            current, start, fence = [line], i, stripped[:3]
            continue
        if not stripped or stripped.startswith("#"):
            if current:
                blocks.append(Block(start, "\n".join(current), False))
                current = []
            if stripped:
                blocks.append(Block(i, line, False))
            continue
        if not current:
            start = i
        current.append(line)
    if current:
        blocks.append(Block(start, "\n".join(current), fence is not None))
    return blocks


class Repository:
    """The files a checkout holds under docs/results/: git's tracked files in a git checkout,
    the files on disk elsewhere."""

    def __init__(self, root):
        self.root = root
        results = os.path.join(root, "docs", "results")
        self.files = set()
        if os.path.exists(os.path.join(root, ".git")):
            out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", "docs/results"],
                                 capture_output=True, check=True).stdout.decode("utf-8")
            self.files = {f[len("docs/results/"):] for f in out.split("\0") if f}
            self.tracked_by = "git"
        else:
            for d, _, names in os.walk(results):
                for n in names:
                    self.files.add(os.path.relpath(os.path.join(d, n), results).replace(os.sep, "/"))
            self.tracked_by = "disk"
        self.dirs = set()
        for f in self.files:
            parts = f.split("/")
            for i in range(1, len(parts)):
                self.dirs.add("/".join(parts[:i]))
        self.top_dirs = {d for d in self.dirs if "/" not in d}

    def holds(self, rel):
        """Whether docs/results/REL (a file, a directory, or a glob) is held."""
        if any(c in rel for c in "*?["):
            return any(fnmatch.fnmatchcase(f, rel) for f in self.files)
        return rel in self.files or rel in self.dirs

    def holds_under(self, scope, name):
        """Whether a file matching NAME (a name, or a path relative to SCOPE, globs allowed) is under docs/results/SCOPE."""
        prefix = scope + "/"
        for f in self.files:
            if not f.startswith(prefix):
                continue
            below = f[len(prefix):]
            if "/" in name:
                if fnmatch.fnmatchcase(below, name):
                    return True
            elif fnmatch.fnmatchcase(below.rsplit("/", 1)[-1], name):
                return True
        return False

    def wall_seconds(self, directory):
        path = os.path.join(self.root, "docs", "results", directory, "summary.json")
        if not os.path.isfile(path):
            return None, "has no summary.json"
        try:
            with open(path, encoding="utf-8") as f:
                summary = json.load(f)
        except ValueError as e:
            return None, "has a summary.json that is not JSON (%s)" % e
        wall = summary.get("wallSeconds") if isinstance(summary, dict) else None
        if not isinstance(wall, (int, float)) or isinstance(wall, bool):
            return None, "has no number \"wallSeconds\" in its summary.json"
        return wall, None


def normalise(path):
    """docs/results/X/, ../results/X. or results/X -> X (None for docs/results/ itself)."""
    path = path.rstrip(".,:;)")
    while path.startswith("../"):
        path = path[3:]
    if path.startswith("docs/"):
        path = path[5:]
    path = path[len("results/"):].strip("/")
    return path or None


def placeholder(path):
    return any(PLACEHOLDER_RE.match(part) or "<" in part or ">" in part or "{" in part or part == "..."
               for part in path.split("/"))


def bare_file(span):
    """The file a code span names relative to the directory in force, or None when it names none."""
    if " " in span or span.startswith(("-", "/", ".", "~", "$")) or "=" in span:
        return None
    name = span.rsplit("/", 1)[-1]
    if "." not in name or name.rsplit(".", 1)[1] not in DATA_EXTENSIONS:
        return None
    if "/" in span:
        first = span.split("/", 1)[0]
        if first in ("docs", "results") or first in TOP_LEVEL:
            return None
    if placeholder(span) or name.startswith("-"):
        return None
    return span


TOP_LEVEL = set()


class Checker:
    def __init__(self, root):
        self.root = root
        self.repo = Repository(root)
        self.problems = []
        self.citations = 0
        self.run_times = 0
        TOP_LEVEL.clear()
        TOP_LEVEL.update(n for n in os.listdir(root) if os.path.isdir(os.path.join(root, n)))
        self.docs_files = set(os.listdir(os.path.join(root, "docs"))) if os.path.isdir(os.path.join(root, "docs")) else set()

    def problem(self, doc, line, what):
        self.problems.append((doc, line, what))

    def check(self, doc):
        with open(os.path.join(self.root, doc), encoding="utf-8") as f:
            text = f.read()
        blocks = blocks_of(text)
        scope = None
        for i, block in enumerate(blocks):
            mentions = self.directory_mentions(block)
            seen = set()
            for offset, kind, value in self.citations_in(block):
                if kind == "dir":
                    scope = value
                    continue
                line = block.line_of(offset)
                if (line, kind, value) in seen:
                    continue
                seen.add((line, kind, value))
                self.citations += 1
                if kind == "path":
                    self.check_path(doc, line, value, blocks, i)
                else:
                    self.check_bare(doc, line, value, scope, blocks, i)
            self.check_run_times(doc, blocks, i, mentions)

    def citations_in(self, block):
        """(offset, kind, value) in the block's order: "path" (under docs/results), "bare" (a file
        relative to the directory in force) and "dir" (a results directory named, which comes in force)."""
        found = []
        for m in PATH_RE.finditer(block.flat):
            rel = normalise(m.group(1))
            if rel is None or placeholder(rel):
                continue
            found.append((m.start(1), "path", rel))
            top = rel.split("/", 1)[0]
            if top in self.repo.top_dirs and "*" not in top:
                found.append((m.end(1), "dir", top))
        for m in CODE_SPAN_RE.finditer(block.flat):
            span = m.group(1).strip()
            if span in self.repo.top_dirs:
                found.append((m.start(1), "dir", span))
                continue
            name = bare_file(span)
            if name is not None and not ("/" not in name and name in self.docs_files):
                found.append((m.start(1), "bare", name))
        found.sort(key=lambda t: (t[0], t[1] != "path"))
        return found

    def directory_mentions(self, block):
        """(offset, directory) of every results directory the block names, in order."""
        out = []
        for m in PATH_RE.finditer(block.flat):
            rel = normalise(m.group(1))
            if rel is None or placeholder(rel):
                continue
            out.append((m.start(1), rel.split("/", 1)[0]))
        for m in CODE_SPAN_RE.finditer(block.flat):
            if m.group(1).strip() in self.repo.top_dirs:
                out.append((m.start(1), m.group(1).strip()))
        return sorted(out)

    def regenerated(self, blocks, i, covers):
        """Whether block i, or the block before or after it, gives an 'aspen experiment ... --out D' whose D covers the citation."""
        for j in (i - 1, i, i + 1):
            if 0 <= j < len(blocks):
                for m in COMMAND_RE.finditer(blocks[j].flat):
                    out = m.group(2).rstrip(".,;)")
                    at = out.find("results/")
                    if at < 0 or out[:at] not in ("", "docs/", "./docs/", "../", "../docs/"):
                        continue
                    rel = normalise(out[at:])
                    if rel and covers(rel):
                        return True
        return False

    def check_path(self, doc, line, rel, blocks, i):
        if self.repo.holds(rel) or self.repo.holds(EMBEDDED_PLACEHOLDER_RE.sub("*", rel)):
            return
        if self.regenerated(blocks, i, lambda out: rel == out or rel.startswith(out + "/")):
            return
        self.problem(doc, line, "cites docs/results/%s, which the repository does not hold (%s), and no 'aspen experiment ... "
                     "--out' covering it is given in this paragraph or the block before or after it" % (rel, self.held()))

    def check_bare(self, doc, line, name, scope, blocks, i):
        if scope is None:
            self.problem(doc, line, "cites `%s` before naming any docs/results directory it could be in" % name)
            return
        first = name.split("/", 1)[0]
        if "/" in name and first != scope and self.repo.holds(first):
            # `abcd-30seeds/runs.csv`: a path under docs/results/, not under the directory in force
            self.check_path(doc, line, name, blocks, i)
            return
        if self.repo.holds_under(scope, name) or self.repo.holds_under(scope, EMBEDDED_PLACEHOLDER_RE.sub("*", name)):
            return
        if self.regenerated(blocks, i, lambda out: scope == out or scope.startswith(out + "/") or out.startswith(scope + "/")):
            return
        self.problem(doc, line, "cites `%s`, which docs/results/%s/ (the directory in force) does not hold (%s), and no "
                     "'aspen experiment ... --out docs/results/%s' is given in this paragraph or the block before or after it"
                     % (name, scope, self.held(), scope))

    def held(self):
        return "not tracked by git" if self.repo.tracked_by == "git" else "not on disk"

    def check_run_times(self, doc, blocks, i, mentions):
        block = blocks[i]
        text = block.flat
        times, taken = [], []
        for m in WALL_LIST_RE.finditer(text):
            taken.append((m.start(), m.end()))
            self.run_times += 1
            self.problem(doc, block.line_of(m.start()), "quotes several run times in one list ('%s'): write each as 'wall N s' "
                         "beside its directory's name" % " ".join(m.group(0).split()))
        for regex in (WALL_AFTER_RE, WALL_BEFORE_RE):
            for m in regex.finditer(text):
                if any(a <= m.start() < b for a, b in taken):
                    continue
                taken.append((m.start(), m.end()))
                times.append((m.start(), m.end(), m.group(1)))
        if not times:
            return
        sentences = [0] + [m.end() for m in SENTENCE_END_RE.finditer(text)] + [len(text) + 1]
        for start, end, number in sorted(times):
            self.run_times += 1
            line = block.line_of(start)
            s_from = max(s for s in sentences if s <= start)
            s_to = min(s for s in sentences if s > start)
            if re.search(r"not committed", text[s_from:s_to], re.I):
                continue
            before = [d for o, d in mentions if s_from <= o < start]
            after = [d for o, d in mentions if end <= o < s_to]
            earlier = [d for o, d in mentions if o < start]
            if before:
                directory = before[-1]
            elif after:
                directory = after[0]
            elif earlier:
                directory = earlier[-1]
            elif i > 0 and self.directory_mentions(blocks[i - 1]):
                directory = self.directory_mentions(blocks[i - 1])[-1][1]
            else:
                self.problem(doc, line, "quotes a run time (%s s) but names no docs/results directory beside it: name it, or "
                             "say 'not committed' in the sentence" % number)
                continue
            wall, why = self.repo.wall_seconds(directory)
            if why:
                self.problem(doc, line, "quotes a run time (%s s) for docs/results/%s, which %s" % (number, directory, why))
                continue
            decimals = len(number.split(".")[1]) if "." in number else 0
            rounded = Decimal(repr(float(wall))).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
            if rounded != Decimal(number):
                self.problem(doc, line, "quotes wall %s s for docs/results/%s, but its summary.json has wallSeconds %s"
                             % (number, directory, wall))


def plural(n, what):
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


def main(argv):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = Parser(description="Checks the results docs' citations and run times (docs/reproducing.md).")
    parser.add_argument("--root", default=here, help="the checkout to check (default: this script's)")
    parser.add_argument("docs", nargs="*", help="docs to check, relative to the root (default: docs/results-*.md)")
    args = parser.parse_args(argv)
    root = os.path.abspath(args.root)
    docs = args.docs or sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "results-*.md")))
    if not docs:
        print("check-results-docs: no docs/results-*.md under %s" % root, file=sys.stderr)
        return 2
    for doc in docs:
        if not os.path.isfile(os.path.join(root, doc)):
            print("check-results-docs: no such doc: %s" % doc, file=sys.stderr)
            return 2
    checker = Checker(root)
    for doc in docs:
        checker.check(doc)
    for doc, line, what in sorted(checker.problems, key=lambda p: (p[0], p[1])):
        print("%s:%d: %s" % (doc, line, what))
    print("check-results-docs: %s in %s (%s, %s)" % (plural(len(checker.problems), "problem"), plural(len(docs), "doc"),
                                                      plural(checker.citations, "citation"), plural(checker.run_times, "run time")))
    return 1 if checker.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
