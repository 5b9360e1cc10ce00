#!/usr/bin/env bash
# Checks the running infrastructure with the app's own client libraries (kafkajs, mongoose, ioredis):
# produce/consume with a consumer group, the MongoDB features the app relies on (unique indexes,
# duplicate-key errors, atomic $inc/upserts, GridFS, ...), and Redis TTLs, transactions and pub/sub.
# Run after infra/up.sh (needs node_modules: npm ci). Exit code 0 when all pass.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export KAFKA_BROKERS=${KAFKA_BROKERS:-127.0.0.1:9092}
export MONGODB_URI=${MONGODB_URI:-mongodb://127.0.0.1:27017}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
rc=0
for s in redis mongo kafka; do
  echo "== $s"
  node infra/lib/smoke-$s.mjs || rc=1
done
((rc == 0)) && echo "infra-smoke: 3 passed, 0 failed" || echo "infra-smoke: FAILED"
exit $rc
