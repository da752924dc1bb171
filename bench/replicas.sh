#!/bin/sh
# Read throughput through a round-robin proxy in front of 1, 2 and 3 `lucky serve`
# replicas sharing one PostgreSQL and one devnet with a day of history. Each replica runs
# as a small VM would (GOMAXPROCS=1 and a quarter of a core, in a cgroup of its own when
# the machine allows: run as root), so the replicas, not this machine, are the limit.
# Needs PostgreSQL's binaries (scripts/ensure-postgres.sh installs them).
set -eu
cd "$(dirname "$0")/.."
go test -run '^$' -bench BenchmarkReplicaReads -benchtime "${LUCKY_BENCH_REQUESTS:-3000}x" -v ./cmd/lucky | grep -v '^time='
