#!/usr/bin/env python3
"""Latency of GET /api/health while the server is flooded.

Starts `twisty serve` on 127.0.0.1 (a free port, a temporary tables directory), then
measures /api/health (a fresh connection per probe, one probe every 10 ms) in four phases:

  quiet   nothing else going on;
  idle    1,000 connections open that never send a byte;
  flood   CONCURRENCY clients posting /api/solve back to back (more than the server's solve
          slots, so some answers are 503 busy), for at most SECONDS or SOLVES solves;
  both    the flood and the 1,000 idle connections together.

Prints median, p99 and max per phase, and the solve answers by status. Everything is
bounded (request counts, durations) and the server is stopped at the end.

Usage: python3 crates/twisty-web/bench/health_flood.py [--twisty target/release/twisty]
       [--seconds 8] [--solves 5000] [--concurrency 8] [--idle 1000] [--body JSON]
"""

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HOST = "127.0.0.1"
BODIES = {
    # Quick solves (milliseconds each): many requests, the accept loop and the slots busy.
    "2x2-optimal": {"puzzle": "2x2x2", "moves": "R U F' U2 R' F U R2", "solver": "optimal"},
    # Solves that run to their time limit: every solve slot keeps a core busy.
    "3x3-greedy": {
        "puzzle": "3x3",
        "moves": "R U F' L2 D B' R2 U' F2 L D' B2 R' U2 F L' D2 B R' U",
        "solver": "greedy",
        "time_limit": 0.5,
    },
}


async def request(port, method, path, body=None, timeout=30.0):
    """One HTTP/1.1 exchange on a fresh connection: (status, seconds, body bytes)."""
    start = time.perf_counter()
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), timeout)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
        data = b""
        if body is not None:
            data = body.encode()
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    elapsed = time.perf_counter() - start
    m = re.match(rb"HTTP/1\.1 (\d+)", raw)
    return (int(m.group(1)) if m else 0), elapsed, raw.split(b"\r\n\r\n", 1)[-1]


def summary(name, times):
    if not times:
        return f"{name:6s} no samples"
    ms = sorted(t * 1e3 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"{name:6s} {len(ms):5d} probes: median {statistics.median(ms):6.2f} ms, "
            f"p99 {p99:6.2f} ms, max {ms[-1]:6.2f} ms")


async def probe(port, stop, times, failures):
    while not stop.is_set():
        try:
            status, t, _ = await request(port, "GET", "/api/health", timeout=10.0)
            if status == 200:
                times.append(t)
            else:
                failures.append(status)
        except (OSError, asyncio.TimeoutError) as e:
            failures.append(type(e).__name__)
        await asyncio.sleep(0.01)


async def flooder(port, body, stop, budget, statuses):
    while not stop.is_set() and budget[0] > 0:
        budget[0] -= 1
        try:
            status, _, _ = await request(port, "POST", "/api/solve", body, timeout=60.0)
        except (OSError, asyncio.TimeoutError) as e:
            status = type(e).__name__
        statuses[status] = statuses.get(status, 0) + 1
        if status == 503:
            await asyncio.sleep(0.005)


async def open_idle(port, count):
    conns = []
    for _ in range(count):
        _, w = await asyncio.open_connection(HOST, port)
        conns.append(w)
    return conns


async def phase(name, port, seconds, idle=0, flood=None):
    """Probes for `seconds` (idle connections are dropped by the server after its 10 s
    header timeout, so a phase with them stays shorter than that)."""
    conns = await open_idle(port, idle) if idle else []
    stop, times, failures, statuses = asyncio.Event(), [], [], {}
    tasks = [asyncio.create_task(probe(port, stop, times, failures))]
    if flood:
        body, concurrency, solves = flood
        budget = [solves]
        tasks += [asyncio.create_task(flooder(port, body, stop, budget, statuses))
                  for _ in range(concurrency)]
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks)
    took = time.perf_counter() - start
    for w in conns:
        w.close()
    line = summary(name, times)
    if failures:
        line += f"; failed probes: {failures[:5]} ({len(failures)})"
    if statuses:
        done = sum(statuses.values())
        line += (f"; solves: {dict(sorted(statuses.items(), key=str))} "
                 f"({done / took:.0f}/s)")
    if idle:
        line += f"; {idle} idle connections"
    print(line, flush=True)


async def warm(port, body):
    """Posts `body` until it is answered 200 (503 while the tables load), for 5 minutes."""
    deadline = time.time() + 300
    while time.time() < deadline:
        status, _, out = await request(port, "POST", "/api/solve", body, timeout=120.0)
        if status == 200:
            return
        if status != 503:
            raise SystemExit(f"warm-up solve answered {status}: {out[:300]!r}")
        await asyncio.sleep(1)
    raise SystemExit("the tables did not load within 5 minutes")


async def main(args):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 2 * args.idle + 512))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    tables = tempfile.mkdtemp(prefix="twisty-flood-")
    server = subprocess.Popen(
        [args.twisty, "--tables-dir", tables, "serve", "--bind", HOST, "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = None
        for line in server.stdout:
            m = re.search(r"http://127\.0\.0\.1:(\d+)", line)
            if m:
                port = int(m.group(1))
                break
        if port is None:
            raise SystemExit("the server did not start")
        bodies = [json.dumps(BODIES[b]) for b in args.flood] + ([args.body] if args.body else [])
        for body in bodies:
            await warm(port, body)
        print(f"twisty serve on {HOST}:{port}, load average {os.getloadavg()}", flush=True)
        await phase("quiet", port, args.seconds)
        await phase("idle", port, min(args.seconds, 8), idle=args.idle)
        for name, body in zip(args.flood + ["custom"], bodies):
            print(f"flood: {name} {body}", flush=True)
            await phase("flood", port, args.seconds, flood=(body, args.concurrency, args.solves))
            await phase("both", port, min(args.seconds, 8), idle=args.idle,
                        flood=(body, args.concurrency, args.solves))
        print(f"load average {os.getloadavg()}", flush=True)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--twisty", default=os.environ.get("B", "target/release/twisty"))
    p.add_argument("--seconds", type=float, default=8.0)
    p.add_argument("--solves", type=int, default=5000, help="most solves posted per phase")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--idle", type=int, default=1000)
    p.add_argument("--flood", nargs="*", default=list(BODIES), choices=list(BODIES))
    p.add_argument("--body", help="another /api/solve body to flood with (JSON)")
    a = p.parse_args()
    if a.seconds > 60 or a.solves > 100_000 or a.idle > 3000:
        sys.exit("at most 60 s, 100,000 solves and 3,000 idle connections per phase")
    asyncio.run(main(a))
