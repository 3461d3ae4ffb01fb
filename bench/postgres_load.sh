#!/usr/bin/env bash
# PostgreSQL against SQLite, side by side in one run (docs/BENCHMARKS.md, "PostgreSQL"): starts a private cluster
# (tests/postgres/cluster.sh), ingests the same generated points into a SQLite file and a PostgreSQL database (timed),
# then alternates bench/http_load.sh on each engine ROUNDS times, and finally serves the PostgreSQL database from two
# instances at once, wrk on each, to compare one instance with two. Loopback only; stops everything at the end.
#
# Usage: bench/postgres_load.sh [BUILD_DIR]          (default: build)
# Environment, all optional:
#   POINTS=100000 POINT_GROUPS=64 DATES=130      the generated points (bench/generate_points)
#   ROUNDS=2 DURATION=10s THREADS=2 CONNECTIONS=32 MODEL=DeepSeek-V4.1-Flash
#   INGESTS=1                                    timed ingests per engine, alternating, each into an empty database
set -euo pipefail

build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
exe=${INFERTRACK_EXE:-$build/infertrack}
points=${POINTS:-100000}
groups=${POINT_GROUPS:-64}
dates=${DATES:-130}
rounds=${ROUNDS:-2}
duration=${DURATION:-10s}
threads=${THREADS:-2}
connections=${CONNECTIONS:-32}
model=${MODEL:-DeepSeek-V4.1-Flash}
ingests=${INGESTS:-1}

work=$(mktemp -d "${TMPDIR:-/tmp}/infertrack-pg-load.XXXXXX")
cluster=$work/cluster
chmod 755 "$work" # the cluster runs as the postgres account when started by root
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$here/../tests/postgres/cluster.sh" stop "$cluster" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$here/../tests/postgres/cluster.sh" start "$cluster" >/dev/null
# The test cluster's replica would replay each ingest's WAL on the same two cores as the primary; a deployment keeps
# replicas on other machines (docs/DEPLOY.md).
"$here/../tests/postgres/cluster.sh" stop-replica "$cluster"
admin=$(cat "$cluster/url")
pg=${admin%/postgres}/bench
sqlite=$work/bench.db

"$build/bench/generate_points" "$points" "$groups" "$dates" > "$work/points.csv"
for ingest in $(seq "$ingests"); do
  rm -f "$sqlite" "$sqlite-wal" "$sqlite-shm"
  psql "$admin" -qc "DROP DATABASE IF EXISTS bench" -c "CREATE DATABASE bench" >/dev/null
  for target in "$sqlite" "$pg"; do
    start=$(date +%s%N)
    "$exe" ingest "$work/points.csv" --db "$target" > /dev/null
    elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
    name=$([[ $target == "$sqlite" ]] && echo SQLite || echo PostgreSQL)
    echo "ingest $ingest of $points points into $name: $elapsed ms" \
      "($(( points * 1000 / (elapsed > 0 ? elapsed : 1) )) points/s)"
  done
done

for round in $(seq "$rounds"); do
  for target in "$sqlite" "$pg"; do
    name=$([[ $target == "$sqlite" ]] && echo SQLite || echo PostgreSQL)
    echo "== round $round, $name, one instance"
    DB=$target UNBOUNDED=0 DURATION=$duration THREADS=$threads CONNECTIONS=$connections MODEL=$model \
      INFERTRACK_EXE=$exe "$here/http_load.sh" "$build" | grep -A1 -E '^(interpolate|benchmarks|tracker page|healthz)'
  done
done

# Two instances on one database, each loaded by its own wrk with half the connections: their requests/s add up.
bases=()
for i in 1 2; do
  "$exe" serve --db "$pg" --listen 127.0.0.1:0 --quiet > "$work/serve$i.out" 2> "$work/serve$i.err" &
  pids+=($!)
done
for i in 1 2; do
  for _ in $(seq 300); do
    base=$(sed -n 's|^infertrack serving \(http://[^/]*\)/.*|\1|p' "$work/serve$i.out")
    [[ -n $base ]] && break
    sleep 0.1
  done
  [[ -n $base ]] || { echo "postgres_load: instance $i did not start: $(cat "$work/serve$i.err")" >&2; exit 1; }
  bases+=("$base")
done
for route in "/api/v1/benchmarks?model=$model" "/api/v1/interpolate?model=$model&at=100"; do
  for base in "${bases[@]}"; do curl -s -o /dev/null -H "Accept-Encoding: gzip" "$base$route"; done
  total=0
  outs=()
  loads=()
  for base in "${bases[@]}"; do
    out=$work/wrk-${#outs[@]}
    wrk -t1 -c$((connections / 2)) -d"$duration" --latency -H "Accept-Encoding: gzip" "$base$route" > "$out" &
    loads+=($!)
    outs+=("$out")
  done
  wait "${loads[@]}"
  summary=""
  for out in "${outs[@]}"; do
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
    p99=$(awk '$1 == "99%" {print $2}' "$out")
    errors=$(grep -E 'Non-2xx|Socket errors' "$out" | tr -s ' ' | paste -sd';' || true)
    total=$(awk -v a="$total" -v b="$rps" 'BEGIN { printf "%.0f", a + b }')
    summary+=" $rps req/s p99 $p99 ${errors:-no errors};"
  done
  echo "== two PostgreSQL instances: $total req/s in all ($summary) $route (gzip)"
done
