#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: `cluster.sh start DIR` makes one in DIR (initdb from Debian's
# packages, a free loopback port, scram-sha-256 passwords) and writes its URL to DIR/url, and a streaming replica of
# it whose URL is in DIR/replica_url; `cluster.sh stop DIR` stops both and removes DIR. CTest runs these as the
# fixture of every PostgreSQL test (tests/CMakeLists.txt).
# `cluster.sh halt DIR` stops the primary of a started cluster and keeps DIR; `cluster.sh resume DIR` starts it again
# on the same port: the outage tests (tests/postgres_servers) take the database away under running servers.
# `cluster.sh stop-replica DIR` stops the replica alone (bench/postgres_load.sh, which times the primary's work).
set -euo pipefail
action=${1:?usage: cluster.sh start|stop|halt|resume|stop-replica DIR}
dir=${2:?usage: cluster.sh start|stop|halt|resume|stop-replica DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "cluster.sh: no PostgreSQL server found under /usr/lib/postgresql (scripts/setup installs it)" >&2
  exit 1
fi
# initdb refuses to run as root: as root, the cluster belongs to the postgres account.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Starts the server of the cluster in $dir on loopback port $1 and waits until it accepts connections.
start_server() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $1 -k $dir/socket -c fsync=off -c synchronous_commit=off -c shared_buffers=512MB" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case $action in
  start)
    for data in "$dir/replica" "$dir/data"; do
      if [ -f "$data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
      fi
    done
    rm -rf "$dir"
    mkdir -p "$dir/socket"
    password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
    printf '%s\n' "$password" > "$dir/password"
    if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U infertrack --pwfile="$dir/password" --auth=scram-sha-256 \
      --no-sync -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # A free port: bound once by node (installed by scripts/setup), then handed to the server.
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    start_server "$port"
    printf 'postgresql://infertrack:%s@127.0.0.1:%s/postgres\n' "$password" "$port" > "$dir/url"
    # A streaming replica of it, for the read-replica tests: a base backup that follows the primary's WAL.
    as_owner env PGPASSWORD="$password" "$bin/pg_basebackup" -D "$dir/replica" -R -X stream -h 127.0.0.1 -p "$port" \
      -U infertrack >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    replica_port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_owner "$bin/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $replica_port -k $dir/socket -c fsync=off" start \
      >/dev/null || { cat "$dir/replica.log" >&2; exit 1; }
    printf 'postgresql://infertrack:%s@127.0.0.1:%s/postgres\n' "$password" "$replica_port" > "$dir/replica_url"
    echo "PostgreSQL test cluster on 127.0.0.1:$port, its replica on 127.0.0.1:$replica_port ($dir)"
    ;;
  stop)
    for data in "$dir/replica" "$dir/data"; do
      if [ -f "$data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
      fi
    done
    rm -rf "$dir"
    ;;
  halt)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  stop-replica)
    as_owner "$bin/pg_ctl" -D "$dir/replica" -m fast -w stop >/dev/null
    ;;
  resume)
    port=$(sed -E 's|.*@127\.0\.0\.1:([0-9]+)/.*|\1|' "$dir/url")
    start_server "$port"
    ;;
  *)
    echo "usage: cluster.sh start|stop|halt|resume|stop-replica DIR" >&2
    exit 2
    ;;
esac
