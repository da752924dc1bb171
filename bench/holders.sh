#!/bin/sh
# Holder reads at growth: fills an index with N synthetic LUCKY holders (bench/fill-holders,
# through the indexer's own write path), serves it with `lucky serve --no-index`, and prints
# the p50 and p99 of /api/v1/holders and /api/v1/market/lucky, for each N in
# ${LUCKY_BENCH_HOLDERS:-1000 1000000}. The count is kept as the index writes and the top
# holders come from an index, so the figures (and the server's RSS) should not grow with N.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT
pid=
go build -o "$tmp/lucky" ./cmd/lucky
go build -o "$tmp/fill-holders" ./bench/fill-holders
go build -o "$tmp/p50" ./bench/p50
port=${LUCKY_BENCH_PORT:-18190}
for n in ${LUCKY_BENCH_HOLDERS:-1000 1000000}; do
  dir="$tmp/holders-$n"
  "$tmp/fill-holders" --data-dir "$dir" --holders "$n"
  "$tmp/lucky" serve --data-dir "$dir" --no-index --addr "127.0.0.1:$port" >"$tmp/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  echo "holders: $n"
  "$tmp/p50" -n 500 "http://127.0.0.1:$port/api/v1/holders?limit=20" "http://127.0.0.1:$port/api/v1/market/lucky"
  # The server's memory after serving them (Linux): it should not grow with N either.
  [ -r "/proc/$pid/status" ] && grep -E '^(VmRSS|VmHWM)' "/proc/$pid/status" | tr -s ' \t' ' '
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
