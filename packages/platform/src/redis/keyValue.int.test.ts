import { keyValueContract } from '../testing';
import { RedisKeyValueStore } from '.';

// Needs a Redis server: `npm run infra:up`, then REDIS_URL=redis://127.0.0.1:6379.
const url = process.env.REDIS_URL;
const d = url ? describe : describe.skip;

d('Redis', () => {
  keyValueContract('Redis', () => RedisKeyValueStore.connect(url!));
});
