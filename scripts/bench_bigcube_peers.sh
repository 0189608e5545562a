#!/usr/bin/env bash
# twisty's 4x4x4 and 5x5x5 reduction side by side with cs0x7f's TPR-4x4x4-Solver and cube555
# (BENCHMARKS.md, "Big cubes: side by side with TPR and cube555"), in one run on the same
# uniformly random states (`twisty scramble --puzzle NxN --random-state --json`).
#
# Usage: scripts/bench_bigcube_peers.sh [COUNT4 [COUNT5]]   (default 100 30; 0 skips a size)
# Environment:
#   TPR=DIR      a built TPR-4x4x4-Solver (threephase.jar and twophase.jar in DIR), or unset
#   CUBE555=DIR  a built cube555 (dist/cube555.jar and lib/twophase.jar in DIR), or unset
#   B=PATH       the twisty binary (default: $CARGO_TARGET_DIR/release/twisty, else
#                target/release/twisty); this script builds nothing
#   W=DIR        work directory (default: a new temporary one); T=DIR table cache (default
#                $W/tables, so its size is what these runs use); SEED (default 1);
#                ONESHOT=K one-state runs per solver for the time with start-up (default 3);
#                JAVA_OPTS for the peers' JVM (default none: the JVM's own heap limit)
# The peers are not part of this repository and are never built here: fetch and build them
# elsewhere and point TPR / CUBE555 at them; a peer not given is skipped with a message.
# They keep their table files in their own directory (written on their first run) and run
# through scripts/peers/*.java (Java 11+ source launcher, one JVM for all states).
#
# Every answer, twisty's and each peer's, is replayed after its scramble with `twisty show
# --json` and must leave the cube solved. Lengths are OBTM for all three (see
# scripts/bigcube_peers.py). Per solver: mean / median / max OBTM; time per solve in the
# process (tables loaded) and one state per process (start-up and table loading included);
# the table files on disk and the peak RSS of the run.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
C4=${1:-100}
C5=${2:-30}
if [ -z "${B:-}" ]; then
  if [ -n "${CARGO_TARGET_DIR:-}" ]; then B=$CARGO_TARGET_DIR/release/twisty; else B=$ROOT/target/release/twisty; fi
