#!/usr/bin/env bash
# Starts the infrastructure of Nocturne on a machine without Docker, all on 127.0.0.1:
#   Redis   6379   Debian's redis-server (installed with apt-get when missing), append-only file (sessions
#                  survive a restart of Redis)
#   Kafka   9092   Apache Kafka 4.1 in KRaft combined mode (controller on 9093), jars from Maven Central
#   MongoDB 27017  a MongoDB 4.4 stand-in: mongo-java-server 1.47 (Maven Central) behind the launcher in
#                  infra/mongo, compiled with javac; documents in an H2 file (NOCTURNE_MONGO_STORAGE=file, the
#                  default) or in memory (=memory, CI's shared servers)
#   Prometheus 9090 (only when asked for) Debian's prometheus, scraping the local processes' /metrics:
#                  9464 the gateway or the embedded stack, 9465 auth, 9466 profile, 9467 swipe, 9468 chat
# Downloads and builds are cached outside the repository (NOCTURNE_CACHE, default ~/.cache/nocturne), so a
# second run starts in seconds. Data is thrown away each time a server starts. Idempotent: servers that are
# already running are left alone. infra/down.sh stops exactly what this script started.
#
#   bash infra/up.sh                    all three servers, each one not running starts with fresh data
#   bash infra/up.sh kafka [mongo ...]  only the named servers; the others are neither started nor checked.
#                                       A named server restarts on the data it had (as after an outage);
#                                       --fresh wipes it first.
#
# Ports and the run directory can be moved, so that a test can run a set of its own beside the shared one:
# NOCTURNE_REDIS_PORT, NOCTURNE_KAFKA_PORT, NOCTURNE_KAFKA_CONTROLLER_PORT, NOCTURNE_MONGO_PORT and
# NOCTURNE_RUN_DIR (pids, logs, data and env of that set; down.sh takes the same NOCTURNE_RUN_DIR).
#   bash infra/up.sh --with-prometheus  all three, and Prometheus (npm run infra:up -- --with-prometheus)
#   bash infra/up.sh prometheus         Prometheus alone (docs/operations.md)
# See infra/README.md.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
INFRA="$ROOT/infra"
CACHE=${NOCTURNE_CACHE:-${HOME:-/root}/.cache/nocturne}
RUN=${NOCTURNE_RUN_DIR:-$CACHE/run}
TIMEOUT=${INFRA_TIMEOUT:-120}
REDIS_PORT=${NOCTURNE_REDIS_PORT:-6379}
KAFKA_PORT=${NOCTURNE_KAFKA_PORT:-9092}
KAFKA_CONTROLLER_PORT=${NOCTURNE_KAFKA_CONTROLLER_PORT:-9093}
MONGO_PORT=${NOCTURNE_MONGO_PORT:-27017}
# Where the MongoDB stand-in keeps documents: file (an H2 file in the run directory, kept across a restart of
# the named server) or memory (faster; gone when it stops).
MONGO_STORAGE=${NOCTURNE_MONGO_STORAGE:-file}
MONGO_MARKER=app.nocturne.mongo.MongoStandIn
PROMETHEUS_PORT=${PROMETHEUS_PORT:-9090}
# The metrics ports of the local processes (METRICS_PORT defaults): gateway or embedded stack, auth, profile, swipe, chat.
METRICS_TARGETS=(9464 9465 9466 9467 9468)
ENV_LINE="KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT MONGODB_URI=mongodb://127.0.0.1:$MONGO_PORT REDIS_URL=redis://127.0.0.1:$REDIS_PORT"

export KAFKA_BROKERS="127.0.0.1:$KAFKA_PORT" MONGODB_URI="mongodb://127.0.0.1:$MONGO_PORT" REDIS_URL="redis://127.0.0.1:$REDIS_PORT"

