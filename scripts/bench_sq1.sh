#!/usr/bin/env bash
# The Square-1's two-phase solver on random states: COUNT scrambles of the sq1 event
# (`twisty scramble --event sq1 --seed SEED --json`: uniformly random states at least 11 moves
# from solved, as TNoodle draws them), timed, then their state strings solved again one at a
# time (`twisty solve --puzzle sq1 --batch FILE --jobs 1`). Prints the machine's load, the
# scramble rate, the mean answer length in the twist metric with its distribution, and the
# mean and median search time per solve (the reports' `search_seconds`).
#
# Usage: scripts/bench_sq1.sh [COUNT] [SEED]   (default 1000, 1)
#   builds the release binary first (`cargo build --release -p twisty-cli`, honouring
#   CARGO_TARGET_DIR); TWISTY=path/to/twisty uses that binary instead and builds nothing.
set -euo pipefail
COUNT=${1:-1000}
SEED=${2:-1}
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${TWISTY:-}" ]; then
  (cd "$root" && cargo build --release --quiet -p twisty-cli)
  TWISTY="${CARGO_TARGET_DIR:-$root/target}/release/twisty"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "load before: $(uptime)"
start=$(date +%s.%N)
"$TWISTY" scramble --event sq1 --seed "$SEED" --count "$COUNT" --json >"$work/scrambles.jsonl"
end=$(date +%s.%N)
python3 -c 'import json,sys
for l in open(sys.argv[1]): print(json.loads(l)["state"])' "$work/scrambles.jsonl" >"$work/states.txt"
start2=$(date +%s.%N)
"$TWISTY" solve --puzzle sq1 --batch "$work/states.txt" --jobs 1 --json >"$work/answers.jsonl" 2>/dev/null
end2=$(date +%s.%N)
echo "load after: $(uptime)"
python3 - "$work/answers.jsonl" "$COUNT" "$(echo "$end - $start" | bc -l)" "$(echo "$end2 - $start2" | bc -l)" <<'PY'
import json, statistics, sys
from collections import Counter
rows = [json.loads(l) for l in open(sys.argv[1])]
count, scramble_s, batch_s = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
assert len(rows) == count and all(r.get("verified") for r in rows), "every answer verified"
lengths = [r["length"] for r in rows]
search = sorted(r["search_seconds"] for r in rows)
print(f"{count} scrambles in {scramble_s:.2f} s ({count / scramble_s:.1f}/s, {1000 * scramble_s / count:.1f} ms each, one process)")
print(f"{count} solves in {batch_s:.2f} s, one at a time ({1000 * batch_s / count:.1f} ms each with the process start)")
print(f"twist metric: mean {statistics.mean(lengths):.2f}, max {max(lengths)}; " +
      ", ".join(f"{k}: {v}" for k, v in sorted(Counter(lengths).items())))
print(f"search per solve: mean {1000 * statistics.mean(search):.1f} ms, median {1000 * statistics.median(search):.1f} ms, max {1000 * search[-1]:.1f} ms (the first includes building the tables)")
PY
