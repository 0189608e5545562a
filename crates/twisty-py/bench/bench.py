"""Benchmarks of the twisty Python package (figures for people; not a test).

    python crates/twisty-py/bench/bench.py [--n 10000] [--ray]

1. solve_many on N random-state 3x3x3 inputs (two-phase) vs twisty.solve in a loop;
2. twisty.solve's per-call overhead over the engine's own time (timed in Rust);
3. with --ray: twisty.ray.solve_many on a local 2-CPU Ray vs local solve_many (and the
   overhead per chunk), and twisty.ray.solve_optimal with 2 workers on 5 uniformly random
   states vs the in-process optimal solver on two threads (heuristic `best` by default: its
   2.4 GiB table must be in the table directory, e.g. TWISTY_TABLES=DIR).
"""

import argparse
import json
import os
import subprocess
import tempfile
import time

import twisty


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def cli_batch(binary: str, tables: str, states, short_depth: int) -> float:
    """States per second of `twisty solve --batch --jobs 2` on the same inputs (best of 2)."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "in.txt")
        with open(src, "w") as f:
            f.write("\n".join(states) + "\n")
        best = 0.0
        for _ in range(2):
            out = subprocess.run(
                [binary, "--tables-dir", tables, "solve", "--batch", src, "--jobs", "2",
                 "--option", f"short_depth={short_depth}", "--output", os.devnull, "--summary-json"],
                check=True, capture_output=True, text=True)
            summary = json.loads(out.stderr.strip().splitlines()[-1])
            best = max(best, summary["states_per_second"])
        return best


def timed(f):
    t = time.perf_counter()
    r = f()
    return r, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--ray", action="store_true")
    ap.add_argument("--chunk-size", type=int, default=256)
    ap.add_argument("--twisty", default=os.path.join(ROOT, "target", "release", "twisty"),
                    help="the CLI whose --batch rate is the reference")
    ap.add_argument("--short-depth", type=int, default=9)
    ap.add_argument("--optimal-heuristic", default="best",
                    help="heuristic of the solve_optimal comparison (best: the 2.4 GiB table)")
    ap.add_argument("--optimal-count", type=int, default=5)
    ap.add_argument("--only-optimal", action="store_true", help="only the solve_optimal comparison")
    a = ap.parse_args()
    tables = os.environ.get("TWISTY_TABLES") or tempfile.mkdtemp(prefix="twisty-bench-")
    os.environ["TWISTY_TABLES"] = tables
    states = [twisty.Cube3.random(seed=i).state_string() for i in range(a.n)]
    opts = {"short_depth": a.short_depth}
    if a.only_optimal:
        return optimal(a, tables)
    twisty.solve(states[0], **opts)  # tables loaded
    batch_rate = cli_batch(a.twisty, tables, states, a.short_depth)
    many, t_many = timed(lambda: list(twisty.solve_many(states, jobs=2, **opts)))
    assert all(r.ok for r in many)
    loop, t_loop = timed(lambda: [twisty.solve(s, **opts) for s in states])
    print(f"twisty solve --batch --jobs 2 (short_depth={a.short_depth}), {a.n} states: {batch_rate:.0f}/s")
    print(f"solve_many(jobs=2), {a.n} random states: {t_many:.2f} s ({a.n / t_many:.0f}/s, "
          f"{a.n / t_many / batch_rate:.1%} of --batch)")
    print(f"twisty.solve loop,  {a.n} random states: {t_loop:.2f} s ({a.n / t_loop:.0f}/s)")
    print(f"mean length {sum(r.length for r in many) / a.n:.2f}")

    def best(f, n=2000, rounds=7):
        out = []
        for _ in range(rounds):
            t = time.perf_counter()
            for _ in range(n):
                f()
            out.append((time.perf_counter() - t) / n * 1e6)
        return min(out)

    for st in ["", "R"]:
        eng = min(twisty._twisty.engine_seconds(st, repeat=2000) for _ in range(7)) * 1e6
        py = best(lambda: twisty.solve(st))
        print(f"per call, input {st!r}: engine {eng:.1f} us, twisty.solve {py:.1f} us, overhead {py - eng:.1f} us")

    if not a.ray:
        return
    import ray

    import twisty.ray as tray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"TWISTY_TABLES": tables}})
    actors = tray.make_actors(2, tables)
    list(tray.solve_many(states[:10], actors=actors, chunk_size=5, **opts))  # actors up, tables loaded
    rs, t_ray = timed(lambda: list(tray.solve_many(states, actors=actors, chunk_size=a.chunk_size, **opts)))
    assert [r.input for r in rs] == states
    chunks = (a.n + a.chunk_size - 1) // a.chunk_size
    print(f"ray.solve_many 2 actors, chunk {a.chunk_size}: {t_ray:.2f} s = {t_many / t_ray:.0%} of local "
          f"solve_many's throughput; overhead {(t_ray - t_many) / chunks * 1e3:.1f} ms per chunk")
    # The cost of a chunk itself: chunks of one already-solved input (about 2 us of solving).
    trivial = [""] * 2000
    _, t_one = timed(lambda: list(tray.solve_many(trivial, actors=actors, chunk_size=1)))
    print(f"ray.solve_many, 2,000 chunks of one trivial input: {t_one:.2f} s = "
          f"{t_one / 2000 * 1e3:.2f} ms per chunk (2 actors, up to 2 chunks queued per actor)")
    for actor in actors:  # free the CPUs for solve_optimal's tasks
        ray.kill(actor)
    optimal(a, tables, started=True)


def optimal(a, tables: str, started: bool = False) -> None:
    """twisty.ray.solve_optimal (2 local workers) against the in-process solver (2 threads)
    on uniformly random states: whole solves, and the last complete bound alone (the same
    work in both, with no first-answer luck)."""
    import ray

    import twisty.ray as tray

    if not started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 runtime_env={"env_vars": {"TWISTY_TABLES": tables}})
    h = a.optimal_heuristic
    twisty.solve("R U", solver="optimal", heuristic=h, tables_dir=tables)  # tables loaded
    tray.solve_optimal("R U F", heuristic=h, tables_dir=tables)  # workers up, tables mapped
    states5 = [twisty.Cube3.random(seed=300 + i).state_string() for i in range(a.optimal_count)]
    ratios, complete = [], []
    for s in states5:
        local, t_local = timed(lambda: twisty.solve(s, solver="optimal", heuristic=h, tables_dir=tables))
        split, t_split = timed(lambda: tray.solve_optimal(s, heuristic=h, tables_dir=tables))
        assert split.length == local.length
        assert twisty.Cube3(s).apply(split.text).is_solved()
        nodes = local.stats.get("nodes", 0)
        ratios.append(t_split / t_local)
        last = local.length - 1
        row = next((b for b in local.details.get("breakdown", []) if b["label"] == f"depth {last}"), None)
        c_local = row["value"] if row else None
        c_split = next((b["seconds"] for b in split.bounds if b["bound"] == last), None)
        extra = ""
        if c_local and c_split:
            complete.append(c_split / c_local)
            # The split searches the same canonical tree at a complete bound: its node count.
            per_worker = row["count"] / c_split / 2 / 1e6
            extra = (f"; complete bound {last}: {c_local:.2f} vs {c_split:.2f} s ({c_split / c_local:.2f}), "
                     f"{row['count'] / 1e6:.1f} M nodes, {per_worker:.1f} M nodes/s per Ray worker")
        print(f"optimal ({h}), random state: length {local.length}; in-process 2 threads {t_local:.2f} s "
              f"({nodes / t_local / 2 / 1e6:.1f} M nodes/s per thread), ray 2 workers {t_split:.2f} s, "
              f"ratio {t_split / t_local:.2f}{extra}", flush=True)
    ratios.sort()
    complete.sort()
    print(f"median ratio ray / in-process: {ratios[len(ratios) // 2]:.2f} (whole solves), "
          f"{complete[len(complete) // 2] if complete else float('nan'):.2f} (last complete bound)")


if __name__ == "__main__":
    main()
