/* eslint-disable no-console -- command-line script: its output is the point */
// Waits until a server really answers: `node infra/lib/ready.mjs <kafka|mongo|redis> [--timeout S] [--pid N]`.
// kafka: a metadata request and a group-coordinator lookup with kafkajs; mongo: a ping with mongoose; redis: PING with ioredis.
// Exit codes: 0 ready, 1 not ready within the timeout (or the process died), 3 client library not installed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const [kind, ...rest] = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : dflt;
};
const timeoutMs = Number(opt('timeout', '90')) * 1000;
const pid = opt('pid');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function load(name) {
  try {
    return require(name);
  } catch {
    console.error(`ready: '${name}' is not installed (run npm ci at the repository root for a protocol-level check)`);
    process.exit(3);
  }
}

const checks = {
  async kafka() {
    const { Kafka, logLevel } = load('kafkajs');
    const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
    return async () => {
      const admin = new Kafka({ clientId: 'nocturne-ready', brokers, logLevel: logLevel.NOTHING, retry: { retries: 0 }, connectionTimeout: 2000 }).admin();
      try {
        await admin.connect();
        const c = await admin.describeCluster();
        await admin.listTopics(); // a metadata request answered by a broker that has joined the cluster
        if (!c.brokers.length || c.controller == null) throw new Error('no controller elected yet');
        // The group coordinator answers once __consumer_offsets exists and is loaded: the first consumer
        // group of a test then joins at once instead of retrying "coordinator not available".
        await admin.describeGroups(['nocturne-ready']);
        return `cluster ${c.clusterId}, controller ${c.controller}, group coordinator up`;
      } finally {
        await admin.disconnect().catch(() => {});
      }
    };
  },
  async mongo() {
    const mongoose = load('mongoose');
    const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017';
    return async () => {
      const conn = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 2000 });
      try {
        await conn.asPromise();
        const r = await conn.db.admin().command({ ping: 1 });
        const info = await conn.db.admin().command({ buildInfo: 1 });
        if (r.ok !== 1) throw new Error(`ping answered ${JSON.stringify(r)}`);
        return `version ${info.version}${info.nocturneStandIn ? ` (${info.nocturneStandIn})` : ''}`;
      } finally {
        await conn.close().catch(() => {});
      }
    };
  },
  async redis() {
    const Redis = load('ioredis');
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    return async () => {
      const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
      try {
        await r.connect();
        const pong = await r.ping();
        if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
        return 'PONG';
      } finally {
        r.disconnect();
      }
    };
  },
};

if (!checks[kind]) {
  console.error('usage: node infra/lib/ready.mjs <kafka|mongo|redis> [--timeout S] [--pid N]');
  process.exit(2);
}
const check = await checks[kind]();
const deadline = Date.now() + timeoutMs;
let last = 'not tried';
for (;;) {
  if (pid) {
    try {
      process.kill(Number(pid), 0);
    } catch {
      console.error(`ready: ${kind} process ${pid} exited (last error: ${last})`);
      process.exit(1);
    }
  }
  try {
    console.log(`${kind} ready: ${await check()}`);
    process.exit(0);
  } catch (err) {
    last = err?.message ?? String(err);
  }
  if (Date.now() > deadline) {
    console.error(`ready: ${kind} did not answer within ${timeoutMs / 1000} s (last error: ${last})`);
    process.exit(1);
  }
  await sleep(300);
}
