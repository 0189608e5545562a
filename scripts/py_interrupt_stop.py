#!/usr/bin/env python3
"""How long after Ctrl-C the workers of `twisty.solve_many` stop.

A child Python starts a batch of hard 3x3x3 states (the optimal solver with its small
tables, so that every worker is in the middle of a long search), waits until its
`twisty-batch` threads run, prints "ready", and then either waits for the next result
(`--where next`: the KeyboardInterrupt surfaces inside `next()`) or runs its own code
(`--where between`: the interrupt surfaces in the caller's loop while the batch stays
referenced). This script sends SIGINT and the child reports, on the same monotonic clock,
when its last `twisty-batch` thread was gone (it looks every millisecond). Median and
maximum over the runs.

Usage: scripts/py_interrupt_stop.py [--runs N] [--jobs J] [--where next|between]
  with the twisty package importable by this Python (e.g. the venv of
  crates/twisty-py/ci.sh: target/py-venv/bin/python scripts/py_interrupt_stop.py);
  TWISTY_TABLES names the table directory (default: a new temporary one).
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

CHILD = """
import os, sys, time, twisty
where, jobs = sys.argv[1], int(sys.argv[2])
twisty.solve("R U F", solver="optimal", heuristic="small")  # tables ready
hard = [twisty.scramble("3x3", seed=s) for s in range(11, 11 + 2 * jobs)]
def workers():
    n = 0
    for t in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{t}/comm") as f:
                n += f.read().startswith("twisty-batch")
        except OSError:
            pass
    return n
batch = twisty.solve_many(hard * 4, solver="optimal", heuristic="small", jobs=jobs)
if where == "next":
    it = iter(batch)
while workers() < jobs:
    time.sleep(0.001)
time.sleep(0.2)
try:
    print("ready", flush=True)
    if where == "next":
        next(it)
        print("answered before the interrupt", flush=True)
        sys.exit(1)
    while True:
        time.sleep(0.001)
except KeyboardInterrupt:
    pass
while workers():
    time.sleep(0.001)
print(time.monotonic(), flush=True)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--where", choices=["next", "between"], default="between")
    args = ap.parse_args()
    env = dict(os.environ)
    env.setdefault("TWISTY_TABLES", tempfile.mkdtemp(prefix="twisty-tables-"))
    stops = []
    print(f"load average before: {os.getloadavg()}", file=sys.stderr)
    for _ in range(args.runs):
        p = subprocess.Popen(
            [sys.executable, "-c", CHILD, args.where, str(args.jobs)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            line = p.stdout.readline().strip()
            if line != "ready":
                sys.exit(f"the child said {line!r}")
            sent = time.monotonic()
            p.send_signal(signal.SIGINT)
            out, _ = p.communicate(timeout=60)
            if not out.split():
                sys.exit(f"the child ended without a report (exit {p.returncode})")
            stops.append(float(out.split()[-1]) - sent)
        finally:
            p.kill()
    stops.sort()
    print(f"load average after: {os.getloadavg()}", file=sys.stderr)
    print(
        f"solve_many, {args.jobs} workers, interrupt {args.where}: workers gone "
        f"{stops[len(stops) // 2] * 1e3:.1f} ms median, {stops[-1] * 1e3:.1f} ms max "
        f"after SIGINT ({args.runs} runs)"
    )


if __name__ == "__main__":
    main()
