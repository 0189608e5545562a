#!/usr/bin/env bash
# Scrambles per second per core for every WCA event twisty scrambles: for each event,
# `twisty scramble --event E --count N --threads 1 --seed 1` timed (wall clock), N doubled
# from 4 until a run takes SECONDS seconds more than one scramble does; the rate is
# (N - 1) / (t(N) - t(1)), which leaves out the process's start and table loading (t(1),
# shown). Tables are built first (a warm-up
# scramble per event, not timed) in a temporary directory of their own.
# Prints the machine's load before and after and a Markdown table.
#
# Usage: scripts/bench_events.sh [SECONDS] [EVENT...]   (default 3, every event)
#   builds the release binary first (`cargo build --release -p twisty-cli`, honouring
#   CARGO_TARGET_DIR); TWISTY=path/to/twisty uses that binary instead and builds nothing.
set -euo pipefail
SECONDS_PER_EVENT=${1:-3}
shift || true
EVENTS=${*:-222 333 333oh 333ft 333bf 333mbf 333fm 444 444bf 555 555bf 666 777 pyram skewb minx clock}
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${TWISTY:-}" ]; then
  (cd "$root" && cargo build --release --quiet -p twisty-cli)
  TWISTY="${CARGO_TARGET_DIR:-$root/target}/release/twisty"
fi
tables=$(mktemp -d)
trap 'rm -rf "$tables"' EXIT

now() { date +%s.%N; }
# Seconds taken by `twisty scramble --event $1 --count $2`.
run() {
  local start end
  start=$(now)
  "$TWISTY" --tables-dir "$tables" --threads 1 scramble --event "$1" --count "$2" --seed 1 \
    >/dev/null 2>&1
  end=$(now)
  echo "$end - $start" | bc -l
}

echo "load before: $(uptime)"
rows=()
for e in $EVENTS; do
  run "$e" 1 >/dev/null # tables built (or loaded) here, not timed
  # One scramble: the process's start and table loading (+ one scramble).
  one=$(run "$e" 1)
  # Doubled until a run takes SECONDS_PER_EVENT more than that (at most 1,000,000); the rate
  # leaves the start out: (n - 1) / (t(n) - t(1)).
  n=4
  while :; do
    t=$(run "$e" "$n")
    if [ "$(echo "$t - $one >= $SECONDS_PER_EVENT || $n >= 1000000" | bc -l)" = 1 ]; then break; fi
    n=$((n * 2))
  done
  rate=$(echo "($n - 1) / ($t - $one)" | bc -l)
  rows+=("$(printf '| `%s` | %d | %.2f | %.2f | %.1f | %.3f |' "$e" "$n" "$t" "$one" "$rate" "$(echo "1000 / $rate" | bc -l)")")
  echo "$e: $n scrambles in $t s (one: $one s)" >&2
done
echo "load after: $(uptime)"
echo
echo "| event | scrambles | seconds | start + 1 scramble (s) | scrambles/s (1 core) | ms/scramble |"
echo "|---|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
