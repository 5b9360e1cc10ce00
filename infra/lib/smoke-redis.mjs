/* eslint-disable no-console -- command-line script: its output is the point */
// Exercises Redis at REDIS_URL (default redis://127.0.0.1:6379) with ioredis: strings with TTL, sets,
// a MULTI transaction, INCR and a Lua script, and publish/subscribe.
// Usage: node infra/lib/smoke-redis.mjs   (exit code 0 when everything works)
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

const require = createRequire(import.meta.url);
const Redis = require('ioredis');
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const p = `smoke:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(url, { maxRetriesPerRequest: 2 });
const sub = new Redis(url, { maxRetriesPerRequest: 2 });

try {
  assert.equal(await redis.ping(), 'PONG');
  await redis.set(`${p}session`, JSON.stringify({ userId: 1 }), 'EX', 60);
  const ttl = await redis.ttl(`${p}session`);
  assert.ok(ttl > 0 && ttl <= 60, `ttl ${ttl}`);
  await redis.set(`${p}short`, '1', 'PX', 50);
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(await redis.get(`${p}short`), null, 'key did not expire');

  await redis.sadd(`${p}user-sessions:1`, 'a', 'b');
  assert.deepEqual((await redis.smembers(`${p}user-sessions:1`)).sort(), ['a', 'b']);
  const res = await redis.multi().incr(`${p}n`).incr(`${p}n`).expire(`${p}n`, 10).exec();
  assert.equal(res[1][1], 2);
  const v = await redis.eval("return redis.call('INCRBY', KEYS[1], ARGV[1])", 1, `${p}n`, 5);
  assert.equal(v, 7);

  const got = new Promise((resolve) => sub.on('message', (_ch, msg) => resolve(msg)));
  await sub.subscribe(`${p}chan`);
  await redis.publish(`${p}chan`, 'hello');
  assert.equal(await got, 'hello');

  const keys = await redis.keys(`${p}*`);
  if (keys.length) await redis.del(...keys);
  console.log(`redis smoke: all passed (${(await redis.info('server')).match(/redis_version:(\S+)/)[1]})`);
} catch (err) {
  console.error(`redis smoke: FAILED: ${err?.stack ?? err}`);
  process.exitCode = 1;
} finally {
  redis.disconnect();
  sub.disconnect();
}
