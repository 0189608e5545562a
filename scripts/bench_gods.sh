#!/usr/bin/env bash
# God's algorithm side by side with twsearch (`twsearch -g`, C++ branch forked-cpp-main,
# built outside the repository): for each definition file, both programs in the same run,
# their distance counts compared (they must be identical) and their wall times.
# Usage: scripts/bench_gods.sh [FILE...]
#   default: the library's 2x2x2.tws and pyraminx.tws (twsearch reads them) and twsearch's
#   own samples/main/skewb.tws (twsearch's index of the library's skewb.tws, whose centres
#   have four ignored orientations, is too large to run here).
# TWISTY=path/to/twisty (default: target/release/twisty), TWSEARCH=path/to/twsearch
# (default: /work/peers/twsearch/build/bin/twsearch).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
TWISTY=${TWISTY:-$root/target/release/twisty}
TWSEARCH=${TWSEARCH:-/work/peers/twsearch/build/bin/twsearch}
TWS_DIR=$(dirname "$(dirname "$(dirname "$TWSEARCH")")")
defs="$root/crates/twisty-core/definitions"
FILES=${*:-$defs/2x2x2.tws $defs/pyraminx.tws $TWS_DIR/samples/main/skewb.tws}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
uptime
printf '%-28s %12s %10s %10s %7s %s\n' file states twisty_s twsearch_s ratio counts
for f in $FILES; do
  name=$(basename "$f")
  t0=$(now)
  "$TWISTY" gods --puzzle "def:$f" --json > "$tmp/twisty.json" 2>/dev/null
  t1=$(now)
  "$TWSEARCH" -g "$f" > "$tmp/twsearch.txt" 2>&1
  t2=$(now)
  python3 - "$tmp/twisty.json" "$tmp/twsearch.txt" "$name" "$t0" "$t1" "$t2" <<'PY'
import json, re, sys
tw = json.load(open(sys.argv[1]))
ours = [d["count"] for d in tw["depths"]]
theirs = []
for line in open(sys.argv[2]):
    m = re.match(r"Dist (\d+) cnt (\d+) ", line)
    if m and int(m.group(2)) > 0:
        theirs.append(int(m.group(2)))
t0, t1, t2 = map(float, sys.argv[4:7])
a, b = t1 - t0, t2 - t1
same = "identical" if ours == theirs else f"DIFFER: twisty {ours} twsearch {theirs}"
print(f"{sys.argv[3]:<28} {tw['states']:>12} {a:>10.2f} {b:>10.2f} {a / b:>7.2f} {same}")
PY
done
uptime
