#!/usr/bin/env bash
# Stops the servers that infra/up.sh started (and nothing else): each pid recorded in $RUN/pids is stopped
# only if it is still the same program (checked on its command line). SIGTERM first, SIGKILL after a grace
# period. Data and logs stay in the run directory until the next up.sh. `down.sh --purge` also deletes the
# caches (Maven repository, resolved jars, the compiled MongoDB stand-in) under NOCTURNE_CACHE.
#
#   bash infra/down.sh                   stops all three, and Prometheus if it runs (and removes run/env)
#   bash infra/down.sh kafka [mongo ...] stops only the named servers and keeps their data, so that
#                                        `bash infra/up.sh kafka` restarts them as after an outage
set -Eeuo pipefail

CACHE=${NOCTURNE_CACHE:-${HOME:-/root}/.cache/nocturne}
RUN=${NOCTURNE_RUN_DIR:-$CACHE/run}
GRACE=${INFRA_STOP_GRACE:-20}

# A word of each program's command line (an extended regular expression). mongo also matches the FerretDB
# server that up.sh started before the stand-in replaced it, so that a machine switching over stops it.
declare -A MARKER=([kafka]=kafka.Kafka [mongo]='app\.nocturne\.mongo\.MongoStandIn|nocturne-ferretdb' [redis]=redis-server [prometheus]=prometheus)

usage() {
  printf 'usage: bash infra/down.sh [--purge | redis|mongo|kafka|prometheus ...]\n' >&2
  exit 2
}
NAMES=()
purge=0
for arg in "$@"; do
  case $arg in
  redis | mongo | kafka | prometheus) [[ " ${NAMES[*]} " == *" $arg "* ]] || NAMES+=("$arg") ;;
  --purge) purge=1 ;;
  -h | --help) usage ;;
  *)
    printf '[infra] unknown server or option: %s\n' "$arg" >&2
    usage
    ;;
  esac
done
((purge == 0 || ${#NAMES[@]} == 0)) || usage # --purge deletes every cache: only together with stopping everything
all=0
if ((${#NAMES[@]} == 0)); then
  all=1
  NAMES=(kafka mongo redis prometheus)
fi

# Send SIGTERM to each of our processes, then wait for all of them together.
declare -A PIDS=()
for name in "${NAMES[@]}"; do
  f="$RUN/pids/$name.pid"
  if [[ ! -f $f ]]; then
    ((all)) || echo "[infra] $name: nothing recorded in $RUN/pids (not running, or not started by up.sh)"
    continue
  fi
  pid=$(<"$f")
  if ! [[ $pid =~ ^[0-9]+$ ]] || ! kill -0 "$pid" 2>/dev/null ||
    ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qE -- "${MARKER[$name]}"; then
    echo "[infra] $name: not running (stale pid file)"
    rm -f "$f"
    continue
  fi
  kill -TERM "$pid" 2>/dev/null || true
  PIDS[$name]=$pid
done

stopped=0
for name in "${!PIDS[@]}"; do
  pid=${PIDS[$name]}
  for ((i = 0; i < GRACE * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "[infra] $name (pid $pid) did not stop within ${GRACE}s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.2
  fi
  rm -f "$RUN/pids/$name.pid"
  echo "[infra] stopped $name (pid $pid)"
  stopped=$((stopped + 1))
done
((stopped)) || echo "[infra] nothing to stop"
# run/env names the whole set: it goes when everything is stopped, not when one server is.
if ((all)); then rm -f "$RUN/env"; fi

if ((purge)); then
  echo "[infra] deleting $CACHE"
  rm -rf "$CACHE"
fi
