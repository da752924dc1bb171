#!/bin/sh
# Backfill at mainnet speed: builds a devnet chain of ${LUCKY_BENCH_BLOCKS:-1000000} blocks
# with one app transaction every 250 blocks (building 1,000,000 takes about 10 s), then
# times a cold backfill into SQLite with ${LUCKY_BENCH_LATENCIES:-0,20,80} ms injected
# before every node answer, in blocks/s and events/s, with the peak live heap of the run.
# LUCKY_BENCH_V1=1 reads through the v1 events query only (10 blocks a request, as against
# a node without RPC v3).
set -eu
cd "$(dirname "$0")/.."
go test -run '^$' -bench BenchmarkBackfillSparse -benchtime 1x -v -timeout 6h ./internal/indexer/ |
  grep -E 'chain:|latency [0-9]+ ms|^ok|FAIL' || true
# How the live heap of a catch-up depends on the distance to the head (it does not).
go test -run 'TestCatchUpMemoryIsBoundedWhateverTheHead' -count 1 -v ./internal/indexer/ | grep -E 'head [0-9]+ away|^ok|FAIL'
