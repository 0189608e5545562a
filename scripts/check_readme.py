#!/usr/bin/env python3
"""Runs README.md's `console` blocks against a built `twisty` and compares their output.

Every ```console block is a test: each `$ ` line is a command (a line ending in `\\`
continues on the next), run with bash from a scratch directory that sees the repository's
`tests/` (for `tests/data/...` paths), `twisty` first on PATH and a table cache of its own;
the lines after it, up to the next `$ ` line, are its output (stdout and stderr together).

The comparison leaves room for what changes from run to run, on both sides:

- times (a number followed by ns, µs, us, ms, s, min or h), rates (`M nodes/s`, `states/s`,
  `evaluations/s`, `ns/node`, `GiB·s`), node counts (`Nodes: N`, `N nodes`, JSON
  `"nodes"`, `"expanded"` and `..._seconds`), the table cache's path (shown as
  `~/.cache/twisty`) and the seeds that a command draws itself (`seed: N` without `--seed`);
- `(total with tables: …)`, printed only when loading tables took a noticeable time;
- runs of spaces (so table columns may shift);
- `…` (or `...`) alone on a line stands for any number of lines, and inside a line for any
  text.

A command whose shown output does not mention an error must exit with status 0.

A block is marked by an HTML comment on the line before its fence:

    <!-- readme-check: ignored (why) -->   needs a big table or a long run: run only with
                                           --all (the ignored test `readme_examples_all`)
    <!-- readme-check: fresh-cache -->     runs with an empty table cache (its output shows
                                           tables being built)
    <!-- readme-check: numbers -->         every number may differ (benchmark tables whose
                                           counts depend on the machine or the threads)

Marks combine with commas. The blocks run in order in one scratch directory, so a file one
block writes (`> short.txt`) is there for the next.

Usage: check_readme.py --twisty PATH [--tables DIR] [--all] [--only TEXT] [--from-line N]
       [README.md]
Exit status: 0 when every block run matches, 1 otherwise (each difference is printed).
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

MARK = re.compile(r"<!--\s*readme-check:\s*(.*?)\s*-->")
TIME = re.compile(r"\d+(?:[.,]\d+)?\s?(?:ns|µs|us|ms|s|min|h)(?![\w/])")
RULES = [
    # Printed only when loading tables took a noticeable time.
    (re.compile(r"\s*\(total with tables: <t>\)"), ""),
    (re.compile(r"\d+(?:\.\d+)?\s?M nodes/s"), "<rate>"),
    (re.compile(r"\d+(?:\.\d+)?\s?(?:states|evaluations|solves)/s"), "<rate>"),
    (re.compile(r"\d+(?:\.\d+)?\s?k?nodes/s"), "<rate>"),
    (re.compile(r"Nodes: \d+"), "Nodes: <n>"),
    (re.compile(r"\b\d+ nodes\b"), "<n> nodes"),
    (re.compile(r'"(nodes|expanded|\w*seconds|\w*_ms|elapsed\w*|\w*per_second)":\s?-?[\d.e+-]+'), r'"\1":<n>'),
    (re.compile(r"\bseed: \d+"), "seed: <seed>"),
]


def normalise(line, tables, numbers=False):
    line = line.rstrip()
    if tables:
        line = line.replace(tables, "~/.cache/twisty")
    line = TIME.sub("<t>", line)
    for pattern, repl in RULES:
        line = pattern.sub(repl, line)
    if numbers:
        line = re.sub(r"\d+(?:[.,]\d+)*", "<n>", line)
    return re.sub(r"\s+", " ", line).strip()


def line_matches(want, got):
    """`want` (normalised) matches `got`; `…` inside `want` matches any text."""
    if "…" not in want:
        return want == got
    parts = [re.escape(p) for p in want.split("…")]
    return re.fullmatch(".*".join(parts), got) is not None


def matches(want, got):
    """Whether the lines `want` (with `…` lines) match the lines `got`."""
    memo = {}

    def at(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(want):
            r = j == len(got)
        elif want[i] == "…":
            r = any(at(i + 1, k) for k in range(j, len(got) + 1))
        else:
            r = j < len(got) and line_matches(want[i], got[j]) and at(i + 1, j + 1)
        memo[key] = r
        return r

    return at(0, 0)


class Block:
    def __init__(self, line, marks):
        self.line = line
        self.marks = marks
        self.commands = []  # (command, [expected output lines])

    def ignored(self):
        return any(m.startswith("ignored") for m in self.marks)


def parse(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        marks = []
        k = i - 1
        while k >= 0 and MARK.search(lines[k]):
            for m in MARK.search(lines[k]).group(1).split(","):
                marks.append(m.strip())
            k -= 1
        block = Block(i + 1, marks)
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            text = lines[i]
            if text.startswith("$ "):
                command = text[2:]
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command + "\n" + lines[i]
                block.commands.append((command, []))
            elif block.commands:
                block.commands[-1][1].append(text)
            i += 1
        blocks.append(block)
        i += 1
    return blocks


def run_block(block, args, work):
    """Runs `block` in the directory `work`; returns a list of failure messages."""
    failures = []
    numbers = "numbers" in block.marks
    with tempfile.TemporaryDirectory(prefix="readme-check-home-") as home:
        os.makedirs(os.path.join(home, ".cache"))
        if "fresh-cache" in block.marks:
            tables = os.path.join(home, ".cache", "twisty")
        else:
            tables = os.path.abspath(args.tables)
            os.makedirs(tables, exist_ok=True)
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("TWISTY_") and k not in ("XDG_CACHE_HOME", "NO_COLOR")
        }
        env.update(
            HOME=home,
            TWISTY_TABLES=tables,
            PATH=os.path.dirname(os.path.abspath(args.twisty)) + os.pathsep + env.get("PATH", ""),
            COLUMNS="100",
        )
        for command, expected in block.commands:
            started = time.monotonic()
            proc = subprocess.run(
                ["bash", "-c", command],
                cwd=work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                timeout=args.timeout,
            )
            took = time.monotonic() - started
            got_raw = proc.stdout.decode("utf-8", "replace").split("\n")
            while got_raw and got_raw[-1] == "":
                got_raw.pop()
            while expected and expected[-1].strip() == "":
                expected = expected[:-1]
            want = [normalise(l, None, numbers) for l in expected]
            want = ["…" if w in ("…", "...") else w for w in want]
            got = [normalise(l, tables, numbers) for l in got_raw]
            ok = matches(want, got)
            shows_error = any("error" in l for l in expected)
            if proc.returncode != 0 and not shows_error:
                ok = False
            status = "ok" if ok else "FAILED"
            print(f"  line {block.line}: $ {command.splitlines()[0]}  [{status}, {took:.1f} s]", flush=True)
            if not ok:
                diff = "\n".join(
                    difflib.unified_diff(want, got, "README (normalised)", "actual (normalised)", lineterm="", n=2)
                )
                failures.append(f"README.md line {block.line}: `$ {command}`")
                print(f"    exit status {proc.returncode}\n{diff}\n", flush=True)
    return failures


def main():
    ap = argparse.ArgumentParser(description="Check README.md's console examples.")
    ap.add_argument("readme", nargs="?", default=None)
    ap.add_argument("--twisty", required=True, help="the twisty binary to run")
    ap.add_argument("--tables", default=None, help="table cache shared by the blocks")
    ap.add_argument("--all", action="store_true", help="also the blocks marked ignored")
    ap.add_argument("--only", default=None, help="only blocks with a command containing TEXT")
    ap.add_argument("--from-line", type=int, default=0, help="only blocks from this README line on")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per command")
    args = ap.parse_args()
    repo = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    readme = args.readme or os.path.join(repo, "README.md")
    if args.tables is None:
        args.tables = os.path.join(repo, "target", "tmp", "shared-tables")
    if not os.access(args.twisty, os.X_OK):
        print(f"check_readme: {args.twisty} is not an executable twisty binary", file=sys.stderr)
        return 2
    blocks = parse(readme)
    failures, run, skipped = [], 0, 0
    scratch = tempfile.mkdtemp(prefix="readme-check-")
    work = os.path.join(scratch, "work")
    os.makedirs(work)
    os.symlink(os.path.join(repo, "tests"), os.path.join(work, "tests"))
    for block in blocks:
        if args.only and not any(args.only in c for c, _ in block.commands):
            continue
        if block.line < args.from_line:
            continue
        if block.ignored() and not args.all:
            skipped += 1
            continue
        if not block.commands:
            continue
        run += 1
        failures += run_block(block, args, work)
    shutil.rmtree(scratch, ignore_errors=True)
    print(
        f"README check: {run} console block(s) run, {skipped} marked ignored "
        f"(run with --all), {len(failures)} difference(s)"
    )
    for f in failures:
        print("  failed: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
