#!/usr/bin/env bash
# End-to-end process times with a warm table cache: median of 20 runs each.
set -u
B=${B:-target/release/twisty}
T=${T:-$(mktemp -d)}
mkdir -p "$T"
# Warm the cache (builds the tables once).
"$B" --tables-dir "$T" solve --solver thistlethwaite "R U F" >/dev/null 2>&1
"$B" --tables-dir "$T" solve "R U F" >/dev/null 2>&1
"$B" --tables-dir "$T" solve --puzzle kilominx --timeout 0.01 "R U F" >/dev/null 2>&1
"$B" --tables-dir "$T" solve --puzzle 2x2 "R U F" >/dev/null 2>&1
run() {
  local name="$1"; shift
  python3 - "$name" "$B" "$T" "$@" <<'PY'
import subprocess, sys, time, statistics
name, b, t, *args = sys.argv[1:]
ts = []
for _ in range(20):
    s = time.perf_counter()
    subprocess.run([b, "--tables-dir", t] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    ts.append((time.perf_counter() - s) * 1e3)
print(f"{name:55s} median {statistics.median(ts):7.1f} ms  min {min(ts):7.1f}  max {max(ts):7.1f}")
PY
}
run 'solve --solver thistlethwaite "R U F"' solve --solver thistlethwaite "R U F"
run 'solve "R U F" (two-phase)' solve "R U F"
run 'solve --option short_depth=0 "R U F" (two-phase)' solve --option short_depth=0 "R U F"
run 'solve --puzzle kilominx --timeout 0.01 "R U F"' solve --puzzle kilominx --timeout 0.01 "R U F"
run 'solve --puzzle 2x2 "R U F"' solve --puzzle 2x2 "R U F"
# The optimal solver's `best` table (2.4 GiB) is built only on request: OPTIMAL=1 with T a
# cache that holds it (`twisty tables build --puzzle 3x3 --heuristic best --tables-dir T`).
if [ -n "${OPTIMAL:-}" ]; then
  S12="R U F' L2 D B' R2 U' F D2 L' B"
  run "solve --solver optimal \"$S12\"" solve --solver optimal "$S12"
fi
uptime
