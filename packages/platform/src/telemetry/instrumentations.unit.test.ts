import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { mongo } from 'mongoose';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { mongoCommandShape, redisCommandShape, standardInstrumentations } from './instrumentations';

// What `@nocturne/platform/tracing` registers: the MongoDB driver's instrumentation (the services use the
// driver through `mongoose.mongo` and define no mongoose model, so mongoose's instrumentation saw nothing),
// and commands recorded without their values.
let instrumentations: Instrumentation[];
beforeAll(() => {
  instrumentations = standardInstrumentations();
});
// They patch modules as Node loads them, in this worker too: undone for the next test file.
afterAll(() => instrumentations.forEach((instrumentation) => instrumentation.disable()));

const person = { userId: 7, username: 'luna', email: 'luna@example.test', name: 'Luna Night', bio: 'moonlit walks' };

describe('the standard instrumentations', () => {
  it("patch the MongoDB driver that mongoose brings, only inside a trace, with the statement's shape only", () => {
    const names = instrumentations.map((instrumentation) => instrumentation.instrumentationName);
    expect(names).toContain('@opentelemetry/instrumentation-mongodb');
    expect(names).not.toContain('@opentelemetry/instrumentation-mongoose');
    const mongodb = instrumentations.find((instrumentation) => instrumentation.instrumentationName === '@opentelemetry/instrumentation-mongodb')!;
    expect(mongodb.getConfig()).toMatchObject({ requireParentSpan: true, dbStatementSerializer: mongoCommandShape });
    expect(mongodb.getConfig()).not.toMatchObject({ enhancedDatabaseReporting: true });
  });

  it('patch the driver as a service process loads it: `@nocturne/platform/tracing` first, then the driver', () => {
    // A process of its own (jest's module registry is invisible to the instrumentations' hooks), on the
    // sources; the driver is the version mongoose brings, and its commands go through the wrapper.
    const script = [
      "require('./src/tracing.ts');",
      "const path = require('node:path');",
      "const fromMongoose = require('node:module').createRequire(require.resolve('mongoose'));",
      "fromMongoose('mongodb');",
      "const driver = path.dirname(fromMongoose.resolve('mongodb/package.json'));",
      "const { Connection } = require(path.join(driver, 'lib/cmap/connection.js'));",
      "process.stdout.write(JSON.stringify({ version: require(path.join(driver, 'package.json')).version, wrapped: Connection.prototype.command.__wrapped === true }));",
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: path.resolve(__dirname, '../..'),
      // An endpoint turns tracing on; no span is made here, so nothing is sent.
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ version: expect.stringMatching(/^\d+\./), wrapped: true });
  });
});

describe('a MongoDB command in a span', () => {
  it('shows the field and operator names of a query, never its values', () => {
    expect(mongoCommandShape({ find: 'events', filter: { streamId: 'user-7', _id: { $gte: mongo.Long.fromNumber(41) } }, sort: new Map([['_id', 1]]), limit: 500 })).toBe(
      '{"find":"?","filter":{"streamId":"?","_id":{"$gte":"?"}},"sort":{"_id":"?"},"limit":"?"}',
    );
    expect(mongoCommandShape({ find: 'profiles', filter: { $and: [{ gender: { $in: ['Female', 'Other'] } }, { age: { $gte: 25, $lte: 40 } }] } })).toBe(
      '{"find":"?","filter":{"$and":[{"gender":{"$in":"?"}},{"age":{"$gte":"?","$lte":"?"}}]}}',
    );
  });

  it("records no person's data of a stored document or an update, nor an id or address used as a key", () => {
    const insert = mongoCommandShape({ _id: 'evt-1', streamId: 'user-7', type: 'UserRegistered', data: person, metadata: { occurredAt: new Date() } });
    const update = mongoCommandShape({ update: 'profiles', updates: [{ q: { _id: 'profile-7' }, u: { $set: { bio: person.bio, 'likes.12': true, 'luna@example.test': 1 } } }] });
    for (const shape of [insert, update]) for (const value of [...Object.values(person).map(String), 'user-7', 'profile-7', '12', 'example.test']) expect(shape).not.toContain(value);
    expect(insert).toBe('{"_id":"?","streamId":"?","type":"?","data":{"userId":"?","username":"?","email":"?","name":"?","bio":"?"},"metadata":{"occurredAt":"?"}}');
    expect(update).toBe('{"update":"?","updates":[{"q":{"_id":"?"},"u":{"$set":{"bio":"?","likes.?":"?","?":"?"}}}]}');
  });

  it('does not serialize a stored photo, and leaves out what the driver adds to every command', () => {
    const photo = new mongo.Binary(Buffer.alloc(5 * 1024 * 1024, 7));
    expect(mongoCommandShape({ _id: new mongo.ObjectId(), files_id: new mongo.ObjectId(), n: 0, data: photo })).toBe('{"_id":"?","files_id":"?","n":"?","data":"?"}');
    expect(mongoCommandShape({ findAndModify: 'counters', query: { _id: 'globalPosition' }, update: { $inc: { value: 3 } }, lsid: { id: new mongo.UUID() }, $db: 'auth' })).toBe(
      '{"findAndModify":"?","query":{"_id":"?"},"update":{"$inc":{"value":"?"}}}',
    );
  });
});

describe('a Redis command in a span', () => {
  it("shows the command and its key's leading words, never the address, id or hash after them", () => {
    expect(redisCommandShape('incrby', ['auth:rate:sign-up:address:203.0.113.9', 1])).toBe('incrby auth:rate:sign-up:address:?');
    expect(redisCommandShape('get', ['session:Qm9vbGVhbnM'])).toBe('get session:?');
    expect(redisCommandShape('sadd', [Buffer.from('chat:presence:7'), 'connection-1'])).toBe('sadd chat:presence:?');
    expect(redisCommandShape('ping', [])).toBe('ping');
  });
});
