import { randomUUID } from 'node:crypto';
import { InProcessEventStore } from '@nocturne/platform';
import { UserIdAllocator } from './userIdAllocator';

const context = () => ({ now: new Date(), newEventId: randomUUID });

describe('user id allocation', () => {
  it('hands out 1, 2, 3... with no gap or duplicate when several instances allocate at once', async () => {
    const store = new InProcessEventStore();
    const instances = [new UserIdAllocator(store), new UserIdAllocator(store), new UserIdAllocator(store)];
    const ids = await Promise.all(Array.from({ length: 30 }, (_, index) => instances[index % instances.length]!.allocate(context())));
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    await store.close();
  });

  it('continues after the ids an earlier instance handed out', async () => {
    const store = new InProcessEventStore();
    await new UserIdAllocator(store).allocate(context());
    await new UserIdAllocator(store).allocate(context());
    expect(await new UserIdAllocator(store).allocate(context())).toBe(3);
    await store.close();
  });
});
