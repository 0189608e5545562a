#!/usr/bin/env bash
# The default path end to end (BENCHMARKS.md, "Default path"): every puzzle's default solver
# with default options and its tables in the cache, as a new user runs it.
#
# - one solve: process start to answer of `twisty solve SCRAMBLE` (wall time from the shell,
#   mean and max), and the answers' mean length, over random-state scrambles;
# - `twisty solve "R U R' U' F2 D"`: wall time and peak RSS (with the large two-phase tables
#   in the cache when LARGE=1 built them);
# - a batch: `twisty scramble --random-state --count N | twisty solve --batch -` states/s on
#   one and two jobs, mean length;
# - Python's `twisty.solve_many` on the same states when the package imports (else skipped).
#
# Usage: scripts/bench_default.sh [WORKDIR]   (default: a temporary directory; tables in $T
# or WORKDIR/tables). B=binary (default target/release/twisty), SINGLE=100 single solves of
# the 3x3x3 (20 of the others), BATCH=20000 3x3x3 batch states, LARGE=1 builds the large
# two-phase tables first (576 MiB, about 10 s).
set -eu
B=${B:-$(pwd)/target/release/twisty}
W=${1:-$(mktemp -d)}
T=${T:-$W/tables}
SINGLE=${SINGLE:-100}
BATCH=${BATCH:-20000}
mkdir -p "$W" "$T"
cd "$W"
tw() { "$B" --tables-dir "$T" "$@"; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "load before: $(uptime)"
echo "binary: $B"
# The tables of every default solver in the cache (the Kilominx fast solver's: 123 MiB).
tw tables build --puzzle kilominx --heuristic fast >/dev/null 2>&1 || true
if [ -n "${LARGE:-}" ]; then
  tw tables build --heuristic two-phase-large >/dev/null 2>&1 || true
fi
echo "R U" | tw solve --batch - >/dev/null 2>&1 || true
echo "R U" | tw solve -p 2x2 --batch - >/dev/null 2>&1 || true
echo "U" | tw solve -p kilominx --batch - >/dev/null 2>&1 || true

# One solve per process: wall time (start to answer) and length, over `count` scrambles.
single() {
  local puzzle="$1" count="$2" kind="${3:---random-state}"
  tw scramble -p "$puzzle" $kind --count "$count" --seed 11 2>/dev/null > "single_$puzzle.txt"
  python3 - "$B" "$T" "$puzzle" "single_$puzzle.txt" <<'PY'
import json, subprocess, sys, time
b, t, puzzle, path = sys.argv[1:]
walls, lengths, inverse, budget = [], [], 0, None
for line in open(path):
    s = line.strip()
    if not s:
        continue
    t0 = time.perf_counter()
    out = subprocess.run([b, "--tables-dir", t, "solve", "-p", puzzle, "--json", s],
                         check=True, capture_output=True, text=True).stdout
    walls.append(time.perf_counter() - t0)
    r = json.loads(out)
    lengths.append(r["length"])
    inverse += "answer" in r["details"]
    budget = r["details"].get("options", {}).get("budget", budget)
walls.sort()
n = len(walls)
print(f"{puzzle:10s} one solve, {n} scrambles: wall mean {1000 * sum(walls) / n:.1f} ms, "
      f"median {1000 * walls[n // 2]:.1f} ms, max {1000 * walls[-1]:.1f} ms; length mean {sum(lengths) / n:.2f}, "
      f"max {max(lengths)}; answered with the input's inverse: {inverse}; budget option {budget}")
PY
}
single 3x3 "$SINGLE"
single 2x2 $(( SINGLE < 20 ? SINGLE : 20 ))
single kilominx $(( SINGLE < 20 ? SINGLE : 20 ))
# The supercube has no random-state scrambles: its usual random-move length.
single supercube:3 $(( SINGLE < 5 ? SINGLE : 5 )) "" || true

# The short input with the tables cached: wall time and peak memory.
for _ in 1 2 3; do
  /usr/bin/time -f "%e s wall, %M KB peak RSS" "$B" --tables-dir "$T" solve "R U R' U' F2 D" 2>&1 >/dev/null | tail -1
done | sed 's/^/3x3 "R U R'"'"' U'"'"' F2 D": /'

# Batches: states per second on one and two jobs.
batch() {
  local puzzle="$1" count="$2" jobs="$3"
  [ -s "batch_${puzzle}_$count.txt" ] || tw scramble -p "$puzzle" --random-state --count "$count" --seed 12 2>/dev/null > "batch_${puzzle}_$count.txt"
  /usr/bin/time -f "%e s wall, %M KB peak RSS" -o time.txt "$B" --tables-dir "$T" solve -p "$puzzle" \
    --batch "batch_${puzzle}_$count.txt" --jobs "$jobs" --output /dev/null --summary-json 2>summary.json || true
  python3 - "$puzzle" "$count" "$jobs" <<'PY'
import json, sys
s = json.loads(open("summary.json").read().strip().splitlines()[-1])
puzzle, count, jobs = sys.argv[1:]
print(f"{puzzle:10s} --batch, {count} random-state scrambles, --jobs {jobs}: {s['states_per_second']:.0f} states/s, "
      f"mean length {s['mean_length']:.2f}, max {s['max_length']}, failed {s['failed']} ({open('time.txt').read().strip()})")
PY
}
for j in 1 2; do batch 3x3 "$BATCH" "$j"; done
for j in 1 2; do batch 2x2 $(( BATCH * 5 )) "$j"; done
for j in 1 2; do batch kilominx 20 "$j"; done

# Python's solve_many on the same 3x3x3 states as the batch.
if python3 -c "import twisty" 2>/dev/null; then
  TWISTY_TABLES="$T" python3 - "batch_3x3_$BATCH.txt" <<'PY'
import sys, time, twisty
states = [l.strip() for l in open(sys.argv[1]) if l.strip()]
twisty.solve_many(states[:10], jobs=1)
for jobs in (1, 2):
    t0 = time.perf_counter()
    rs = list(twisty.solve_many(states, jobs=jobs))
    dt = time.perf_counter() - t0
    print(f"python solve_many, {len(states)} states, jobs={jobs}: {len(states) / dt:.0f} states/s, "
          f"mean length {sum(r.length for r in rs) / len(rs):.2f}")
PY
else
  echo "python: the twisty package does not import here; solve_many skipped (build it with crates/twisty-py/ci.sh)"
fi
echo "load after: $(uptime)"
