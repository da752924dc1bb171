#!/bin/sh
# Read throughput through a round-robin proxy in front of 1, 2 and 3 `lucky serve`
# replicas (one core each) sharing one PostgreSQL and one devnet with a day of history.
# Needs PostgreSQL's binaries (scripts/ensure-postgres.sh installs them).
set -eu
cd "$(dirname "$0")/.."
go test -run '^$' -bench BenchmarkReplicaReads -benchtime "${LUCKY_BENCH_REQUESTS:-8000}x" ./cmd/lucky
