#!/usr/bin/env bash
# The engine in the browser beside the server, in one run: the WebAssembly module's size, then
# for the 2x2x2, the 3x3x3 and the Kilominx the time to a scramble and to its first answer
# from cold (no tables) and warm, through the module in Node (scripts/build_wasm.sh's
# target/wasm/node, as the page's worker runs it) and through `twisty serve` on an empty
# table directory (the same requests over HTTP).
#
#   B=target/release/twisty scripts/bench_wasm.sh
#
# Headless Chromium figures (the static page itself) come from the browser test:
#   TWISTY_WASM_SITE=target/wasm/site cargo test -p twisty-web --test browser -- static_page --nocapture
set -euo pipefail
cd "$(dirname "$0")/.."
B="${B:-target/release/twisty}"
wasm=target/wasm/site/pkg/twisty_wasm_bg.wasm
[[ -f $wasm ]] || { echo "bench_wasm.sh: no $wasm: run scripts/build_wasm.sh first" >&2; exit 2; }
[[ -x $B ]] || { echo "bench_wasm.sh: no twisty binary at $B (set B=…)" >&2; exit 2; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "module: $(wc -c < "$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped"

echo "== WebAssembly in Node ($(node --version))"
node crates/twisty-wasm/tests/node_api.mjs target/wasm/node | grep -E "scramble \(|cold|warm|peak"

echo "== twisty serve, empty table directory"
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$B" serve --port "$port" --tables-dir "$dir" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
python3 - "$port" <<'PY'
import json, sys, time, urllib.error, urllib.request

base = f"http://127.0.0.1:{sys.argv[1]}"

def call(path, body=None):
    """The answer, waiting out 503s (tables built in the background) as the page does."""
    while True:
        req = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=600) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code != 503:
                raise
            time.sleep(float(e.headers.get("retry-after") or 1))

for puzzle in ["2x2x2", "3x3x3", "kilominx"]:
    t0 = time.time()
    scramble = call(f"/api/scramble?puzzle={puzzle}&seed=7")["scramble"]
    t1 = time.time()
    body = {"puzzle": puzzle, "moves": scramble, "time_limit": 60}
    first = call("/api/solve", body)
    t2 = time.time()
    call("/api/solve", body)
    t3 = time.time()
    print(f"{puzzle}: scramble {1000 * (t1 - t0):.0f} ms, first answer {1000 * (t2 - t1):.0f} ms "
          f"({first['length']} moves), warm {1000 * (t3 - t2):.0f} ms")
PY
