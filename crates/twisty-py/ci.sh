#!/usr/bin/env bash
# Builds and tests the twisty Python package: a virtual environment under target/py-venv,
# the package installed from the repository with the `ray` extra, then pytest.
# Usage (from anywhere): crates/twisty-py/ci.sh [pytest arguments]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/target/py-venv"
python="${PYTHON:-python3}"
start=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
# The extension builds with cargo's dev profile (opt-level 2; users get the release profile,
# see pyproject.toml) into the workspace's target/, so a second run rebuilds only what changed.
export MATURIN_PEP517_ARGS="${MATURIN_PEP517_ARGS:---profile dev}"
"$venv/bin/python" -m pip install --quiet "$here[ray,test]"
cd "$here"
# The small tables the Rust tests built into the workspace's shared test directory.
export TWISTY_TEST_TABLES="${TWISTY_TEST_TABLES:-$root/target/tmp/shared-tables}"
"$venv/bin/python" -m pytest -q tests "$@"
echo "twisty-py ci: $(( $(date +%s) - start )) s"