usage() {
  printf 'usage: bash infra/up.sh [--fresh] [--with-prometheus] [redis|mongo|kafka|prometheus ...]\n' >&2
  exit 2
}
# Which servers: none named means all of them with fresh data (the original behaviour).
declare -A WANT=()
FRESH=1
named=0
fresh_flag=0
with_prometheus=0
for arg in "$@"; do
  case $arg in
  redis | mongo | kafka | prometheus) WANT[$arg]=1 named=1 ;;
  --fresh) fresh_flag=1 ;;
  --with-prometheus) with_prometheus=1 ;;
  -h | --help) usage ;;
  *)
    printf '[infra] unknown server or option: %s\n' "$arg" >&2
    usage
    ;;
  esac
done
if ((named)); then
  FRESH=$fresh_flag
else
  ((fresh_flag == 0)) || usage # --fresh only makes sense with named servers: all of them start fresh anyway
  WANT=([redis]=1 [mongo]=1 [kafka]=1)
fi
((with_prometheus)) && WANT[prometheus]=1
wants() { [[ -n ${WANT[$1]:-} ]]; }
# Only Prometheus asked for: no Java or jars needed.
servers_only_prometheus() { [[ ${#WANT[@]} -eq 1 && -n ${WANT[prometheus]:-} ]]; }

T0=$(date +%s%N)
STEP_T=$T0
ms_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
fmt_s() { printf '%d.%01ds' $(($1 / 1000)) $((($1 % 1000) / 100)); }
log() { printf '[infra %7s] %s\n' "$(fmt_s "$(ms_since "$T0")")" "$*"; }
step_done() { log "$1 ($(fmt_s "$(ms_since "$STEP_T")"))"; STEP_T=$(date +%s%N); }
die() {
  printf '[infra] ERROR: %s\n' "$*" >&2
  if compgen -G "$RUN/pids/*.pid" >/dev/null; then
    printf '[infra] servers started so far keep running; stop them with: bash infra/down.sh\n' >&2
  fi
  exit 1
}
show_log() { # file [lines]
  local lines=${2:-40}
  [[ ${CI:-} == true ]] && lines=200 # CI keeps no files: show more
  [[ -f $1 ]] || return 0
  printf -- '----- last %s lines of %s -----\n' "$lines" "$1" >&2
  tail -n "$lines" "$1" >&2
  printf -- '-----\n' >&2
}

[[ $MONGO_STORAGE == file || $MONGO_STORAGE == memory ]] || die "NOCTURNE_MONGO_STORAGE must be file or memory (got: $MONGO_STORAGE)"
mkdir -p "$CACHE" "$RUN/logs" "$RUN/pids"

# One up.sh at a time (a second one waits for the first).
exec 9>"$RUN/up.lock"
flock -w 900 9 || die "another infra/up.sh holds $RUN/up.lock"

# ---------------------------------------------------------------------------------------------------------
# Helpers: processes we own are recorded as $RUN/pids/<name>.pid and recognised by a word of their command line.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

owned_pid() { # name marker -> prints the pid if our process is alive
  local f="$RUN/pids/$1.pid" pid
  [[ -f $f ]] || return 1
  pid=$(<"$f")
  if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$2"; then
    echo "$pid"
    return 0
  fi
  rm -f "$f"
  return 1
}

start_bg() { # name logfile command... : starts a detached process and records its pid
  local name=$1 logfile=$2
  shift 2
  setsid nohup "$@" >>"$logfile" 2>&1 </dev/null 9>&- &
  echo $! >"$RUN/pids/$name.pid"
}

need_apt_update=1
apt_install() {
  [[ $(id -u) -eq 0 ]] || die "apt-get install $* needs root (install it yourself: sudo apt-get install $*)"
  export DEBIAN_FRONTEND=noninteractive
  if ((need_apt_update)); then
    apt-get update -qq >"$RUN/logs/apt.log" 2>&1 || {
      show_log "$RUN/logs/apt.log"
      die "apt-get update failed"
    }
    need_apt_update=0
  fi
  # Keep Debian's maintainer scripts from starting the packaged service: up.sh starts its own.
  local policy=/usr/sbin/policy-rc.d created=0
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created=1
  fi
  local rc=0
  apt-get install -y -qq --no-install-recommends "$@" >>"$RUN/logs/apt.log" 2>&1 || rc=$?
  ((created)) && rm -f "$policy"
  if ((rc != 0)); then
    show_log "$RUN/logs/apt.log"
    die "apt-get install $* failed"
  fi
}

hash_of() { cat "$@" | sha256sum | cut -c1-16; }

# ---------------------------------------------------------------------------------------------------------
# 1. Tools
log "cache $CACHE, run dir $RUN"
((named == 0)) || log "servers asked for: ${!WANT[*]} ($( ((FRESH)) && echo 'fresh data' || echo 'keeping their data'))"
missing=()
if ! servers_only_prometheus; then
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null || missing+=(redis-server redis-tools)
  # A JDK: javac compiles the MongoDB stand-in's launcher (infra/mongo).
  command -v java >/dev/null && command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
  command -v mvn >/dev/null || missing+=(maven)
fi
if wants prometheus; then command -v prometheus >/dev/null || missing+=(prometheus); fi
if ((${#missing[@]})); then
  log "installing with apt-get: ${missing[*]}"
  apt_install "${missing[@]}"
fi
if servers_only_prometheus; then
  step_done "tools ready ($(prometheus --version 2>&1 | head -1))"
else
command -v node >/dev/null || die "node is needed"
java_major=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
((${java_major:-0} >= 17)) || die "Kafka 4.1 and the MongoDB stand-in need Java 17 or newer (found: $(java -version 2>&1 | head -1))"
step_done "tools ready (java $java_major, node $(node -v), $(redis-server --version | awk '{print $3}' | sed 's/v=/redis /'))"

# ---------------------------------------------------------------------------------------------------------
# 2. Kafka's jars and the MongoDB stand-in's (Maven), and the stand-in's launcher (javac), cached by the hash
#    of their inputs.
resolve_jars() { # what pom.xml dir: `mvn dependency:copy-dependencies` into dir, once
  local what=$1 pom=$2 dir=$3 jars
  if [[ -f "$dir/.complete" ]]; then
    step_done "$what jars cached ($dir)"
    return
  fi
  log "resolving the $what jars with Maven ..."
  rm -rf "$dir.tmp"
  mkdir -p "$dir.tmp"
  if ! mvn -B -q -f "$pom" -Dmaven.repo.local="$CACHE/m2" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$dir.tmp" \
    >"$RUN/logs/maven.log" 2>&1; then
    show_log "$RUN/logs/maven.log"
    die "Maven could not resolve the $what jars (see $RUN/logs/maven.log)"
  fi
  rm -rf "$dir"
  mv "$dir.tmp" "$dir"
  touch "$dir/.complete"
  jars=("$dir"/*.jar)
  step_done "$what jars in $dir (${#jars[@]} jars)"
}

KAFKA_LIB="$CACHE/kafka/$(hash_of "$INFRA/kafka/pom.xml")/lib"
if wants kafka; then
  resolve_jars Kafka "$INFRA/kafka/pom.xml" "$KAFKA_LIB"
  KAFKA_JAR=$(compgen -G "$KAFKA_LIB/kafka_2.13-*.jar" | head -1 || true)
  [[ -n $KAFKA_JAR ]] || die "no kafka_2.13 jar in $KAFKA_LIB; delete $CACHE/kafka and re-run"
  KAFKA_VERSION=$(basename "$KAFKA_JAR" .jar)
  KAFKA_VERSION=${KAFKA_VERSION#kafka_2.13-}
fi

MONGO_SOURCES=$(find "$INFRA/mongo/src" -name '*.java' | sort)
# shellcheck disable=SC2086
MONGO_DIR="$CACHE/mongo/$({ cat "$INFRA/mongo/pom.xml" $MONGO_SOURCES; javac -version 2>&1; } | sha256sum | cut -c1-16)"
if wants mongo; then
  resolve_jars "MongoDB stand-in" "$INFRA/mongo/pom.xml" "$MONGO_DIR/lib"
  if [[ ! -f "$MONGO_DIR/classes/.complete" ]]; then
    rm -rf "$MONGO_DIR/classes"
    # shellcheck disable=SC2086
    if ! javac -Xlint:all -Werror --release 17 -d "$MONGO_DIR/classes" -cp "$MONGO_DIR/lib/*" $MONGO_SOURCES >"$RUN/logs/mongo-build.log" 2>&1; then
      show_log "$RUN/logs/mongo-build.log"
      die "compiling infra/mongo failed (see $RUN/logs/mongo-build.log)"
    fi
    touch "$MONGO_DIR/classes/.complete"
    step_done "MongoDB stand-in compiled into $MONGO_DIR/classes"
  fi
fi
fi # servers_only_prometheus

# ---------------------------------------------------------------------------------------------------------
# 3. Start what is not running yet.
declare -A STARTED=() REUSED=()

start_redis() {
  local pid
  if pid=$(owned_pid redis redis-server); then
    log "redis already running (pid $pid)"
    return
  fi
  if port_open $REDIS_PORT; then
    REUSED[redis]=1
    log "WARNING: port $REDIS_PORT is taken by a process infra/up.sh did not start; using it as Redis (down.sh will leave it alone)"
    return
  fi
  # Append-only file, written every second: sessions and rate-limit counters survive a restart of Redis
  # (`up.sh redis` after `down.sh redis`); a fresh start throws them away.
  if ((FRESH)); then
    rm -rf "$RUN/redis"
    : >"$RUN/logs/redis.log"
  else
    [[ -d $RUN/redis ]] && log "redis: restarting on its append-only file in $RUN/redis"
  fi
  mkdir -p "$RUN/redis"
  start_bg redis "$RUN/logs/redis.log" redis-server --bind 127.0.0.1 --port $REDIS_PORT --protected-mode yes \
    --save '' --appendonly yes --appendfsync everysec --dir "$RUN/redis" --daemonize no --logfile '' --loglevel notice
  STARTED[redis]=1
}

kafka_properties() { # the template with this set's data directory and ports
  sed -e "s#@LOG_DIRS@#$RUN/kafka/data#" -e "s#127.0.0.1:9092#127.0.0.1:$KAFKA_PORT#g" -e "s#127.0.0.1:9093#127.0.0.1:$KAFKA_CONTROLLER_PORT#g" \
    "$INFRA/kafka/server.properties"
}

start_kafka() {
  local pid
  if pid=$(owned_pid kafka kafka.Kafka); then
    log "kafka already running (pid $pid)"
    return
  fi
  if port_open $KAFKA_PORT; then
    REUSED[kafka]=1
    log "WARNING: port $KAFKA_PORT is taken by a process infra/up.sh did not start; using it as Kafka (down.sh will leave it alone)"
    return
  fi
  port_open $KAFKA_CONTROLLER_PORT &&
    die "port $KAFKA_CONTROLLER_PORT (the Kafka controller listener) is taken by another process; free it and re-run"
  local dir="$RUN/kafka" cluster_id
  # shellcheck disable=SC2206
  KAFKA_JAVA=(java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -XX:MaxGCPauseMillis=20
    -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true
    -Dlog4j2.configurationFile="$INFRA/kafka/log4j2.properties" -Dkafka.logs.file="$RUN/logs/kafka.log"
    -cp "$KAFKA_LIB/*")
  if ((FRESH == 0)) && [[ -f $dir/data/meta.properties ]]; then
    # A restart of a named server (up.sh kafka): the same storage, topics, offsets and cluster id.
    kafka_properties >"$dir/server.properties"
    log "kafka: restarting on its data in $dir/data"
    start_bg kafka "$RUN/logs/kafka.out" "${KAFKA_JAVA[@]}" kafka.Kafka "$dir/server.properties"
    STARTED[kafka]=1
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir/data"
  kafka_properties >"$dir/server.properties"
  # Cluster id: 16 random bytes, base64url without padding (what `kafka-storage random-uuid` prints).
  cluster_id=-
  while [[ $cluster_id == -* ]]; do
    cluster_id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')
  done
  : >"$RUN/logs/kafka.log"
  : >"$RUN/logs/kafka.out"
  if ! "${KAFKA_JAVA[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$dir/server.properties" \
    >>"$RUN/logs/kafka.out" 2>&1; then
    show_log "$RUN/logs/kafka.out"
    die "formatting Kafka storage failed"
  fi
  start_bg kafka "$RUN/logs/kafka.out" "${KAFKA_JAVA[@]}" kafka.Kafka "$dir/server.properties"
  STARTED[kafka]=1
}

start_mongo() {
  local pid storage=$MONGO_STORAGE
  if pid=$(owned_pid mongo "$MONGO_MARKER"); then
    log "mongo already running (pid $pid)"
    return
  fi
  if port_open $MONGO_PORT; then
    REUSED[mongo]=1
    log "WARNING: port $MONGO_PORT is taken by a process infra/up.sh did not start; using it as MongoDB (down.sh will leave it alone)"
    return
  fi
  if ((FRESH)); then
    rm -rf "$RUN/mongo"
    : >"$RUN/logs/mongo.log"
  elif [[ $storage == memory ]]; then
    log "mongo: in memory (NOCTURNE_MONGO_STORAGE=memory): it starts empty"
  else
    [[ -f $RUN/mongo/nocturne.mv ]] && log "mongo: restarting on its data in $RUN/mongo"
  fi
  mkdir -p "$RUN/mongo"
  local data=()
  [[ $storage == file ]] && data=(--data "$RUN/mongo/nocturne.mv")
  # shellcheck disable=SC2206
  start_bg mongo "$RUN/logs/mongo.log" java ${MONGO_HEAP_OPTS:--Xms64m -Xmx1g} -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError \
    -Djava.awt.headless=true -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.showDateTime=true \
    -cp "$MONGO_DIR/classes:$MONGO_DIR/lib/*" "$MONGO_MARKER" --host 127.0.0.1 --port "$MONGO_PORT" "${data[@]}"
  STARTED[mongo]=1
}

# Prometheus scraping the local processes every 5 s (static targets: the METRICS_PORT defaults). A target
# that is not running shows as down; nothing else depends on it. Data is thrown away at each start.
start_prometheus() {
  local pid targets
  if pid=$(owned_pid prometheus prometheus); then
    log "prometheus already running (pid $pid)"
    return
  fi
  port_open $PROMETHEUS_PORT && die "something else listens on 127.0.0.1:$PROMETHEUS_PORT (PROMETHEUS_PORT)"
  rm -rf "$RUN/prometheus"
  mkdir -p "$RUN/prometheus/data"
  targets=$(printf '"127.0.0.1:%s", ' "${METRICS_TARGETS[@]}")
  cat >"$RUN/prometheus/prometheus.yml" <<YAML
# Written by infra/up.sh: the local Nocturne processes (npm start, or the launcher with real infrastructure).
global:
  scrape_interval: 5s
  evaluation_interval: 5s
scrape_configs:
  - job_name: nocturne
    static_configs:
      - targets: [${targets%, }]
YAML
  : >"$RUN/logs/prometheus.log"
  start_bg prometheus "$RUN/logs/prometheus.log" prometheus --config.file="$RUN/prometheus/prometheus.yml" \
    --storage.tsdb.path="$RUN/prometheus/data" --web.listen-address=127.0.0.1:$PROMETHEUS_PORT --storage.tsdb.retention.time=1d
  STARTED[prometheus]=1
}

if wants redis; then start_redis; fi
if wants mongo; then start_mongo; fi
if wants kafka; then start_kafka; fi
if wants prometheus; then start_prometheus; fi
started="${!STARTED[*]}"
step_done "started: ${started:-nothing new}"

# ---------------------------------------------------------------------------------------------------------
# 4. Wait until each server really answers.
fail_with_log() { # name logfile message
  show_log "$2" 60
  [[ $1 == kafka ]] && show_log "$RUN/logs/kafka.out" 20 # JVM output: out-of-memory, bad options
  die "$3 (log: $2)"
}

have_node_clients=1
(cd "$ROOT" && node -e "require.resolve('kafkajs');require.resolve('mongoose');require.resolve('ioredis')") >/dev/null 2>&1 ||
  have_node_clients=0
((have_node_clients)) || log "WARNING: node_modules not installed: Kafka and MongoDB are checked by their logs and ports only (run npm ci first for a protocol check)"

wait_redis() {
  local deadline=$((SECONDS + TIMEOUT)) pid
  pid=$(owned_pid redis redis-server || true)
  until [[ $(redis-cli -h 127.0.0.1 -p $REDIS_PORT ping 2>/dev/null) == PONG ]]; do
    if [[ -n ${STARTED[redis]:-} && -z $pid ]] || ((SECONDS > deadline)); then
      fail_with_log redis "$RUN/logs/redis.log" "Redis did not answer PING on 127.0.0.1:$REDIS_PORT"
    fi
    sleep 0.2
    pid=$(owned_pid redis redis-server || true)
  done
  log "redis ready (PONG, $(redis-cli -p $REDIS_PORT info server | sed -n 's/^redis_version:\(.*\)\r$/\1/p'))"
}

wait_node() { # kind pidname marker logfile fallback-log-pattern
  local kind=$1 pid out rc=0
  pid=$(owned_pid "$2" "$3" || true)
  if ((have_node_clients)); then
    out=$(cd "$ROOT" && node "$INFRA/lib/ready.mjs" "$kind" --timeout "$TIMEOUT" ${pid:+--pid "$pid"} 2>&1) || rc=$?
    ((rc == 0)) || fail_with_log "$kind" "$4" "$kind is not ready: $out"
    log "$out"
  else
    local deadline=$((SECONDS + TIMEOUT)) port
    port=$([[ $kind == kafka ]] && echo $KAFKA_PORT || echo $MONGO_PORT)
    until port_open "$port" && { [[ -z $pid ]] || grep -q "$5" "$4"; }; do
      if { [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; } || ((SECONDS > deadline)); then
        fail_with_log "$kind" "$4" "$kind did not start on 127.0.0.1:$port"
      fi
      sleep 0.3
    done
    log "$kind listening on 127.0.0.1:$port"
  fi
}

if wants redis; then wait_redis; fi
if wants mongo; then wait_node mongo mongo "$MONGO_MARKER" "$RUN/logs/mongo.log" "listening on"; fi
if wants kafka; then wait_node kafka kafka kafka.Kafka "$RUN/logs/kafka.log" "Kafka Server started"; fi
wait_prometheus() {
  local deadline=$((SECONDS + TIMEOUT))
  until node -e "fetch('http://127.0.0.1:$PROMETHEUS_PORT/-/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" 2>/dev/null; do
    if ! owned_pid prometheus prometheus >/dev/null || ((SECONDS > deadline)); then
      fail_with_log prometheus "$RUN/logs/prometheus.log" "Prometheus did not become ready on 127.0.0.1:$PROMETHEUS_PORT"
    fi
    sleep 0.3
  done
  log "prometheus ready on http://127.0.0.1:$PROMETHEUS_PORT, scraping 127.0.0.1:{${METRICS_TARGETS[*]}}"
}
if wants prometheus; then wait_prometheus; fi
if ((named)); then step_done "answering: ${!WANT[*]}"; else step_done "all servers answer"; fi

if servers_only_prometheus; then
  log "ready in $(fmt_s "$(ms_since "$T0")"): Prometheus on http://127.0.0.1:$PROMETHEUS_PORT; logs in $RUN/logs"
  exit 0
fi

cat >"$RUN/env" <<EOF
export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT
export MONGODB_URI=mongodb://127.0.0.1:$MONGO_PORT
export REDIS_URL=redis://127.0.0.1:$REDIS_PORT
EOF

reused="${!REUSED[*]}"
[[ -z $reused ]] || log "WARNING: not started by up.sh (left alone by down.sh): $reused"
if ((named)); then
  log "ready in $(fmt_s "$(ms_since "$T0")"): ${!WANT[*]}; logs in $RUN/logs"
else
  log "ready in $(fmt_s "$(ms_since "$T0")"): Redis $(redis-server --version | awk '{print $3}' | sed 's/v=//'), Kafka $KAFKA_VERSION (KRaft), MongoDB stand-in ($( [[ $MONGO_STORAGE == file ]] && echo 'H2 file' || echo 'in memory')); logs in $RUN/logs"
fi
echo
echo "Use these variables (also in $RUN/env, for: source $RUN/env):"
echo "$ENV_LINE"
