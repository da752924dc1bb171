#!/bin/sh
# Indexer benchmarks: fills a devnet with 100,000 events of the indexed streams
# (swaps, spins, burns, LUCKY transfers, miners; spread over 30 days of block time), times a
# cold backfill into SQLite (events/s, database size per 100,000 events), then the p50 of
# each history endpoint over that index. The filled chain is cached in
# ${LUCKY_BENCH_STATE:-$TMPDIR/lucky-bench-100000.state}; delete it to refill.
# LUCKY_BENCH_EVENTS=5000 makes a quick run.
set -eu
cd "$(dirname "$0")/.."
go test -run '^$' -bench 'BenchmarkIndexerBackfill|BenchmarkIndexReads' -benchtime 1x -timeout 60m ./internal/indexer/ | grep -E 'events|p50|filled|^ok|FAIL' || true
go test -run '^$' -bench 'BenchmarkIndexReads' -benchtime 500x -timeout 60m ./internal/indexer/ | grep -E 'p50|^ok|FAIL'
