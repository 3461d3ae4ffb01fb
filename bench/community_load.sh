#!/usr/bin/env bash
# Load test of accounts and comments under `infertrack serve` (docs/BENCHMARKS.md, "Accounts and
# comments"): makes a fresh database, adds accounts with `infertrack user add`, raises the rate limits
# with `infertrack limits set` so that throughput is measured rather than refusals, serves it on a free
# loopback port, then runs wrk on
#   1. sign-in (POST /api/v1/session) against an account hashed at the production argon2id cost
#      (interactive) and, for comparison, one hashed at the minimum cost, on a server of each cost
#      (the server's cost decides whether a sign-in rehashes, so each account meets its own cost);
#   2. posting a comment (POST /api/v1/comments) as a signed-in user;
#   3. listing the tracker page's comments (GET /api/v1/comments?subject=page) once they exist.
# Prints requests/s, p50/p99 latency, the server's CPU time per answer and its VmRSS/VmHWM. Builds nothing; stops the servers at
# the end, whatever happens.
#
# Usage: bench/community_load.sh [BUILD_DIR]             (default: build)
# Environment, all optional:
#   DURATION=10s THREADS=2 CONNECTIONS=16   wrk's -d, -t and -c
#   SERVER_THREADS=2                       infertrack serve --threads
#   INFERTRACK_EXE                         the binary (default: BUILD_DIR/infertrack)
set -euo pipefail

build=${1:-build}
exe=${INFERTRACK_EXE:-$build/infertrack}
duration=${DURATION:-10s}
threads=${THREADS:-2}
connections=${CONNECTIONS:-16}
server_threads=${SERVER_THREADS:-2}
scripts=$(cd "$(dirname "$0")" && pwd)/wrk
password='bench passphrase 2026'
# High enough never to refuse during a run; short windows keep the counted events few.
unlimited=1000000000

for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "community_load: $tool is not installed" >&2; exit 2; }
done
[[ -x $exe ]] || { echo "community_load: no infertrack binary at $exe (build the infertrack target)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/infertrack-community-load.XXXXXX")
server_pid=
stop_server() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=
}
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"

db=$work/community.db
it() { "$exe" --db "$db" "$@"; }
it user add --email interactive@example.org --name "Interactive cost" --password-hash-cost interactive \
  <<< "$password" > /dev/null
it user add --email minimum@example.org --name "Minimum cost" --password-hash-cost minimum \
  <<< "$password" > /dev/null
for rule in sign_in_per_account sign_in_per_address comment_per_user; do
  it limits set "$rule" "$unlimited" 1 > /dev/null
done
it limits

# One hash alone, outside the server: `user reset-password` at each cost, its process CPU time (user +
# system) and peak memory; the difference between the costs is what one argon2id hash costs.
hash_cost() {
  local cost=$1 start end peak
  start=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat) # this shell's children included
  for _ in 1 2 3; do
    it user reset-password --email "$cost@example.org" --password-hash-cost "$cost" <<< "$password" > /dev/null
  done
  end=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  peak=$( { command time -f '%M' "$exe" --db "$db" user reset-password --email "$cost@example.org" \
    --password-hash-cost "$cost" <<< "$password" > /dev/null; } 2>&1 | tail -1)
  awk -v cost="$cost" -v t=$((end - start)) -v hz="$(getconf CLK_TCK)" -v peak="$peak" \
    'BEGIN { printf "user reset-password, %-11s %7.1f ms CPU per run (mean of 3), peak RSS %6.1f MiB\n", cost, 1000 * t / hz / 3, peak / 1024 }'
}
if command -v time >/dev/null && [[ -x /usr/bin/time ]]; then
  hash_cost interactive
  hash_cost minimum
fi

base=
# Starts `infertrack serve` with hash cost $1 and sets $base.
start_server() {
  stop_server
  : > "$work/serve.out"
  "$exe" serve --db "$db" --listen 127.0.0.1:0 --threads "$server_threads" --quiet --password-hash-cost "$1" \
    > "$work/serve.out" 2> "$work/serve.err" &
  server_pid=$!
  base=
  for _ in $(seq 300); do
    base=$(sed -n 's|^infertrack serving \(http://[^/]*\)/.*|\1|p' "$work/serve.out")
    [[ -n $base ]] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "community_load: the server exited: $(cat "$work/serve.err")" >&2; exit 1; }
    sleep 0.1
  done
  [[ -n $base ]] || { echo "community_load: the server did not start" >&2; exit 1; }
}

