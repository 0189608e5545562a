#!/usr/bin/env bash
# N×N×N reduction solver lengths and times (BENCHMARKS.md, "N×N×N cube: reduction solver"):
# runs the ignored benchmark test `reduction::tests::lengths` of twisty-solvers, which solves
# uniformly random states (N = 4, 5 and N ≥ 8) or random-move scrambles of the WCA lengths
# (N = 6: 80, N = 7: 100), replays and checks every answer, and prints mean / median / max
# OBTM, each stage's mean and the time per solve (books and two-phase tables built first).
# Usage: scripts/bench_cube_n.sh [N:count,...]   (default 4:100,5:50,6:10,7:10,10:1,33:1)
# PROFILE=release builds with the release profile (slow to build); default: the dev profile.
set -eu
SPEC=${1:-4:100,5:50,6:10,7:10,10:1,33:1}
PROFILE=${PROFILE:-dev}
uptime
CUBE_N_BENCH="$SPEC" cargo test --profile "$PROFILE" -p twisty-solvers --lib reduction::tests::lengths \
  -- --ignored --nocapture 2>&1 | grep -E "x[0-9]+x[0-9]+: "
uptime
