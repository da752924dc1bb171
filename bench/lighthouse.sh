#!/bin/sh
# Lighthouse, mobile, with Debian Chromium, 3 runs per page (LH_RUNS), medians printed: the
# app's main routes on bin/lucky (a devnet), and a bare Vite + React page as the control, in
# the same run, so a slow machine shows in the control too. Builds nothing of the app: run
# `make build` first (the binary embeds web/dist). Fails when a route's median is below 0.98
# performance or accessibility, above 50 ms total blocking time or 0.01 layout shift, or its
# largest contentful paint above 1.3 times the control's, or when a run fails twice (a failed
# run, such as Lighthouse's NO_NAVSTART, is retried once).
set -eu
cd "$(dirname "$0")/.."
if [ ! -x bin/lucky ] || [ ! -f web/dist/index.html ]; then
  echo "bench/lighthouse.sh: no build; run make build first" >&2
  exit 1
fi
tmp=$(mktemp -d)
pid=
trap 'if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$tmp"' EXIT
# The control is built from bench/lighthouse-control with the app's own Vite and React.
cp -r bench/lighthouse-control "$tmp/control"
ln -s "$PWD/web/node_modules" "$tmp/control/node_modules"
(cd "$tmp/control" && node_modules/.bin/vite build --logLevel warn)
port=${LH_PORT:-18090}
bin/lucky serve --addr "127.0.0.1:$port" >"$tmp/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"
urls=
for route in ${LH_ROUTES:-/ /swap /stats /slots /burn}; do urls="$urls $base$route"; done
# shellcheck disable=SC2086 # one argument per URL
node web/scripts/lighthouse.mjs --runs "${LH_RUNS:-3}" --control "$tmp/control/dist" $urls
