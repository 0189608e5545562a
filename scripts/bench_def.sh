#!/usr/bin/env bash
# Optimal solves of uniformly random states of puzzles given by a definition: for each
# puzzle, COUNT random-state scrambles (`twisty scramble --random-state`, fixed seed) solved by
# `twisty solve --batch` (the default optimal solver, tables built in memory first), then the
# batch summary (mean length, time per solve) and the machine's load.
# Usage: scripts/bench_def.sh [COUNT] [PUZZLE...]   (default 100 pyraminx skewb def:2x2x2)
# TWISTY=path/to/twisty (default: target/release/twisty, else target/debug/twisty).
set -eu
COUNT=${1:-100}
shift || true
PUZZLES=${*:-pyraminx skewb def:2x2x2}
root="$(cd "$(dirname "$0")/.." && pwd)"
TWISTY=${TWISTY:-$root/target/release/twisty}
[ -x "$TWISTY" ] || TWISTY=$root/target/debug/twisty
tables=$(mktemp -d)
trap 'rm -rf "$tables"' EXIT
uptime
for p in $PUZZLES; do
  echo "== $p: $COUNT random states"
  "$TWISTY" --tables-dir "$tables" scramble --puzzle "$p" --random-state --count "$COUNT" --seed 1 2>/dev/null \
    | "$TWISTY" --tables-dir "$tables" solve --puzzle "$p" --batch - > /dev/null
done
uptime
