#!/usr/bin/env bash
# Builds the engine for the browser: crates/twisty-wasm for wasm32-unknown-unknown, then
# wasm-bindgen's JavaScript glue, into
#   target/wasm/site  the web page as static files (any static server: 
#                     python3 -m http.server -d target/wasm/site 8000)
#   target/wasm/node  the module for Node (crates/twisty-wasm/tests/node_api.mjs)
# and prints the sizes (raw and gzipped).
#
# Needs the rustup target wasm32-unknown-unknown and wasm-bindgen-cli of exactly the version
# of the wasm-bindgen crate pinned in crates/twisty-wasm/Cargo.toml. `--install` installs
# either when missing (rustup target add; cargo install). When a tool is missing and cannot
# be installed, the script prints why and exits with status 3, so a caller (CI) can skip.
# `--profile P` builds with another Cargo profile (default: release).
# wasm-opt (binaryen), when on PATH, shrinks the module further (-O3).
set -euo pipefail
cd "$(dirname "$0")/.."

install=0
profile=release
while [[ $# -gt 0 ]]; do
    case "$1" in
        --install) install=1 ;;
        --profile) profile="$2"; shift ;;
        *) echo "build_wasm.sh: unknown argument $1 (--install, --profile P)" >&2; exit 2 ;;
    esac
    shift
done

version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/twisty-wasm/Cargo.toml)
if [[ -z "$version" ]]; then
    echo "build_wasm.sh: no pinned wasm-bindgen version in crates/twisty-wasm/Cargo.toml" >&2
    exit 2
fi

missing() { echo "build_wasm.sh: $1" >&2; exit 3; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    if [[ $install == 1 ]]; then
        rustup target add wasm32-unknown-unknown >/dev/null 2>&1 \
            || missing "the rustup target wasm32-unknown-unknown is not installed and \`rustup target add wasm32-unknown-unknown\` failed (no network to the Rust distribution server?)"
    else
        missing "the rustup target wasm32-unknown-unknown is not installed (rustup target add wasm32-unknown-unknown, or pass --install)"
    fi
fi

have_bindgen() { command -v wasm-bindgen >/dev/null 2>&1 && [[ "$(wasm-bindgen --version)" == "wasm-bindgen $version" ]]; }
if ! have_bindgen; then
    if [[ $install == 1 ]]; then
        # Not --locked: the tool's lock file can name crate versions a registry mirror lacks.
        # --debug: it compiles in half the time and runs in seconds on this module.
        cargo install --quiet --debug wasm-bindgen-cli --version "$version" >/dev/null 2>&1 \
            || missing "wasm-bindgen-cli $version is not installed and \`cargo install wasm-bindgen-cli --version $version\` failed"
        have_bindgen || missing "wasm-bindgen $version is not first on PATH after installing it (found: $(wasm-bindgen --version 2>&1))"
    else
        missing "wasm-bindgen-cli $version is needed (cargo install wasm-bindgen-cli --version $version, or pass --install); found: $(wasm-bindgen --version 2>/dev/null || echo none)"
    fi
fi

cargo build --quiet -p twisty-wasm --target wasm32-unknown-unknown --profile "$profile"
dir=$profile
[[ $profile == dev ]] && dir=debug
module="target/wasm32-unknown-unknown/$dir/twisty_wasm.wasm"

out=target/wasm
rm -rf "$out"
mkdir -p "$out/site/pkg" "$out/node"
wasm-bindgen --target web --no-typescript --out-dir "$out/site/pkg" "$module"
wasm-bindgen --target nodejs --no-typescript --out-dir "$out/node" "$module"
if command -v wasm-opt >/dev/null 2>&1; then
    for f in "$out/site/pkg/twisty_wasm_bg.wasm" "$out/node/twisty_wasm_bg.wasm"; do
        wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
            --enable-mutable-globals "$f" -o "$f.opt" && mv "$f.opt" "$f"
    done
fi
# The page itself: the same files `twisty serve` serves.
cp -r crates/twisty-web/assets/. "$out/site/"

wasm="$out/site/pkg/twisty_wasm_bg.wasm"
raw=$(wc -c < "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "twisty-wasm: $wasm: $raw bytes, $gz gzipped ($(( gz / 1024 )) KiB)"
echo "static site: $out/site (serve it: python3 -m http.server -d $out/site 8000)"
