#!/usr/bin/env python3
"""For scripts/bench_bigcube_peers.sh: twisty's N×N×N states in the peers' input
format, every answer replayed by `twisty show`, and the figures per solver.

  bigcube_peers.py prep N SCRAMBLES.jsonl DIR
      reads `twisty scramble --puzzle NxN --random-state --json` lines and writes, in DIR,
      scrambles.txt (the moves), states.txt (twisty's facelets, one a line) and peer.txt
      (the same states in the peers' input: 6·N² letters U R F D L B, faces U R F D L B,
      each face row by row, which is twisty's layout; colour letters are mapped to faces).
  bigcube_peers.py twisty-out BATCH.jsonl OUT.txt
      turns `twisty solve --batch` records into the peers' output form (`ms<TAB>moves`).
  bigcube_peers.py check TWISTY N DIR OUT.txt
      replays every answer in OUT.txt after its scramble with `TWISTY show --puzzle NxN
      --json` and writes OUT.txt.checked (`ok`/`FAIL`/`ERROR` and the OBTM length a line).
  bigcube_peers.py drop-first OUT.txt
      marks the first answer (a warm-up solve of the first state) as a comment.
  bigcube_peers.py summary NAME OUT.txt WALL_S ONESHOT_S PEAK_KB TABLE_BYTES METRIC
      prints one row of figures for a solver and appends it to summary.jsonl beside OUT.txt;
      start-up = the run's wall time less the measured solves.
  bigcube_peers.py ratio SUMMARY.jsonl
      prints twisty's figures over the peer's.

OBTM (outer block turn metric): a turn of a block that holds an outer face counts 1 (`R`,
`Rw`, `r`, `3Rw`), a turn of inner layers only counts 2 (`2R`, `M`), rotations 0. TPR and
cube555 print outer turns and 2-layer wide turns only (TPR `Rw`, cube555 `r`) and a closing
rotation (TPR), so their token counts without rotations are their OBTM lengths.
"""

import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

COLOUR_TO_FACE = {"W": "U", "R": "R", "G": "F", "Y": "D", "O": "L", "B": "B"}
FACES = "URFDLB"


def fail(msg):
    sys.exit(f"bigcube_peers.py: {msg}")


def to_peer_facelets(facelets, n):
    """twisty's facelets (face or colour letters) as 6·N² face letters."""
    if len(facelets) != 6 * n * n:
        fail(f"a facelet string of {len(facelets)} letters, not 6·{n}² = {6 * n * n}")
    letters = set(facelets)
    if letters <= set(FACES):
        return facelets
    if letters <= set(COLOUR_TO_FACE):
        return "".join(COLOUR_TO_FACE[c] for c in facelets)
    fail(f"facelet letters {''.join(sorted(letters))} are neither faces nor colours")


