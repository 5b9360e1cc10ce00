/* eslint-disable no-console -- command-line script: its output is the point */
// Times the event store's two hot queries on MONGODB_URI with the app's own driver, at a log of N events:
// the stream lookup (the last version of one stream, before every append) and the poll (the log after a
// position, run by every projection and relay), as `packages/platform/src/mongo/eventStore.ts` makes them.
// Usage: node infra/lib/measure-mongo.mjs [events, default 50000] [streams, default events/10]; MEASURE_RUNS
// (default 50) sets how many times each query is timed (the median is printed).
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';

const require = createRequire(import.meta.url);
const mongoose = require('mongoose');
const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017';
const total = Number(process.argv[2] ?? 50_000);
const streams = Number(process.argv[3] ?? Math.max(1, Math.floor(total / 10)));
const dbName = `nocturne_measure_${randomBytes(4).toString('hex')}`;

const conn = await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
const events = conn.db.collection('events');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(label, runs, fn) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  console.log(`${label.padEnd(58)} median ${median(ms).toFixed(1).padStart(8)} ms  (${runs} runs)`);
}

try {
  const info = await conn.db.admin().command({ buildInfo: 1 });
  console.log(`${uri}: MongoDB ${info.version}${info.ferretdbVersion ? ` (FerretDB ${info.ferretdbVersion})` : ''}${info.nocturneStandIn ? ` (${info.nocturneStandIn})` : ''}`);
  await events.createIndex({ streamId: 1, streamVersion: 1 }, { unique: true, name: 'stream_version_unique' });
  const started = Date.now();
  const versions = new Map();
  for (let position = 1; position <= total; ) {
    const batch = [];
    for (let i = 0; i < 1000 && position <= total; i++, position++) {
      const streamId = `user-${(position * 7919) % streams}`;
      const streamVersion = (versions.get(streamId) ?? 0) + 1;
      versions.set(streamId, streamVersion);
      batch.push({
        _id: position,
        streamId,
        streamVersion,
        id: randomUUID(),
        type: 'SwipeRecorded',
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
        data: { swiperId: streamId, targetId: `user-${position % streams}`, liked: position % 2 === 0 },
        metadata: { correlationId: randomUUID() },
      });
    }
    await events.insertMany(batch, { ordered: true });
  }
  console.log(`${total} events in ${streams} streams written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const runs = Number(process.env.MEASURE_RUNS ?? 50);
  await time('stream lookup: findOne({streamId}) sort streamVersion -1', runs, (i) =>
    events.findOne({ streamId: `user-${(i * 31) % streams}` }, { sort: { streamVersion: -1 }, projection: { streamVersion: 1 } }),
  );
  await time('stream read: find({streamId, streamVersion >= 1}) sorted', runs, (i) =>
    events.find({ streamId: `user-${(i * 37) % streams}`, streamVersion: { $gte: 1 } }).sort({ streamVersion: 1 }).toArray(),
  );
  await time('poll, caught up: find({_id >= last + 1}) sort _id, limit 256', runs, () =>
    events.find({ _id: { $gte: total + 1 } }).sort({ _id: 1 }).limit(256).toArray(),
  );
  await time('poll, 100 behind: find({_id >= last - 99}) sort _id, limit 256', runs, () =>
    events.find({ _id: { $gte: total - 99 } }).sort({ _id: 1 }).limit(256).toArray(),
  );
  await time('poll, from the start: find({_id >= 1}) sort _id, limit 256', runs, () =>
    events.find({ _id: { $gte: 1 } }).sort({ _id: 1 }).limit(256).toArray(),
  );
} finally {
  await conn.dropDatabase().catch(() => {});
  await conn.close();
}
