#!/usr/bin/env bash
# One load run: starts a play server on a fresh H2 database in its own JVM, holds GAMES games on it with
# `meijin load` for SECONDS seconds, prints the report and stops the server.
#   server/load-run.sh GAMES [SECONDS] [THINK_MS]
# Run it alone on the machine: flock /tmp/meijin-cpu.lock nice -n 5 server/load-run.sh 1000 60
set -euo pipefail
games=${1:?usage: load-run.sh GAMES [SECONDS] [THINK_MS]}
seconds=${2:-60}
think=${3:-1000}
root=$(cd "$(dirname "$0")/.." && pwd)
jar=${MEIJIN_JAR:-$root/cli/target/meijin-cli.jar}
java=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
data=$(mktemp -d /tmp/meijin-load.XXXXXX)
port=${PORT:-18080}
"$java" ${SERVER_JAVA_OPTS:-} -jar "$jar" serve --host 127.0.0.1 --port "$port" --data "$data" --engine-threads 0 --writes-per-second 1000 >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break
    sleep 0.2
done
"$java" ${LOAD_JAVA_OPTS:-} -jar "$jar" load --url "http://127.0.0.1:$port" --games "$games" --seconds "$seconds" --think-ms "$think"
