#!/bin/sh
# Hot reads: a bare net/http server answering 1.2 KB of JSON and `lucky serve` on the
# default devnet (the seeded week, index caught up), measured one after the other in one
# run by the same load: ${HOT_CLIENTS:-32} keep-alive clients for ${HOT_DURATION:-15s}
# each, asking for ${HOT_ENCODING:-gzip}; lucky is asked for the six routes every open
# page polls, in turn. Prints requests/s, p50 and p99 of each and lucky's share of the
# bare server's requests/s; fails on any error answer. HOT_LUCKY names a lucky binary to
# measure instead of building this tree's (an older build, to compare). See
# docs/figures.md "Hot reads".
set -eu
cd "$(dirname "$0")/.."
port=${HOT_PORT:-18401}
bare_port=${HOT_BARE_PORT:-18400}
base="http://127.0.0.1:$port"
tmp=$(mktemp -d)
server='' bare=''
cleanup() {
  # shellcheck disable=SC2086 # empty when not started
  kill $server $bare 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([0-9]*\).*/\1/p"; }

if [ -n "${HOT_LUCKY:-}" ]; then cp "$HOT_LUCKY" "$tmp/lucky"; else go build -o "$tmp/lucky" ./cmd/lucky; fi
go build -o "$tmp/hotreads" ./bench/hotreads
"$tmp/hotreads" -serve-bare "127.0.0.1:$bare_port" 2>"$tmp/bare.log" &
bare=$!
"$tmp/lucky" serve --addr "127.0.0.1:$port" >"$tmp/serve.out" 2>"$tmp/serve.log" &
server=$!
for _ in $(seq 600); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.1; done
indexed=''
for _ in $(seq 1200); do
  h=$(curl -sf "$base/api/v1/holders?limit=1" || true)
  indexed=$(printf '%s' "$h" | field indexedHeight) head=$(printf '%s' "$h" | field headHeight)
  [ -n "$indexed" ] && [ "$indexed" = "$head" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$tmp/serve.log"; exit 1; }
  sleep 0.1
done
echo "hot reads: lucky serve at $base, index caught up at block $indexed; bare server at 127.0.0.1:$bare_port"
"$tmp/hotreads" -bare "http://127.0.0.1:$bare_port" -lucky "$base" -c "${HOT_CLIENTS:-32}" \
  -d "${HOT_DURATION:-15s}" -encoding "${HOT_ENCODING:-gzip}"
