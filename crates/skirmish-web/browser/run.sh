#!/usr/bin/env bash
# Runs the page's browser tests: installs what is missing (Debian's chromium, playwright-core),
# builds `skirmish`, and runs page.test.mjs with node's test runner. Arguments go to
# `node --test` (e.g. --test-name-pattern=Silent).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"

# The browser: Debian's chromium, never one Playwright downloads.
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ "$chromium" != /usr/bin/chromium ]; then
    echo "run.sh: CHROMIUM=$chromium is not an executable" >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
export CHROMIUM="$chromium"

# playwright-core, as package-lock.json pins it; again only when node_modules is missing or
# older than the lock file.
cd "$here"
if [ ! -f node_modules/.package-lock.json ] || [ ! -d node_modules/playwright-core ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ] \
  || [ package.json -nt node_modules/.package-lock.json ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi

# The server, with the page's current assets compiled in.
(cd "$repo" && cargo build -q -p skirmish-cli)
target="${CARGO_TARGET_DIR:-$repo/target}"
case "$target" in
  /*) ;;
  *) target="$repo/$target" ;;
esac
export SKIRMISH_BIN="$target/debug/skirmish"

node --test "$@" "$here/page.test.mjs"
