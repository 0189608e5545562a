#!/usr/bin/env bash
# README.md's console examples as tests: builds the `twisty` binary (debug, as the tests do)
# and runs every console block that needs no big table (scripts/check_readme.py), over the
# tests' shared table directory (target/tmp/shared-tables). `--all` also runs the blocks
# marked `<!-- readme-check: ignored (…) -->` (big tables, long runs); other arguments go to
# the checker (e.g. `--only "bench fast3x3"`, `--twisty target/release/twisty`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ " $* " != *" --twisty "* ]]; then
    cargo build --quiet -p twisty-cli
    set -- --twisty target/debug/twisty "$@"
fi
# The tables over 100 MiB that the blocks run in CI need (the Kilominx fast solver's), built
# once into the shared directory if the tests have not left them there.
TWISTY_TABLES=target/tmp/shared-tables target/debug/twisty tables build --puzzle kilominx --heuristic fast >/dev/null 2>&1 || true
exec python3 scripts/check_readme.py "$@"
