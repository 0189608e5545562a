#!/usr/bin/env bash
# Real-browser test of the web page (headless Chromium over WebDriver).
# Needs: apt-get install -y chromium chromium-driver
# Screenshots (375 px and 1440 px wide) go to $TWISTY_BROWSER_OUT (default target/tmp/browser).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "browser test SKIPPED: chromium and chromedriver are not installed (apt-get install -y chromium chromium-driver)"
  exit 0
fi
exec cargo test -p twisty-web --test browser -- --nocapture
