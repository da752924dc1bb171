#!/bin/sh
# Makes sure PostgreSQL's server binaries are installed (Debian's packages) so the store
# and indexer tests can start their throwaway cluster (internal/store/pgtest: initdb in a
# temp dir, a free loopback port, stopped when the tests end). make test runs this first.
set -eu
if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi
echo "PostgreSQL not found: installing it from Debian's packages" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
# Debian's package starts a system cluster; the tests use their own.
ls /usr/lib/postgresql/*/bin/initdb >/dev/null
