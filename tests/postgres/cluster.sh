#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: `cluster.sh start DIR` makes one in DIR (initdb from Debian's
# packages, a free loopback port, scram-sha-256 passwords) and writes its URL to DIR/url; `cluster.sh stop DIR`
# stops it and removes DIR. CTest runs these as the fixture of every PostgreSQL test (tests/CMakeLists.txt).
# `cluster.sh halt DIR` stops the server of a started cluster and keeps DIR; `cluster.sh resume DIR` starts it again
# on the same port: the outage tests (tests/postgres_servers) take the database away under running servers.
set -euo pipefail
action=${1:?usage: cluster.sh start|stop|halt|resume DIR}
dir=${2:?usage: cluster.sh start|stop|halt|resume DIR}
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
    -o "-c listen_addresses=127.0.0.1 -p $1 -k $dir/socket -c fsync=off -c synchronous_commit=off" start \
    >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case $action in
  start)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    fi
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
    echo "PostgreSQL test cluster on 127.0.0.1:$port ($dir)"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    rm -rf "$dir"
    ;;
  halt)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  resume)
    port=$(sed -E 's|.*@127\.0\.0\.1:([0-9]+)/.*|\1|' "$dir/url")
    start_server "$port"
    ;;
  *)
    echo "usage: cluster.sh start|stop|halt|resume DIR" >&2
    exit 2
    ;;
esac
