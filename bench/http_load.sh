#!/usr/bin/env bash
# HTTP load test of `infertrack serve` (docs/BENCHMARKS.md, "HTTP server"): generates a database of
# synthetic points, serves it on a free loopback port, requests every route once (warm-up), runs wrk on
# four answers and prints requests/s, p50/p99 latency and the server's resident memory (VmRSS) and its
# high-water mark (VmHWM) along the way. Stops the server at the end, whatever happens.
#
# Usage: bench/http_load.sh [BUILD_DIR]                       (default: build)
# Environment, all optional:
#   POINTS=100000 POINT_GROUPS=64 DATES=130   the generated database (bench/generate_points)
#   DB=path                             reuse this database instead of generating one
#   DURATION=10s THREADS=2 CONNECTIONS=32   wrk's -d, -t and -c
#   SERVER_THREADS=1                    infertrack serve --threads
#   MODEL=DeepSeek-V4.1-Flash           the model the API requests name
#   UNBOUNDED=1                         0: skip the routes whose answer grows with the data
#   INFERTRACK_EXE, GENERATE_POINTS     the binaries (default: BUILD_DIR/infertrack, BUILD_DIR/bench/generate_points)
set -euo pipefail

build=${1:-build}
exe=${INFERTRACK_EXE:-$build/infertrack}
generator=${GENERATE_POINTS:-$build/bench/generate_points}
points=${POINTS:-100000}
groups=${POINT_GROUPS:-64} # not GROUPS: bash keeps the user's groups there
dates=${DATES:-130}
duration=${DURATION:-10s}
threads=${THREADS:-2}
connections=${CONNECTIONS:-32}
server_threads=${SERVER_THREADS:-1}
model=${MODEL:-DeepSeek-V4.1-Flash}

for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "http_load: $tool is not installed" >&2; exit 2; }
done
[[ -x $exe ]] || { echo "http_load: no infertrack binary at $exe (build the infertrack target)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/infertrack-http-load.XXXXXX")
server_pid=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"

db=${DB:-}
if [[ -z $db ]]; then
  [[ -x $generator ]] || { echo "http_load: no generate_points at $generator (build the generate_points target)" >&2; exit 2; }
  db=$work/load.db
  "$generator" "$points" "$groups" "$dates" > "$work/points.csv"
  start=$(date +%s%N)
  "$exe" ingest "$work/points.csv" --db "$db" > /dev/null
  echo "database: $points generated points ($groups groups, $dates dates) ingested in" \
    "$(( ($(date +%s%N) - start) / 1000000 )) ms"
else
  echo "database: $db"
fi

"$exe" serve --db "$db" --listen 127.0.0.1:0 --threads "$server_threads" --quiet > "$work/serve.out" 2> "$work/serve.err" &
server_pid=$!
base=
for _ in $(seq 300); do
  base=$(sed -n 's|^infertrack serving \(http://[^/]*\)/.*|\1|p' "$work/serve.out")
  [[ -n $base ]] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "http_load: the server exited: $(cat "$work/serve.err")" >&2; exit 1; }
  sleep 0.1
done
[[ -n $base ]] || { echo "http_load: the server did not start" >&2; exit 1; }

memory() {
  local rss hwm
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
  awk -v what="$1" -v rss="$rss" -v hwm="$hwm" \
    'BEGIN { printf "%-48s VmRSS %6.1f MiB   VmHWM %6.1f MiB\n", what, rss / 1024, hwm / 1024 }'
}

memory "server started ($base, $server_threads thread(s)):"

# Every route once, each with and without gzip: what a browser session and an API client ask for.
# A point and a plan on hardware with published costs (the bundled gb200 figures).
curl -sf -o "$work/rows.json" "$base/api/v1/benchmarks?model=$model&hardware=gb200"
one_id=$(awk 'match($0, /"result_id":"[^"]*"/) { print substr($0, RSTART + 13, RLENGTH - 14); exit }' "$work/rows.json")
rm -f "$work/rows.json"
warm_routes=(
  "/healthz" "/metrics" "/" "/?model=DeepSeek-V4-Pro&hardware=gb200" "/points/$one_id"
  "/api/v1/openapi.json" "/api/v1/hardware" "/api/v1/presets" "/api/v1/headlines"
  "/api/v1/benchmarks?model=$model" "/api/v1/frontier?model=$model&x=auto&metric=total"
  "/api/v1/interpolate?model=$model&at=100" "/api/v1/plan?model=$model&hardware=gb200&at=100&demand=40T"
  "/api/v1/plan?point=$one_id&demand=40T" "/api/v1/points/$one_id"
)
echo "warm-up:"
for route in "${warm_routes[@]}"; do
  for encoding in identity gzip; do
    curl -s -o /dev/null -H "Accept-Encoding: $encoding" \
      -w "  %{http_code} %{size_download} bytes ($encoding) %{time_total} s  $route\n" "$base$route"
  done
done
memory "after the warm-up of every route:"

# Routes whose answer grows with the data (every run of a model, every point): measured apart, in
# increasing order of size. UNBOUNDED=0 skips them.
if [[ ${UNBOUNDED:-1} == 1 ]]; then
  for route in "/api/v1/availability?model=$model" "/api/v1/history?model=$model&at=100" "/api/v1/points?model=$model"; do
    curl -s -o /dev/null -H "Accept-Encoding: gzip" -w "  %{http_code} %{size_download} bytes (gzip) %{time_total} s  $route\n" "$base$route"
    memory "after $route:"
  done
  # Every point of the model, one page after the other as a client follows "next" (a binary without
  # paging answers the whole listing to the first request).
  pages=0
  bytes=0
  next=
  start=$(date +%s%N)
  while :; do
    curl -sf -o "$work/page.json" "$base/api/v1/points?model=$model${next:+&after=$next}" || break
    pages=$((pages + 1))
    bytes=$((bytes + $(stat -c %s "$work/page.json")))
    next=$(grep -o '"next":"[^"]*"' "$work/page.json" | tail -1 | sed 's/^"next":"//; s/"$//' || true)
    [[ -n $next && $pages -lt 10000 ]] || break
  done
  echo "  $pages page(s), $bytes bytes (identity) in $(( ($(date +%s%N) - start) / 1000000 )) ms  every page of /api/v1/points?model=$model"
  memory "after every page of /api/v1/points?model=:"
fi

load() {
  local name=$1 route=$2 header=${3:-}
  local args=(-t"$threads" -c"$connections" -d"$duration" --latency)
  [[ -n $header ]] && args+=(-H "$header")
  local out
  out=$(wrk "${args[@]}" "$base$route")
  local rps p50 p99 errors
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  p50=$(awk '$1 == "50%" {print $2}' <<< "$out")
  p99=$(awk '$1 == "99%" {print $2}' <<< "$out")
  errors=$(grep -E 'Non-2xx|Socket errors' <<< "$out" | tr -s ' ' | paste -sd';' || true)
  printf '%-24s %10s req/s   p50 %8s   p99 %8s   %s\n' "$name" "$rps" "$p50" "$p99" "${errors:-no errors}"
  echo "    $route${header:+ ($header)}"
}

echo "wrk -t$threads -c$connections -d$duration --latency:"
load "healthz" "/healthz"
load "interpolate (small)" "/api/v1/interpolate?model=$model&at=100"
load "benchmarks (gzip)" "/api/v1/benchmarks?model=$model" "Accept-Encoding: gzip"
load "tracker page /" "/" "Accept-Encoding: gzip"
memory "after the wrk runs:"
