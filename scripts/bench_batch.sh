#!/usr/bin/env bash
# Batch solving rates and memory (BENCHMARKS.md, "Batch"): inputs made by `twisty scramble`,
# solved by `twisty solve --batch`, timed with /usr/bin/time (wall time, peak RSS).
# Usage: scripts/bench_batch.sh [WORKDIR]   (default: a temporary directory; tables in $T or
# a temporary cache). FULL=1 adds the 1,000,000-line run with an interruption and --resume.
set -eu
B=${B:-$(pwd)/target/release/twisty}
W=${1:-$(mktemp -d)}
T=${T:-$W/tables}
mkdir -p "$W" "$T"
cd "$W"
tw() { "$B" --tables-dir "$T" "$@"; }
states() { python3 -c "import sys,json; [print(json.loads(l)['state']) for l in sys.stdin]"; }
[ -s cube3_10k.txt ] || tw scramble --random-state --count 10000 --json --seed 1 | states > cube3_10k.txt
[ -s cube3_100k.txt ] || tw scramble --count 100000 --json --seed 2 | states > cube3_100k.txt
[ -s cube2_200k.txt ] || tw scramble -p 2x2 --random-state --count 200000 --json --seed 3 | states > cube2_200k.txt
# Warm the table cache.
echo "R U" | tw solve --batch - >/dev/null
echo "R U" | tw solve --solver thistlethwaite --batch - >/dev/null
echo "R U" | tw solve -p 2x2 --batch - >/dev/null
run() {
  local name="$1"; shift
  /usr/bin/time -f "%e s wall, %M KB peak RSS" -o time.txt "$B" --tables-dir "$T" "$@" \
    --output out.jsonl --summary-json 2>summary.json >/dev/null || true
  python3 - "$name" <<'PY'
import json, sys
s = json.loads(open("summary.json").read().strip().splitlines()[-1])
print(f"{sys.argv[1]:58s} {s['states_per_second']:10.0f} states/s  solved {s['solved']} failed {s['failed']}  mean {s['mean_length']:.2f}  max {s['max_length']}  ({open('time.txt').read().strip()})")
PY
}
# The default (short-answer pass to 12 moves, tens of ms per random state): 1,000 lines.
head -n 1000 cube3_10k.txt > cube3_1k.txt
run "two-phase (default), 1,000 random states, --jobs 1" solve --batch cube3_1k.txt --jobs 1
run "two-phase (default), 1,000 random states, --jobs 2" solve --batch cube3_1k.txt --jobs 2
run "two-phase short_depth=9, --jobs 1" solve --batch cube3_10k.txt --jobs 1 --option short_depth=9
run "two-phase short_depth=9, --jobs 2" solve --batch cube3_10k.txt --jobs 2 --option short_depth=9
run "two-phase short_depth=0, --jobs 1" solve --batch cube3_10k.txt --jobs 1 --option short_depth=0
run "two-phase short_depth=0, --jobs 2" solve --batch cube3_10k.txt --jobs 2 --option short_depth=0
run "thistlethwaite, 100,000 states, --jobs 1" solve --solver thistlethwaite --batch cube3_100k.txt --jobs 1
run "thistlethwaite, 100,000 states, --jobs 2" solve --solver thistlethwaite --batch cube3_100k.txt --jobs 2
run "2x2x2 optimal, 200,000 random states, --jobs 1" solve -p 2x2 --batch cube2_200k.txt --jobs 1
run "2x2x2 optimal, 200,000 random states, --jobs 2" solve -p 2x2 --batch cube2_200k.txt --jobs 2
# The in-process rate of the same solver for the per-line overhead (short pass 9 moves).
tw bench fast3x3 --count 10000 --seed 1 2>/dev/null | grep -i "two-phase" | head -3 || true
if [ -n "${FULL:-}" ]; then
  [ -s cube3_1m.txt ] || tw scramble --count 1000000 --seed 4 > cube3_1m.txt 2>/dev/null
  run "two-phase short_depth=0, 1,000,000 lines, --jobs 2" solve --batch cube3_1m.txt --jobs 2 --option short_depth=0
  # Interrupted after 20 s, then resumed: every line answered exactly once.
  rm -f resumed.jsonl
  "$B" --tables-dir "$T" solve --batch cube3_1m.txt --jobs 2 --option short_depth=0 --output resumed.jsonl 2>/dev/null &
  pid=$!; sleep 20; kill -INT "$pid"; wait "$pid" || true
  echo "interrupted after $(wc -l < resumed.jsonl) records"
  "$B" --tables-dir "$T" solve --batch cube3_1m.txt --jobs 2 --option short_depth=0 --output resumed.jsonl --resume 2>/dev/null || true
  python3 - <<'PY'
import json, collections
c = collections.Counter(json.loads(l)["line"] for l in open("resumed.jsonl"))
print(f"after --resume: {len(c)} distinct lines, {sum(c.values())} records, duplicates {sum(v > 1 for v in c.values())}, missing {1000000 - len(c)}")
PY
fi
uptime
