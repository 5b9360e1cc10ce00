import type { Instrumentation } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

/** Whether an outgoing request's headers (undici: a `name: value\r\n` string or a flat name, value list) name a traceparent. */
const carriesTraceparent = (headers: string | ReadonlyArray<string | string[]>): boolean =>
  typeof headers === 'string' ? /(^|\r\n)traceparent:/i.test(headers) : headers.some((entry, index) => index % 2 === 0 && String(entry).toLowerCase() === 'traceparent');

/** Probes and scrapes are not worth a trace each. */
const UNTRACED_PATHS = /^\/(healthz|readyz|metrics)(\?|$)/;

/** A field or operator name (`streamId`, `$gte`, `data.userId`); anything else in a key (an id, an address) is data. */
const NAME = /^\$?[A-Za-z_][A-Za-z0-9_]*$/;
/** The driver's own fields of a command, the same on every call. */
const DRIVER_FIELDS = new Set(['lsid', 'txnNumber', '$db', '$clusterTime', '$readPreference', 'apiVersion', 'apiStrict', 'apiDeprecationErrors']);
const MAX_DEPTH = 5;
const MAX_FIELDS = 30;
const MAX_ITEMS = 10;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && !('_bsontype' in value);
};

/** A key's leading name segments, and "?" for whatever follows the first that is not a name (`likes.?`). */
function nameOf(key: string, separator: string, name: RegExp): string {
  const words: string[] = [];
  for (const segment of key.split(separator)) {
    if (!name.test(segment)) return [...words, '?'].join(separator);
    words.push(segment);
  }
  return words.join(separator);
}

function shapeOf(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return '?';
  // The driver hands a sort over as a Map (its order is the index order).
  if (value instanceof Map) return shapeOf(Object.fromEntries([...value].filter(([key]) => typeof key === 'string')), depth);
  if (Array.isArray(value)) {
    // A list of values ($in, $nin) is one value; a list of stages or conditions ($and, a pipeline) has a shape.
    const objects = value.filter((item) => item !== null && typeof item === 'object' && !Array.isArray(item) && isPlainObject(item));
    if (objects.length === 0 || depth >= MAX_DEPTH) return '?';
    return objects.slice(0, MAX_ITEMS).map((item) => shapeOf(item, depth + 1));
  }
  // Dates, ObjectIds, Binary (a photo), Long...: values, never walked.
  if (!isPlainObject(value) || depth >= MAX_DEPTH) return '?';
  const shape: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value).slice(0, MAX_FIELDS)) {
    if (depth === 0 && DRIVER_FIELDS.has(key)) continue;
    shape[nameOf(key, '.', NAME)] = shapeOf(field, depth + 1);
  }
  return shape;
}

/**
 * What a MongoDB span records of its command (`db.query.text`): field and operator names only, every value
 * "?" (`{"find":"?","filter":{"streamId":"?"},"sort":{"_id":"?"}}`), so that the shape of a query (which
 * index it needs) shows and no personal data does: not a value, not an id or an address used as a key.
 * Binary values (photos) are not serialized at all.
 */
export function mongoCommandShape(command: unknown): string {
  return JSON.stringify(shapeOf(command, 0));
}

/**
 * What a Redis span records of its command (`db.statement`): the command and its key's leading words
 * (`incrby auth:rate:sign-up:address:?`), never the address, id or hash after them, nor any other argument.
 */
export function redisCommandShape(command: string, args: ReadonlyArray<unknown>): string {
  const [key] = args;
  if (typeof key !== 'string' && !Buffer.isBuffer(key)) return command;
  return `${command} ${nameOf(key.toString(), ':', /^[a-z][a-z-]*$/)}`;
}

/**
 * The standard instrumentations `@nocturne/platform/tracing` registers: incoming and outgoing HTTP, Express,
 * GraphQL, Kafka, MongoDB (the driver: the services use it through `mongoose.mongo`, no mongoose model) and
 * Redis.
 */
export function standardInstrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? '') }),
    new ExpressInstrumentation(),
    new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
    // The gateway's signed subgraph calls carry their own client span and `traceparent`
    // (gateway/src/signedDataSource.ts): a second one from here would make two headers, which the
    // subgraph could not read.
    new UndiciInstrumentation({ ignoreRequestHook: (request) => carriesTraceparent(request.headers) }),
    new KafkaJsInstrumentation(),
    // Only inside a trace: the relays' and projections' polling, lease renewals and dedupe marks would
    // otherwise each make a trace of one span, every few hundred milliseconds.
    new MongoDBInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false, dbStatementSerializer: mongoCommandShape }),
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: redisCommandShape }),
  ];
}
