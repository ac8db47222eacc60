#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL 15 server from Debian's binaries for tests and CI.
#   scripts/postgres-server.sh start   → prints the DATABASE_URL to use
#   scripts/postgres-server.sh stop
# Data lives in $PG_TEST_DIR (default /tmp/stockwise-pg); port $PG_TEST_PORT (default 54329).
# PG_TEST_THROWAWAY=1 (CI's test server): no fsync, no synchronous commit, no full-page writes. A
# cluster made for one test run and deleted after it has no data to keep through a crash, and the
# API suite commits thousands of small transactions, each otherwise waiting on the disk (≈ 2 ms a
# flush here; docs/benchmarks.md, "CI time", session 11). Not for the benches: they compare
# against a server with PostgreSQL's default durability, and keep it by not setting this.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
DIR=${PG_TEST_DIR:-/tmp/stockwise-pg}
PORT=${PG_TEST_PORT:-54329}
INITDB_FLAGS=""; SERVER_FLAGS=""
if [ "${PG_TEST_THROWAWAY:-}" = 1 ]; then
  INITDB_FLAGS="--no-sync"
  SERVER_FLAGS="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
# initdb refuses to run as root; run the server as the postgres system user when we are root.
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

case "${1:-start}" in
  start)
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then useradd --system --home /var/lib/postgresql postgres; fi
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"; [ "$(id -u)" = 0 ] && chown postgres "$DIR"
      as_pg "$BIN/initdb -D $DIR -U postgres --auth=trust -E UTF8 $INITDB_FLAGS >/dev/null"
    fi
    if ! as_pg "$BIN/pg_ctl -D $DIR status" >/dev/null 2>&1; then
      as_pg "$BIN/pg_ctl -D $DIR -l $DIR/server.log -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 $SERVER_FLAGS' -w start" >/dev/null
    fi
    as_pg "$BIN/psql -h 127.0.0.1 -p $PORT -U postgres -tc \"SELECT 1 FROM pg_database WHERE datname='stockwise_test'\"" | grep -q 1 \
      || as_pg "$BIN/createdb -h 127.0.0.1 -p $PORT -U postgres stockwise_test"
    echo "postgres://postgres@127.0.0.1:$PORT/stockwise_test"
    ;;
  stop)
    as_pg "$BIN/pg_ctl -D $DIR -m fast stop" >/dev/null 2>&1 || true
    ;;
esac
