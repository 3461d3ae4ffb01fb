#!/usr/bin/env bash
# Connection flood on `infertrack serve` (docs/RELIABILITY.md, "Load and hostile clients"): serves a database on a
# free loopback port, asks for every answer of the mix once (so that each is cached), then holds CONNECTIONS
# keep-alive connections for DURATION with wrk, all asking for cached API answers and the tracker page in turn
# (bench/wrk/cached_answers.lua). Prints requests/s, every kind of error, p50/p99 latency and the server's
# VmRSS/VmHWM, and fails (exit 1) when there was any error (connect, read, write, timeout, non-2xx), when p99
# reached P99_LIMIT_MS, or when VmHWM reached MEMORY_LIMIT_MIB. Stops the server at the end, whatever happens.
#
# Usage: bench/connection_flood.sh [BUILD_DIR]                 (default: build)
# Environment, all optional:
#   CONNECTIONS=1000 DURATION=60s THREADS=1   wrk's -c, -d and -t (the open-file limit is raised to fit). One wrk
#                                             thread: with two beside a 2-thread server on 2 cores, wrk left some of
#                                             its own connections unread for seconds (timeouts at the same rate and
#                                             server; none with one thread, or with 200 connections)
#   THINK_MS=0                                pause of each connection between its requests (0: back to back)
#   SERVER_THREADS=2                          infertrack serve --threads
#   DB=path                                   serve this database (default: a fresh one with the bundled data)
#   MODEL=DeepSeek-V4-Pro                     the model the API requests name
#   P99_LIMIT_MS=50 MEMORY_LIMIT_MIB=50       the pass marks
#   INFERTRACK_EXE                            the binary (default: BUILD_DIR/infertrack)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
exe=${INFERTRACK_EXE:-$build/infertrack}
connections=${CONNECTIONS:-1000}
duration=${DURATION:-60s}
threads=${THREADS:-1}
think_ms=${THINK_MS:-0}
server_threads=${SERVER_THREADS:-2}
model=${MODEL:-DeepSeek-V4-Pro}
p99_limit_ms=${P99_LIMIT_MS:-50}
memory_limit_mib=${MEMORY_LIMIT_MIB:-50}

for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "connection_flood: $tool is not installed" >&2; exit 2; }
done
[[ -x $exe ]] || { echo "connection_flood: no infertrack binary at $exe (build the infertrack target)" >&2; exit 2; }

# wrk holds a descriptor per connection, and the server one per connection beside its own 64 (open_file_limit.cpp).
needed=$((connections + 256))
if (( $(ulimit -n) < needed )); then
  ulimit -n "$needed" 2>/dev/null || {
    echo "connection_flood: cannot raise the open-file limit to $needed (hard limit $(ulimit -Hn))" >&2
    exit 2
  }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/infertrack-flood.XXXXXX")
server_pid=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
db=${DB:-$work/tracker.db}
if [[ -z ${DB:-} ]]; then
  "$exe" presets --db "$db" > /dev/null # a new database file loads the bundled data
fi

"$exe" serve --db "$db" --listen 127.0.0.1:0 --threads "$server_threads" --quiet > "$work/serve.out" 2> "$work/serve.err" &
server_pid=$!
base=
for _ in $(seq 300); do
  base=$(sed -n 's|^infertrack serving \(http://[^/]*\)/.*|\1|p' "$work/serve.out")
  [[ -n $base ]] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "connection_flood: the server exited: $(cat "$work/serve.err")" >&2; exit 1; }
  sleep 0.1
done
[[ -n $base ]] || { echo "connection_flood: the server did not start" >&2; exit 1; }

paths=(
  "/api/v1/interpolate?model=$model&at=100"
  "/api/v1/headlines"
  "/api/v1/frontier?model=$model"
  "/api/v1/benchmarks?model=$model"
  "/"
)
echo "server: $base, $server_threads thread(s); warm-up:"
for path in "${paths[@]}"; do
  curl -sf -o /dev/null -H "Accept-Encoding: gzip" -w "  %{http_code} %{size_download} bytes (gzip)  $path\n" "$base$path" || {
    echo "connection_flood: the warm-up request $path failed" >&2
    exit 1
  }
done

echo "wrk -t$threads -c$connections -d$duration --latency, think time ${think_ms} ms:"
out=$(PATHS="${paths[*]}" THINK_MS=$think_ms wrk -t"$threads" -c"$connections" -d"$duration" --latency \
  -H "Accept-Encoding: gzip" -s "$here/wrk/cached_answers.lua" "$base")
sed 's/^/  /' <<< "$out"

kill -0 "$server_pid" 2>/dev/null || { echo "connection_flood: FAIL: the server died: $(cat "$work/serve.err")" >&2; exit 1; }
rss=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")

# wrk prints latencies as 812.00us, 4.25ms or 1.02s.
to_ms() {
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000;
                         else if (v ~ /m$/) n *= 60000; printf "%.2f", n }'
}
requests=$(awk '/ requests in / {print $1}' <<< "$out")
rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
p50=$(to_ms "$(awk '$1 == "50%" {print $2}' <<< "$out")")
p99=$(to_ms "$(awk '$1 == "99%" {print $2}' <<< "$out")")
socket_errors=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' <<< "$out")
non_2xx=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<< "$out")
errors=$(( ${socket_errors:-0} + ${non_2xx:-0} ))

printf 'result: %s requests, %s req/s, p50 %s ms, p99 %s ms, errors %d, server VmRSS %.1f MiB, VmHWM %.1f MiB, load average %s\n' \
  "$requests" "$rps" "$p50" "$p99" "$errors" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$(awk -v k="$hwm" 'BEGIN { print k / 1024 }')" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"

status=0
if [[ -z $requests || $requests == 0 ]]; then
  echo "connection_flood: FAIL: wrk made no requests" >&2
  status=1
fi
if (( errors > 0 )); then
  echo "connection_flood: FAIL: $errors error(s)" >&2
  status=1
fi
if awk -v p="$p99" -v limit="$p99_limit_ms" 'BEGIN { exit !(p >= limit) }'; then
  echo "connection_flood: FAIL: p99 $p99 ms is not under $p99_limit_ms ms" >&2
  status=1
fi
if (( hwm >= memory_limit_mib * 1024 )); then
  echo "connection_flood: FAIL: VmHWM $((hwm / 1024)) MiB is not under $memory_limit_mib MiB" >&2
  status=1
fi
exit "$status"
