#!/bin/sh
# Installs Debian's Chromium for the widget's browser tests (vitest.browser.config.ts), which
# drive it through playwright-core at /usr/bin/chromium. Idempotent: does nothing when Chromium
# and the fonts are already there, so CI can run it on every job.
#
# fonts-liberation: --no-install-recommends drops it (chromium-common only recommends it), and
# without any font Chromium lays text out with zero-width glyphs, so clicks on text miss. The
# tests assert DOM text, not pixels, so CJK/emoji fonts (~100 MB) are not needed.
set -eu

CHROMIUM=/usr/bin/chromium
FONTS_DIR=/usr/share/fonts/truetype/liberation

if [ -x "$CHROMIUM" ] && [ -d "$FONTS_DIR" ]; then
  echo "install-chromium: already installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
# A mirror hiccup on a fresh CI machine should not fail the whole run: retry a few times.
attempt=1
until $SUDO apt-get update && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation; do
  if [ "$attempt" -ge 3 ]; then
    echo "install-chromium: apt-get failed $attempt times" >&2
    exit 1
  fi
  attempt=$((attempt + 1))
  sleep 10
done

echo "install-chromium: installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
