/* eslint-disable no-console -- command-line script: its output is the point */
// Exercises the MongoDB features the app relies on against MONGODB_URI (default mongodb://127.0.0.1:27017):
// unique indexes and duplicate-key errors (11000, with keyPattern and keyValue), compound unique (stream,
// version), what a partly refused insertMany reports as inserted, the event store's race for a stream version
// and its poll after a position, find with sort/limit, findOneAndUpdate with $inc and upsert, atomic writes
// under concurrency, bulkWrite, countDocuments, aggregate and GridFS.
// Usage: node infra/lib/smoke-mongo.mjs   (exit code 0 when everything works)
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

const require = createRequire(import.meta.url);
const mongoose = require('mongoose');
const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017';
const dbName = `nocturne_smoke_${randomBytes(4).toString('hex')}`;

const steps = [];
async function step(name, fn) {
  const t = Date.now();
  try {
    await fn();
    steps.push(`ok   ${name} (${Date.now() - t} ms)`);
  } catch (err) {
    steps.push(`FAIL ${name}: ${err?.code ?? ''} ${err?.message ?? err}`);
    process.exitCode = 1;
  }
}

const conn = await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
try {
  await step('ping', async () => {
    const r = await conn.db.admin().command({ ping: 1 });
    assert.equal(r.ok, 1);
  });

  const Event = conn.model(
    'Event',
    new mongoose.Schema(
      { stream: String, version: Number, type: String, data: Object, position: Number },
      { collection: 'events', autoIndex: false },
    ).index({ stream: 1, version: 1 }, { unique: true }),
  );
  const Claim = conn.model(
    'Claim',
    new mongoose.Schema({ key: { type: String, unique: true } }, { collection: 'claims', autoIndex: false }),
  );
  const Counter = conn.model(
    'Counter',
    new mongoose.Schema({ _id: String, seq: Number }, { collection: 'counters' }),
  );

  await step('createIndexes (unique, compound unique)', async () => {
    await Event.createIndexes();
    await Claim.createIndexes();
    const idx = await Event.collection.indexes();
    assert.ok(idx.some((i) => i.unique && i.key.stream === 1 && i.key.version === 1), JSON.stringify(idx));
  });

  await step('insertOne + duplicate key 11000 (single field)', async () => {
    await Claim.create({ key: 'username-luna' });
    await assert.rejects(Claim.create({ key: 'username-luna' }), (e) => e.code === 11000);
  });

  await step('insertMany + duplicate key 11000 (compound)', async () => {
    await Event.insertMany([
      { stream: 'user-1', version: 1, type: 'A', position: 1 },
      { stream: 'user-1', version: 2, type: 'B', position: 2 },
      { stream: 'user-2', version: 1, type: 'A', position: 3 },
    ]);
    await assert.rejects(
      Event.insertMany([{ stream: 'user-1', version: 2, type: 'C', position: 4 }]),
      (e) => e.code === 11000 || e.writeErrors?.[0]?.code === 11000,
    );
  });

  await step('insertMany partly refused: insertedCount and what is stored (ordered and unordered)', async () => {
    const coll = conn.db.collection('partial');
    await coll.insertOne({ _id: 3 });
    // Ordered: stops at the duplicate; the event store reads insertedCount to know which events were stored.
    const ordered = await coll.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }, { _id: 4 }], { ordered: true }).catch((e) => e);
    assert.equal(ordered.code, 11000, `ordered insertMany: ${ordered}`);
    assert.equal(ordered.insertedCount, 2, 'ordered insertMany: insertedCount counts only the stored documents');
    assert.deepEqual((await coll.find().sort({ _id: 1 }).toArray()).map((d) => d._id), [1, 2, 3]);
    const unordered = await coll.insertMany([{ _id: 5 }, { _id: 3 }, { _id: 6 }], { ordered: false }).catch((e) => e);
    assert.equal(unordered.code, 11000, `unordered insertMany: ${unordered}`);
    assert.equal(unordered.insertedCount, 2, 'unordered insertMany: insertedCount counts only the stored documents');
    assert.deepEqual((await coll.find().sort({ _id: 1 }).toArray()).map((d) => d._id), [1, 2, 3, 5, 6]);
  });

  await step('duplicate key errors name the index keys (keyPattern, keyValue)', async () => {
    const insert = await Claim.create({ key: 'username-luna' }).catch((e) => e);
    assert.deepEqual([insert.code, insert.keyPattern, insert.keyValue], [11000, { key: 1 }, { key: 'username-luna' }]);
    const other = await Claim.create({ key: 'username-sol' });
    const update = await Claim.updateOne({ _id: other._id }, { $set: { key: 'username-luna' } }).catch((e) => e);
    assert.deepEqual([update.code, update.keyPattern], [11000, { key: 1 }]);
  });

  await step('the race for a stream version: one of 10 concurrent appends wins', async () => {
    const coll = conn.db.collection('race');
    await coll.createIndex({ streamId: 1, streamVersion: 1 }, { unique: true });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => coll.insertMany([{ _id: 100 + i, streamId: 'pair-1', streamVersion: 1 }], { ordered: true })),
    );
    const won = results.filter((r) => r.status === 'fulfilled' || r.reason?.insertedCount > 0);
    assert.equal(won.length, 1, `${won.length} appends took version 1`);
    assert.ok(results.filter((r) => r.status === 'rejected').every((r) => r.reason.code === 11000 && r.reason.insertedCount === 0));
    assert.equal(await coll.countDocuments({ streamId: 'pair-1' }), 1);
  });

  await step("the event store's poll and stream lookup: _id >= n sorted, a stream's last version", async () => {
    const coll = conn.db.collection('log');
    await coll.createIndex({ streamId: 1, streamVersion: 1 }, { unique: true });
    await coll.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: 300 - i, streamId: `s-${(300 - i) % 7}`, streamVersion: Math.ceil((300 - i) / 7) })));
    const page = await coll.find({ _id: { $gte: 42 } }).sort({ _id: 1 }).limit(16).toArray();
    assert.deepEqual(page.map((d) => d._id), Array.from({ length: 16 }, (_, i) => 42 + i));
    const last = await coll.findOne({ streamId: 's-3' }, { sort: { streamVersion: -1 }, projection: { streamVersion: 1 } });
    assert.equal(last.streamVersion, Math.ceil(297 / 7));
    const stream = await coll.find({ streamId: 's-3', streamVersion: { $gte: 40 } }).sort({ streamVersion: 1 }).toArray();
    assert.deepEqual(stream.map((d) => d.streamVersion), [40, 41, 42, 43]);
  });

  await step('find with filter, sort, skip and limit', async () => {
    const docs = await Event.find({ position: { $gt: 1 } }).sort({ position: -1 }).limit(1).lean();
    assert.equal(docs.length, 1);
    assert.equal(docs[0].position, 3);
    const page = await Event.find({ stream: { $in: ['user-1', 'user-2'] } }).sort({ position: 1 }).skip(1).limit(5).lean();
    assert.deepEqual(page.map((d) => d.position), [2, 3]);
    assert.equal(await Event.countDocuments({ stream: 'user-1' }), 2);
  });

  await step('findOneAndUpdate $inc upsert', async () => {
    const a = await Counter.findOneAndUpdate({ _id: 'global' }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' }).lean();
    const b = await Counter.findOneAndUpdate({ _id: 'global' }, { $inc: { seq: 5 } }, { upsert: true, returnDocument: 'after' }).lean();
    assert.equal(a.seq, 1);
    assert.equal(b.seq, 6);
    await Promise.all(Array.from({ length: 20 }, () => Counter.updateOne({ _id: 'global' }, { $inc: { seq: 1 } })));
    assert.equal((await Counter.findById('global').lean()).seq, 26, 'concurrent $inc lost updates');
  });

  await step('atomic single-document writes under concurrency', async () => {
    const coll = conn.db.collection('cas');
    await coll.insertOne({ _id: 'agg', version: 0 });
    const r = await Promise.all(Array.from({ length: 10 }, () => coll.updateOne({ _id: 'agg', version: 0 }, { $set: { version: 1 } })));
    assert.equal(r.filter((x) => x.modifiedCount === 1).length, 1, 'a conditional update succeeded more than once');
    const seqs = await Promise.all(
      Array.from({ length: 10 }, () => coll.findOneAndUpdate({ _id: 'seq' }, { $inc: { n: 1 } }, { upsert: true, returnDocument: 'after' }).catch((e) => e)),
    );
    const values = seqs.filter((x) => !(x instanceof Error)).map((x) => x.n).sort((a, b) => a - b);
    assert.equal(new Set(values).size, values.length, `duplicate sequence values ${values}`);
  });

  await step('updateOne $set/$setOnInsert upsert, bulkWrite unordered', async () => {
    const coll = conn.db.collection('profiles');
    await coll.updateOne({ _id: 7 }, { $set: { name: 'Ada' }, $setOnInsert: { createdAt: new Date() } }, { upsert: true });
    const r = await coll.bulkWrite(
      [
        { updateOne: { filter: { _id: 7 }, update: { $set: { city: 'Oslo' } } } },
        { insertOne: { document: { _id: 8, name: 'Bo' } } },
        { deleteOne: { filter: { _id: 99 } } },
      ],
      { ordered: false },
    );
    assert.equal(r.insertedCount, 1);
    const doc = await coll.findOne({ _id: 7 });
    assert.equal(doc.city, 'Oslo');
  });

  await step('aggregate $match/$group/$sort', async () => {
    const r = await Event.aggregate([{ $match: {} }, { $group: { _id: '$stream', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
    assert.deepEqual(r.map((x) => [x._id, x.n]), [['user-1', 2], ['user-2', 1]]);
  });

  await step('GridFS upload / download / delete', async () => {
    const bucket = new mongoose.mongo.GridFSBucket(conn.db, { bucketName: 'photos', chunkSizeBytes: 64 * 1024 });
    const payload = randomBytes(300 * 1024 + 17);
    const id = await new Promise((resolve, reject) => {
      const up = bucket.openUploadStream('p.jpg', { metadata: { contentType: 'image/jpeg' } });
      up.once('error', reject).once('finish', () => resolve(up.id));
      up.end(payload);
    });
    const chunks = [];
    for await (const c of bucket.openDownloadStream(id)) chunks.push(c);
    assert.ok(Buffer.concat(chunks).equals(payload), 'downloaded bytes differ');
    const files = await bucket.find({ _id: id }).toArray();
    assert.equal(files[0].length, payload.length);
    await bucket.delete(id);
    assert.equal((await bucket.find({ _id: id }).toArray()).length, 0);
  });
} finally {
  await conn.dropDatabase().catch(() => {});
  await conn.close();
}
console.log(steps.join('\n'));
console.log(process.exitCode ? 'mongo smoke: FAILED' : 'mongo smoke: all passed');
