#!/usr/bin/env bash
# The browser journeys: on the embedded stack and, where the real servers' variables are set, on the real
# servers too, both at once (each on its own ports, data folder and results folder; each line says which).
# Most of a journey's time is spent waiting for the browser and the stack, so the two share the machine well.
# Arguments go to both Playwright runs (a file, --grep ...). Exits non-zero when either run failed.
set -uo pipefail
cd "$(dirname "$0")"

run() { # name, then environment assignments for the run
  local name=$1
  shift
  env -u E2E_DATA_DIR "$@" npx playwright test "${args[@]}" 2>&1 | sed -u "s/^/[$name] /"
}

args=("$@")
if [ -n "${KAFKA_BROKERS:-}" ] && [ -n "${MONGODB_URI:-}" ] && [ -n "${REDIS_URL:-}" ]; then
  run real E2E_STACK=real E2E_PORT="${E2E_REAL_PORT:-8191}" &
  real=$!
else
  echo "browser tests on real servers: skipped (KAFKA_BROKERS, MONGODB_URI, REDIS_URL unset)"
  real=
fi
run embedded E2E_STACK=embedded
embedded=$?
status=$embedded
if [ -n "$real" ]; then
  wait "$real"
  real_status=$?
  ((real_status != 0)) && status=$real_status
  echo "browser journeys: embedded exit $embedded, real servers exit $real_status"
fi
exit "$status"
