#!/usr/bin/env bash
# Installs Debian's chromium when no Chromium is on PATH (the live view's browser tests,
# crates/live/tests/it/browser.rs, drive it headless). Needs root; CI runs as root.
set -euo pipefail
for name in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$name" >/dev/null 2>&1; then
    exit 0
  fi
done
if [ -n "${RENZOKU_CHROMIUM:-}" ] && [ -x "$RENZOKU_CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium: no chromium on PATH, and installing it needs root and apt-get" >&2
  exit 1
fi
echo "install-chromium: installing chromium (apt-get)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium >/dev/null
