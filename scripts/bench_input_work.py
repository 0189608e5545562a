#!/usr/bin/env python3
"""The time of reading the worst inputs the parser accepts, for every kind of puzzle.

For each case, a group of moves that each move as many pieces as a move of the puzzle can
is repeated as often as the parser accepts (a binary search: an input over the work bound,
`twisty_core::alg::MAX_WORK`, or over 100,000 moves is refused before any move is built, in
microseconds), and then read by

    twisty solve -p PUZZLE --timeout 1e-9 --json INPUT

whose time limit runs out while the input is read, so the engine answers `timeout` right
after parsing and applying the moves: the wall time of that command is the cost of the input
(process start included; the first row, `R` on the 3x3x3, is that start alone), and its
CPU time (user + system: on a shared machine the wall time also counts waiting for a core). With
`--limit S` each worst input is then solved for real with `--timeout S` (the puzzle's default
solver) and the wall time printed beside the limit.

Usage: scripts/bench_input_work.py [--twisty PATH] [--runs N] [--limit S] [--only TEXT]
  (default: target/release/twisty; build it with `cargo build --release -p twisty-cli`).
Prints the load average before and after and a Markdown table.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def big_definition(path: Path) -> None:
    """A definition as large as one may be: 16 orbits of 255 pieces with two orientations
    (8,160 state bytes), two moves that turn every orbit."""
    lines = ["Name big", ""]
    lines += [f"Set O{o} 255 2" for o in range(16)]
    lines += ["", "StartState"]
    for o in range(16):
        lines += [f"O{o}", " ".join(map(str, range(255))), " ".join(["0"] * 255)]
    lines.append("End")
    for name, shift in (("R", 1), ("U", 2)):
        lines += ["", f"MoveTransformation {name}"]
        for o in range(16):
            perm = [
                (i + shift) % (3 * shift) if i < 3 * shift and i % shift == 0 else i
                for i in range(255)
            ]
            lines += [f"O{o}", " ".join(map(str, perm)), " ".join(["0"] * 255)]
        lines.append("End")
    path.write_text("\n".join(lines) + "\n")


def repeated(group: str, r: int) -> str:
    """`group` repeated `r` times: `((group)100)a (group)b`."""
    a, b = divmod(r, 100)
    parts = []
    if a:
        parts.append(f"(({group})100){a}")
    if b:
        parts.append(f"({group}){b}")
    return " ".join(parts)


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(twisty, tables, puzzle, text, timeout="1e-9"):
    """((wall, CPU) seconds, error kind or None, message) of one `twisty solve`."""
    cmd = [twisty, "--tables-dir", tables, "--threads", "1", "solve", "-p", puzzle,
           "--timeout", timeout, "--json", text]
    start, used = time.perf_counter(), cpu()
    p = subprocess.run(cmd, capture_output=True, text=True)
    spent = (time.perf_counter() - start, cpu() - used)
    try:
        v = json.loads(p.stdout or p.stderr)
    except json.JSONDecodeError:
        return spent, "unreadable", (p.stdout + p.stderr)[:300]
    err = v.get("error")
    if err:
        return spent, err.get("kind"), err.get("message", "")
    return spent, None, ""


def read_ok(twisty, tables, puzzle, text):
    _, kind, message = run(twisty, tables, puzzle, text)
    return kind == "timeout" and "reading the input" in message


def most_repeats(twisty, tables, puzzle, group):
    moves = max(1, len(group.split()))
    lo, hi = 0, 100_000 // moves + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if read_ok(twisty, tables, puzzle, repeated(group, mid)):
            lo = mid
        else:
            hi = mid
    return lo


def cell(times):
    """`wall median / max (CPU median / max) ms |` of (wall, CPU) pairs."""
    wall = sorted(t[0] for t in times)
    used = sorted(t[1] for t in times)
    m = len(times) // 2
    return (f"{wall[m] * 1e3:.0f} / {wall[-1] * 1e3:.0f} "
            f"({used[m] * 1e3:.0f} / {used[-1] * 1e3:.0f}) ms |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--twisty", default=str(Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "twisty"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--limit", type=float, default=None)
    ap.add_argument("--only", default=None)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp())
    tables = str(work / "tables")
    big = work / "big.tws"
    big_definition(big)
    cases = [
        ("3x3x3", "R"),
        ("supercube:16", "15Rw 15Uw 15Fw"),
        ("supercube:16", "8Rw 8Uw 8Fw"),
        ("supercube:16", "R U F"),
        ("supercube:8", "7Rw 7Uw 7Fw"),
        ("supercube:4", "3Rw 3Uw 3Fw"),
        ("supercube:2", "R U F"),
        ("3x3x3", "R U F"),
        ("kilominx", "R U F"),
        ("7x7x7", "R U F"),
        ("7x7x7", "2R 2U 2F"),
        ("7x7x7", "3Rw 3Uw 3Fw"),
        ("17x17x17", "R U F"),
        ("17x17x17", "2R 2U 2F"),
        ("33x33x33", "R U F"),
        ("33x33x33", "2R 2U 2F"),
        ("33x33x33", "16Rw 16Uw 16Fw"),
        ("64x64x64", "R U F"),
        ("64x64x64", "2R 2U 2F"),
        ("64x64x64", "32Rw 32Uw 32Fw"),
        ("megaminx", "R U F"),
        ("megaminx", "R++ D++ U"),
        (f"def:{big}", "R U"),
    ]
    print(f"load average before: {os.getloadavg()}", file=sys.stderr)
    head = "| puzzle | input | moves | read: wall median / max (CPU median / max) |"
    rule = "|---|---|---|---|"
    if args.limit is not None:
        head += f" solve --timeout {args.limit}: wall (CPU) |"
        rule += "---|"
    print(head)
    print(rule)
    for puzzle, group in cases:
        if args.only and args.only not in puzzle:
            continue
        if group == "R":
            r, text = 1, "R"
        else:
            r = most_repeats(args.twisty, tables, puzzle, group)
            text = repeated(group, r)
        shown = "big definition (8,160 state bytes)" if puzzle.startswith("def:") else puzzle
        row = f"| {shown} | `{group}` × {r} | {r * len(group.split()):,} | "
        row += cell([run(args.twisty, tables, puzzle, text)[0] for _ in range(args.runs)])
        if args.limit is not None:
            row += cell([run(args.twisty, tables, puzzle, text, str(args.limit))[0]
                         for _ in range(args.runs)])
        print(row, flush=True)
    print(f"load average after: {os.getloadavg()}", file=sys.stderr)
    subprocess.run(["rm", "-rf", str(work)])


if __name__ == "__main__":
    main()