fi
[ -x "$B" ] || { echo "no twisty binary at $B (build it: cargo build --release -p twisty-cli, or set B)" >&2; exit 1; }
W=${W:-$(mktemp -d)}
T=${T:-$W/tables}
SEED=${SEED:-1}
ONESHOT=${ONESHOT:-3}
JAVA_OPTS=${JAVA_OPTS:-}
PY="python3 $HERE/bigcube_peers.py"
mkdir -p "$W" "$T"
tw() { "$B" --tables-dir "$T" "$@"; }
# /usr/bin/time's peak RSS (KB) and wall seconds of a command, written to $1.
timed() { local f="$1"; shift; /usr/bin/time -f "%M %e" -o "$f" "$@"; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "twisty: $B ($("$B" --version 2>/dev/null || echo '?')); java: $(java -version 2>&1 | head -1)"
echo "work directory: $W; seed $SEED"
echo "load before: $(uptime)"

# One-state-per-process wall times (mean of ONESHOT runs, seconds) of the command "$@" fed
# with line i of the file $1.
oneshot() {
  local input="$1"; shift
  local total=0 i
  for i in $(seq 1 "$ONESHOT"); do
    sed -n "${i}p" "$input" > "$W/one.txt"
    timed "$W/one.time" "$@" < "$W/one.txt" > /dev/null 2>&1
    total=$(awk -v a="$total" -v b="$(cut -d' ' -f2 "$W/one.time")" 'BEGIN { print a + b }')
  done
  awk -v t="$total" -v k="$ONESHOT" 'BEGIN { printf "%.2f", t / k }'
}

file_bytes() { local s=0 f; for f in "$@"; do [ -f "$f" ] && s=$((s + $(stat -c %s "$f"))); done; echo "$s"; }

run_size() {
  local n="$1" count="$2" d="$W/n$1"
  [ "$count" -gt 0 ] || return 0
  mkdir -p "$d"
  rm -f "$d/summary.jsonl"
  echo
  echo "== ${n}x${n}x${n}: $count uniformly random states =="
  tw scramble --puzzle "${n}x${n}" --random-state --json --count "$count" --seed "$SEED" > "$d/scrambles.jsonl"
  $PY prep "$n" "$d/scrambles.jsonl" "$d"
  # Every run solves the first state once more before the measured ones (a warm-up: twisty
  # builds its 3-cycle books in its first solve, the JVM compiles the peers' code); that
  # answer is dropped and its time counts as start-up.
  { head -1 "$d/states.txt"; cat "$d/states.txt"; } > "$d/run_states.txt"
  { head -1 "$d/peer.txt"; cat "$d/peer.txt"; } > "$d/run_peer.txt"

  # twisty: tables built (or mapped) by a first solve, then one batch of all states, one job.
  tw solve --puzzle "${n}x${n}" --facelets "$(head -1 "$d/states.txt")" > /dev/null
  timed "$d/twisty.time" "$B" --tables-dir "$T" solve --puzzle "${n}x${n}" --batch "$d/run_states.txt" \
    --jobs 1 --output "$d/twisty.jsonl" > /dev/null 2>"$d/twisty.err" || true
  $PY twisty-out "$d/twisty.jsonl" "$d/twisty.out"
  $PY drop-first "$d/twisty.out"
  local os
  os=$(oneshot "$d/states.txt" "$B" --tables-dir "$T" solve --puzzle "${n}x${n}")
  $PY check "$B" "$n" "$d" "$d/twisty.out"
  $PY summary twisty "$d/twisty.out" "$(cut -d' ' -f2 "$d/twisty.time")" "$os" \
    "$(cut -d' ' -f1 "$d/twisty.time")" "$(du -sb "$T" | cut -f1)" \
    "$(awk -F'\t' '!/^#/ { print $4; exit }' "$d/twisty.out") (twisty's report)"

  local peer dir cp src metric tables
  if [ "$n" = 4 ]; then
    peer=TPR; dir=${TPR:-}; cp="threephase.jar:twophase.jar"; src="$HERE/peers/TprBatch.java"
    metric="moves, Uw counting 1 (its README: face turns) = OBTM"
  else
    peer=cube555; dir=${CUBE555:-}; cp="dist/cube555.jar:lib/twophase.jar"; src="$HERE/peers/Cube555Batch.java"
    metric="moves, r (2 layers) counting 1, + its 3x3x3 stage (min2phase) = OBTM"
  fi
  if [ -z "$dir" ] || [ ! -d "$dir" ]; then
    echo "$peer: skipped (set $(echo "$peer" | tr '[:lower:]' '[:upper:]')=DIR to a built copy of it)"
    return 0
  fi
  # The peer's tables: written on its first run, loaded from its directory after.
  (cd "$dir" && java $JAVA_OPTS -cp "$cp" "$src" < /dev/null > /dev/null 2>&1)
  (cd "$dir" && timed "$d/peer.time" java $JAVA_OPTS -cp "$cp" "$src" < "$d/run_peer.txt" > "$d/peer.out" 2>"$d/peer.err")
  $PY drop-first "$d/peer.out"
  os=$(cd "$dir" && oneshot "$d/peer.txt" java $JAVA_OPTS -cp "$cp" "$src")
  if [ "$peer" = TPR ]; then
    tables=$(file_bytes "$dir/threephase.data" "$dir/twophase.data")
  else
    tables=$(file_bytes "$dir"/*.jhdata "$dir"/*.jpdata)
  fi
  $PY check "$B" "$n" "$d" "$d/peer.out"
  $PY summary "$peer" "$d/peer.out" "$(cut -d' ' -f2 "$d/peer.time")" "$os" \
    "$(cut -d' ' -f1 "$d/peer.time")" "$tables" "$metric"
  $PY ratio "$d/summary.jsonl"
}

run_size 4 "$C4"
run_size 5 "$C5"
echo
echo "load after: $(uptime)"