def prep(n, scrambles_path, out_dir):
    out = Path(out_dir)
    scr, states, peer = [], [], []
    for lineno, line in enumerate(Path(scrambles_path).read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            fail(f"{scrambles_path}:{lineno}: not JSON ({e})")
        facelets = rec.get("state")
        moves = rec.get("scramble")
        if not facelets or moves is None:
            fail(f"{scrambles_path}:{lineno}: no `state` or `scramble` in the scramble record")
        scr.append(" ".join(moves) if isinstance(moves, list) else str(moves))
        states.append(facelets)
        peer.append(to_peer_facelets(facelets, n))
    (out / "scrambles.txt").write_text("\n".join(scr) + "\n")
    (out / "states.txt").write_text("\n".join(states) + "\n")
    (out / "peer.txt").write_text("\n".join(peer) + "\n")


def twisty_out(batch_path, out_path):
    rows = []
    for line in Path(batch_path).read_text().splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        if "error" in rec:
            rows.append(f"ERROR\t{rec['error'].get('message', rec['error'])}")
            continue
        ms = 1000.0 * float(rec.get("search_seconds", 0.0))
        rows.append(f"{ms:.3f}\t{rec['solution']}\t{rec['length']}\t{rec.get('metric', '')}")
    Path(out_path).write_text("\n".join(rows) + "\n")


OUTER = re.compile(r"^([URFDLB]w?|[urfdlb]|[2-9][0-9]*[URFDLB]w|[2-9][0-9]*[urfdlb])(2|')?2?'?$")
INNER = re.compile(r"^([0-9]+[URFDLB]|[0-9]+-[0-9]+([URFDLB]w|[urfdlb])|[MES])(2|')?2?'?$")
ROTATION = re.compile(r"^[xyz](2|')?2?'?$")


def obtm(moves):
    """OBTM length of a move string in WCA / SiGN notation (see the module's docs)."""
    total = 0
    for tok in moves.split():
        if tok == ".":
            continue
        if ROTATION.match(tok):
            continue
        if OUTER.match(tok):
            total += 1
        elif INNER.match(tok):
            total += 2
        else:
            fail(f"cannot count the move `{tok}`")
    return total


def read_out(out_path):
    rows = []
    for line in Path(out_path).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        rows.append(parts)
    return rows


def check(twisty, n, out_dir, out_path):
    scrambles = (Path(out_dir) / "scrambles.txt").read_text().splitlines()
    rows = read_out(out_path)
    if len(rows) != len(scrambles):
        fail(f"{out_path}: {len(rows)} answers for {len(scrambles)} states")
    checked = []
    for i, (scr, row) in enumerate(zip(scrambles, rows), 1):
        if row[0] == "ERROR":
            checked.append(f"ERROR\t\t{row[1] if len(row) > 1 else ''}")
            continue
        sol = row[1].replace(" . ", " ").strip()
        length = obtm(sol)
        res = subprocess.run(
            [twisty, "show", "--puzzle", f"{n}x{n}", "--json", f"{scr} {sol}"],
            capture_output=True,
            text=True,
        )
        ok = False
        if res.returncode == 0:
            try:
                ok = bool(json.loads(res.stdout).get("solved"))
            except json.JSONDecodeError:
                ok = False
        checked.append(f"{'ok' if ok else 'FAIL'}\t{length}\t{res.stderr.strip()[:200]}")
        if not ok:
            print(f"  state {i}: the answer does not solve it: {sol}", file=sys.stderr)
    Path(out_path + ".checked").write_text("\n".join(checked) + "\n")


def drop_first(out_path):
    """Drops the warm-up answer (the first state, solved once before the measured ones)."""
    lines = Path(out_path).read_text().splitlines()
    for i, line in enumerate(lines):
        if line.strip() and not line.startswith("#"):
            lines[i] = "# warm-up\t" + line
            break
    Path(out_path).write_text("\n".join(lines) + "\n")


def summary(name, out_path, wall_s, oneshot_s, peak_kb, table_bytes, metric):
    rows = read_out(out_path)
    checked = [line.split("\t") for line in Path(out_path + ".checked").read_text().splitlines()]
    lengths = [int(c[1]) for c in checked if c[0] == "ok"]
    bad = sum(1 for c in checked if c[0] != "ok")
    times = [float(r[0]) for r in rows if r[0] != "ERROR"]
    if not lengths or not times:
        print(f"{name:10s} no answer checked solved ({bad} failed)")
        return
    startup = float(wall_s) - sum(times) / 1000
    rec = {
        "solver": name,
        "states": len(checked),
        "ok": len(lengths),
        "failed": bad,
        "mean": statistics.mean(lengths),
        "median": statistics.median(lengths),
        "max": max(lengths),
        "solve_mean_ms": statistics.mean(times),
        "solve_median_ms": statistics.median(times),
        "solve_max_ms": max(times),
        "startup_s": startup,
        "oneshot_s": float(oneshot_s),
        "table_mib": int(table_bytes) / 2**20,
        "peak_rss_mib": int(peak_kb) / 1024,
        "metric": metric,
    }
    with open(Path(out_path).parent / "summary.jsonl", "a") as f:
        f.write(json.dumps(rec) + "\n")
    print(
        f"{name:8s} {rec['states']:4d} states, {bad} failed | OBTM mean {rec['mean']:6.2f} "
        f"median {rec['median']:5.1f} max {rec['max']:4d} | per solve (tables loaded) mean "
        f"{rec['solve_mean_ms']:7.1f} ms, median {rec['solve_median_ms']:7.1f}, max "
        f"{rec['solve_max_ms']:7.1f} | start-up {startup:5.2f} s | one state per process "
        f"{rec['oneshot_s']:5.2f} s | tables {rec['table_mib']:6.1f} MiB on disk, peak RSS "
        f"{rec['peak_rss_mib']:6.1f} MiB | its metric: {metric}"
    )


def ratio(summary_path):
    recs = [json.loads(line) for line in Path(summary_path).read_text().splitlines() if line]
    if len(recs) < 2:
        return
    tw, peer = recs[0], recs[1]
    print(
        f"twisty / {peer['solver']}: mean OBTM {tw['mean'] / peer['mean']:.2f}x, median solve "
        f"time {tw['solve_median_ms'] / peer['solve_median_ms']:.2f}x, one state per process "
        f"{tw['oneshot_s'] / peer['oneshot_s']:.2f}x, tables on disk "
        f"{tw['table_mib'] / peer['table_mib']:.2f}x, peak RSS "
        f"{tw['peak_rss_mib'] / peer['peak_rss_mib']:.2f}x"
    )


def main(argv):
    if len(argv) < 2:
        fail("usage: see the module's docs")
    cmd = argv[1]
    if cmd == "prep" and len(argv) == 5:
        prep(int(argv[2]), argv[3], argv[4])
    elif cmd == "twisty-out" and len(argv) == 4:
        twisty_out(argv[2], argv[3])
    elif cmd == "check" and len(argv) == 6:
        check(argv[2], int(argv[3]), argv[4], argv[5])
    elif cmd == "drop-first" and len(argv) == 3:
        drop_first(argv[2])
    elif cmd == "summary" and len(argv) == 9:
        summary(*argv[2:])
    elif cmd == "ratio" and len(argv) == 3:
        ratio(argv[2])
    else:
        fail(f"bad arguments: {' '.join(argv[1:])} (see the module's docs)")


if __name__ == "__main__":
    main(sys.argv)
