#!/bin/sh
# Backfill at mainnet speed. LUCKY_BENCH_SHAPE picks the chain:
# - sparse (default): a devnet chain of ${LUCKY_BENCH_BLOCKS:-1000000} blocks with one app
#   transaction every 250 blocks (building 1,000,000 takes about 10 s), timed with
#   ${LUCKY_BENCH_LATENCIES:-0,20,80} ms injected before every node answer, with the peak
#   live heap of the run. LUCKY_BENCH_V1=1 reads through the v1 events query only (10 blocks
#   a request, as against a node without RPC v3).
# - dense: ${LUCKY_BENCH_BLOCKS:-5000} blocks, every one holding transfers of coins other than
#   LUCKY (SUPRA, dexUSDC, an unlisted coin, and dexUSDC and the unlisted coin between
#   fungible stores) and an app transaction every ${LUCKY_BENCH_APP_EVERY:-10} blocks, timed
#   with ${LUCKY_BENCH_LATENCIES:-0,80} ms, fungible-asset streams included.
# Each reports blocks/s and events/s into SQLite from a cold start.
set -eu
cd "$(dirname "$0")/.."
case "${LUCKY_BENCH_SHAPE:-sparse}" in
dense)
  go test -run '^$' -bench BenchmarkBackfillDense -benchtime 1x -v -timeout 6h ./internal/indexer/ |
    grep -E 'dense chain:|latency [0-9]+ ms|^ok|FAIL' || true
  ;;
sparse)
  go test -run '^$' -bench BenchmarkBackfillSparse -benchtime 1x -v -timeout 6h ./internal/indexer/ |
    grep -E 'chain:|latency [0-9]+ ms|^ok|FAIL' || true
  # How the live heap of a catch-up depends on the distance to the head (it does not).
  go test -run 'TestCatchUpMemoryIsBoundedWhateverTheHead' -count 1 -v ./internal/indexer/ | grep -E 'head [0-9]+ away|^ok|FAIL'
  ;;
*)
  echo "LUCKY_BENCH_SHAPE must be sparse or dense" >&2
  exit 2
  ;;
esac