memory() {
  awk -v what="$1" '/^VmRSS/ {rss = $2} /^VmHWM/ {hwm = $2}
    END { printf "%-44s VmRSS %6.1f MiB   VmHWM %6.1f MiB\n", what, rss / 1024, hwm / 1024 }' \
    "/proc/$server_pid/status"
}

# A value from a JSON answer: "csrf_token":"..." (the answers are compact JSON).
json_string() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }

# Sets $cookie and $csrf for a visitor: GET /api/v1/me answers with a visitor cookie and its CSRF token.
visitor() {
  local me
  me=$(curl -sf -D "$work/headers" "$base/api/v1/me")
  cookie=$(sed -n 's/^[Ss]et-[Cc]ookie: \(infertrack_visitor=[^;]*\).*/\1/p' "$work/headers" | tr -d '\r')
  csrf=$(json_string csrf_token <<< "$me")
  [[ -n $cookie && -n $csrf ]] || { echo "community_load: GET /api/v1/me gave no visitor cookie or token" >&2; exit 1; }
}

# Signs $1 in as a visitor would and sets $cookie and $csrf to the new session's.
sign_in() {
  visitor
  local answer
  answer=$(curl -sf -D "$work/headers" -H "Cookie: $cookie" -H "X-CSRF-Token: $csrf" \
    -H "Content-Type: application/json" -d "{\"email\":\"$1\",\"password\":\"$password\"}" "$base/api/v1/session")
  cookie=$(sed -n 's/^[Ss]et-[Cc]ookie: \(infertrack_session=[^;]*\).*/\1/p' "$work/headers" | tr -d '\r')
  csrf=$(json_string csrf_token <<< "$answer")
  [[ -n $cookie && -n $csrf ]] || { echo "community_load: signing in $1 failed" >&2; exit 1; }
}

# CPU seconds (user + system) the server has used so far, from /proc/PID/stat (in clock ticks).
server_cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }
ticks_per_second=$(getconf CLK_TCK)

# wrk on $2 (with Lua script $3, connections $4); prints req/s, p50/p99 and the server's CPU time per
# answer. The timeout is long because a queue of interactive sign-ins waits seconds, which is the figure.
load() {
  local name=$1 route=$2 script=${3:-} conns=${4:-$connections}
  local args=(-t"$threads" -c"$conns" -d"$duration" --timeout 60s --latency)
  [[ -n $script ]] && args+=(-s "$scripts/$script")
  local out rps p50 p99 errors requests cpu_before cpu_after
  cpu_before=$(server_cpu_ticks)
  out=$(wrk "${args[@]}" "$base$route")
  cpu_after=$(server_cpu_ticks)
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  p50=$(awk '$1 == "50%" {print $2}' <<< "$out")
  p99=$(awk '$1 == "99%" {print $2}' <<< "$out")
  requests=$(awk '/requests in/ {print $1}' <<< "$out")
  errors=$(grep -E 'Non-2xx|Socket errors' <<< "$out" | tr -s ' ' | paste -sd';' || true)
  printf '%-40s -c%-3s %9s req/s   p50 %8s   p99 %8s   server CPU %7.2f ms/answer   %s\n' "$name" "$conns" \
    "$rps" "$p50" "$p99" "$(awk -v t=$((cpu_after - cpu_before)) -v hz="$ticks_per_second" -v n="$requests" \
    'BEGIN { print (n > 0 ? 1000 * t / hz / n : 0) }')" "${errors:-no errors}"
}

echo "wrk -t$threads -c$connections -d$duration --latency, serve --threads $server_threads:"
for cost in interactive minimum; do
  start_server "$cost"
  visitor
  export COOKIE=$cookie CSRF=$csrf EMAIL=$cost@example.org PASSWORD=$password
  load "sign-in, $cost argon2id" /api/v1/session sign_in.lua
  # As many connections as server threads: the time of one sign-in without a queue in front of it.
  load "sign-in, $cost argon2id" /api/v1/session sign_in.lua "$server_threads"
  memory "  after the $cost sign-ins:"
done

# The server still runs with the minimum cost; comments do not hash anything.
sign_in minimum@example.org
export COOKIE=$cookie CSRF=$csrf
load "post a comment" /api/v1/comments post_comment.lua
memory "  after posting comments:"
total=$(curl -sf "$base/api/v1/comments?subject=page" | sed -n 's/.*"total_threads":\([0-9]*\).*/\1/p')
load "list comments (page 1 of $total threads)" "/api/v1/comments?subject=page"
load "list comments, page 50" "/api/v1/comments?subject=page&page=50"
memory "  after listing comments:"
