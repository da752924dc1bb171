#!/bin/sh
# Memory of the indexer at growth: fills a devnet with N events of the indexed streams
# (${LUCKY_BENCH_EVENTS:-1000000}; swaps, spins, burns, LUCKY transfers, miners over 30 days
# of block time; the filled chain is cached in ${LUCKY_BENCH_STATE:-$TMPDIR/lucky-bench-N.state}),
# serves it with `lucky devnet --state`, runs `lucky index` against it into a fresh SQLite
# index until it logs "caught up", and prints the indexer's resident memory then (VmRSS)
# and at its peak (VmHWM). The devnet runs in its own process so only the indexer is
# measured. Linux only (/proc).
set -eu
cd "$(dirname "$0")/.."
events=${LUCKY_BENCH_EVENTS:-1000000}
state=${LUCKY_BENCH_STATE:-${TMPDIR:-/tmp}/lucky-bench-$events.state}
port=${LUCKY_BENCH_PORT:-18191}
tmp=$(mktemp -d)
devnet= index=
trap 'kill $index $devnet 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$tmp"' EXIT
if [ ! -f "$state" ]; then
  LUCKY_BENCH_EVENTS=$events LUCKY_BENCH_STATE=$state \
    go test -run '^$' -bench BenchmarkFill -benchtime 1x -timeout 180m ./internal/indexer/ | grep -E 'filled|state:'
fi
go build -o "$tmp/lucky" ./cmd/lucky
cp "$state" "$tmp/chain.state" # the devnet saves its state at exit: keep the cached one as it is
"$tmp/lucky" devnet --state "$tmp/chain.state" --addr "127.0.0.1:$port" >"$tmp/devnet.log" 2>&1 &
devnet=$!
for _ in $(seq 600); do curl -sf "http://127.0.0.1:$port/rpc/v1/block" >/dev/null && break; sleep 0.2; done
"$tmp/lucky" index --network devnet --rpc "http://127.0.0.1:$port" --data-dir "$tmp/index" >"$tmp/index.log" 2>&1 &
index=$!
until grep -qs 'caught up' "$tmp/index.log"; do
  kill -0 "$index" 2>/dev/null || { cat "$tmp/index.log"; exit 1; }
  sleep 1
done
grep 'caught up' "$tmp/index.log"
echo "lucky index after $events events: $(grep -E '^(VmRSS|VmHWM)' "/proc/$index/status" | tr -s ' \t' ' ' | tr '\n' ' ')"
du -h "$tmp/index/devnet/index.db"
