import { spawn } from 'node:child_process';
import { repoRoot, startOtlpReceiver, uniqueSuffix, type OtlpReceiver } from '../testing';

// The MongoDB event store on a real server (MONGODB_URI: `npm run infra:up`) in a process that starts as a
// service does (`@nocturne/platform/tracing` first, the compiled code of `npm run build`), exporting to a
// receiver that keeps the spans in memory: a request's database calls are spans of its trace, which show
// each command's shape and none of the values it carried; a call outside a trace makes none.
const uri = process.env.MONGODB_URI;
const d = uri ? describe : describe.skip;

/** Every leaf of a recorded statement. */
const leaves = (value: unknown): unknown[] => (value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value]);

const SCRIPT = `
require('@nocturne/platform/tracing');
const { randomUUID } = require('node:crypto');
const mongoose = require('mongoose');
const { MongoEventStore } = require('@nocturne/platform/mongo');
const { inSpan, SpanKind } = require('@nocturne/platform/telemetry');
const [database, streamId, data] = [process.env.TEST_DATABASE, process.env.TEST_STREAM, JSON.parse(process.env.TEST_DATA)];
(async () => {
  const connection = await mongoose.createConnection(process.env.MONGODB_URI, { dbName: database, serverSelectionTimeoutMS: 10000 }).asPromise();
  try {
    const store = await MongoEventStore.open(connection.db);
    await inSpan('POST /api/swipes', { kind: SpanKind.SERVER }, async () => {
      await store.append(streamId, [{ id: randomUUID(), type: 'SwipeRecorded', occurredAt: new Date().toISOString(), data }], { expectedVersion: 0 });
      if ((await store.readStream(streamId)).length !== 1) throw new Error('the event was not read back');
    });
    // Outside a trace, as the relays and projections poll every few hundred milliseconds.
    await store.readAll({ after: 0, limit: 10 });
    await store.close();
  } finally {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
  }
})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

d('database spans on a MongoDB server', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(() => receiver?.stop());

  it("puts a request's database calls in its trace, with each command's shape and none of its values", async () => {
    const streamId = `pair-${uniqueSuffix()}`;
    const data = { swiperId: 4711, swipedId: 4712, username: 'luna', email: 'luna@example.test', note: 'moonlit walks' };
    const child = spawn(process.execPath, ['-e', SCRIPT], {
      cwd: repoRoot,
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'nocturne-test', TEST_DATABASE: `nocturne_test_${uniqueSuffix()}`, TEST_STREAM: streamId, TEST_DATA: JSON.stringify(data) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // It flushes its spans as it ends.
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);

    const root = receiver.spans.find((span) => span.name === 'POST /api/swipes')!;
    const spans = receiver.trace(root.traceId);
    const database = spans.filter((span) => span.attributes['db.system.name'] === 'mongodb');
    // The insert and the read (and whatever else the store asks), each a child of the request.
    expect(database.map((span) => span.name)).toEqual(expect.arrayContaining(['insert events', 'find events']));
    for (const span of database) {
      expect(span.parentSpanId).toBe(root.spanId);
      const statement = String(span.attributes['db.query.text']);
      expect(leaves(JSON.parse(statement)).every((leaf) => leaf === '?')).toBe(true);
      for (const value of [streamId, ...Object.values(data).map(String)]) expect(statement).not.toContain(value);
    }
    expect(database.find((span) => span.name === 'find events')!.attributes['db.query.text']).toContain('"filter":{"streamId":"?"');
    expect(database.find((span) => span.name === 'find events')!.attributes['db.query.text']).toContain('"sort":{"streamVersion":"?"}');
    // The read outside a trace made no span: every database span is in the request's trace.
    expect(receiver.spans.filter((span) => span.attributes['db.system.name'] === 'mongodb')).toHaveLength(database.length);
  }, 60_000);
});
