/* eslint-disable no-console -- command-line script: its output is the point */
// Produces to and consumes from KAFKA_BROKERS (default 127.0.0.1:9092) with kafkajs: admin metadata,
// topic creation, keyed produce, a consumer group that reads everything back in per-key order, and
// committed offsets. Usage: node infra/lib/smoke-kafka.mjs   (exit code 0 when everything works)
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs');
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const suffix = randomBytes(4).toString('hex');
const topic = `smoke.events.${suffix}`;
const groupId = `smoke-group-${suffix}`;

const kafka = new Kafka({ clientId: 'nocturne-smoke', brokers, logLevel: logLevel.NOTHING, retry: { retries: 8 } });
const admin = kafka.admin();
const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
const consumer = kafka.consumer({ groupId, sessionTimeout: 10000, heartbeatInterval: 1000 });
const t0 = Date.now();
const log = (m) => console.log(`${String(Date.now() - t0).padStart(6)} ms  ${m}`);

try {
  await admin.connect();
  const cluster = await admin.describeCluster();
  log(`cluster ${cluster.clusterId}, brokers ${cluster.brokers.map((b) => `${b.host}:${b.port}`).join(',')}`);
  await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
  const md = await admin.fetchTopicMetadata({ topics: [topic] });
  assert.equal(md.topics[0].partitions.length, 3);
  log(`topic ${topic} with 3 partitions`);

  await producer.connect();
  const keys = ['user-1', 'user-2', 'user-3', 'user-4'];
  const messages = [];
  for (let i = 0; i < 40; i++) messages.push({ key: keys[i % keys.length], value: JSON.stringify({ i }) });
  await producer.send({ topic, messages });
  log(`produced ${messages.length} messages`);

  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const seen = new Map();
  let count = 0;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`consumed ${count}/40 within 30 s`)), 30000);
    consumer
      .run({
        eachMessage: async ({ message }) => {
          const key = message.key.toString();
          const { i } = JSON.parse(message.value.toString());
          const prev = seen.get(key) ?? -1;
          assert.ok(i > prev, `out of order for ${key}: ${i} after ${prev}`);
          seen.set(key, i);
          if (++count === messages.length) {
            clearTimeout(timer);
            setTimeout(resolve, 0); // after eachMessage returns, so that its offset is resolved
          }
        },
      })
      .catch(reject);
  });
  log(`consumed ${count} messages in per-key order with group ${groupId}`);
  await consumer.disconnect(); // commits the resolved offsets

  let committed = 0;
  for (let attempt = 0; attempt < 20 && committed !== messages.length; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 250));
    const offsets = await admin.fetchOffsets({ groupId, topics: [topic] });
    committed = offsets[0].partitions.reduce((n, p) => n + Math.max(0, Number(p.offset)), 0);
  }
  assert.equal(committed, messages.length, 'committed offsets');
  log(`group offsets committed: ${committed}`);

  // A topic created on first produce (auto.create.topics.enable) gets the broker default of 3 partitions.
  const autoTopic = `smoke.auto.${suffix}`;
  await producer.send({ topic: autoTopic, messages: [{ key: 'k', value: 'v' }] });
  const auto = await admin.fetchTopicMetadata({ topics: [autoTopic] });
  log(`auto-created ${autoTopic} with ${auto.topics[0].partitions.length} partitions`);

  await admin.deleteTopics({ topics: [topic, autoTopic] });
  await admin.deleteGroups([groupId]);
  console.log('kafka smoke: all passed');
} catch (err) {
  console.error(`kafka smoke: FAILED: ${err?.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await Promise.allSettled([consumer.disconnect(), producer.disconnect(), admin.disconnect()]);
}
