import { createWorkSlots, SlotsBusyError } from './workSlots';

/** Work that finishes when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return 'done';
    },
    finish: () => finish(),
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('work slots', () => {
  it('runs at most `capacity` at once and hands freed room to the next in line', async () => {
    const slots = createWorkSlots({ name: 'decoders', capacity: 2, queue: 5, waitMs: 10_000 });
    const works = [heldWork(), heldWork(), heldWork()];
    const results = works.map((held) => slots.run(held.work));
    await tick();
    expect(works.map((held) => held.started())).toEqual([true, true, false]);
    expect(slots.load()).toEqual({ used: 2, waiting: 1 });
    works[0]!.finish();
    await tick();
    expect(works[2]!.started()).toBe(true);
    expect(slots.load()).toEqual({ used: 2, waiting: 0 });
    works[1]!.finish();
    works[2]!.finish();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done']);
    expect(slots.load()).toEqual({ used: 0, waiting: 0 });
  });

  it('weighs work: large bodies take more of the room, in order, and one larger than all of it is refused', async () => {
    const memory = createWorkSlots({ name: 'upload memory', capacity: 100, queue: 5, waitMs: 10_000 });
    const big = heldWork();
    const running = memory.run(big.work, 70);
    const second = heldWork();
    const waitingBig = memory.run(second.work, 40);
    const small = heldWork();
    const waitingSmall = memory.run(small.work, 10);
    await tick();
    // 10 would fit, but it queues behind the 40 that came first.
    expect([second.started(), small.started()]).toEqual([false, false]);
    big.finish();
    await running;
    await tick();
    expect([second.started(), small.started()]).toEqual([true, true]);
    second.finish();
    small.finish();
    await Promise.all([waitingBig, waitingSmall]);
    await expect(memory.run(async () => 'never', 101)).rejects.toBeInstanceOf(SlotsBusyError);
  });

  it('refuses at once when the queue is full, telling when to come back', async () => {
    const slots = createWorkSlots({ name: 'decoders', capacity: 1, queue: 1, waitMs: 4_500 });
    const first = heldWork();
    const running = slots.run(first.work);
    const queued = slots.run(async () => 'queued');
    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SlotsBusyError);
    expect((refused as SlotsBusyError).retryAfterSeconds).toBe(5);
    first.finish();
    expect(await running).toBe('done');
    expect(await queued).toBe('queued');
  });

  it('refuses a waiter whose wait ran out, and lets those behind it through', async () => {
    const slots = createWorkSlots({ name: 'memory', capacity: 10, queue: 2, waitMs: 20 });
    const first = heldWork();
    const running = slots.run(first.work, 6);
    const tooBig = slots.run(async () => 'late', 10);
    const fits = slots.run(async () => 'fits', 4);
    await expect(tooBig).rejects.toBeInstanceOf(SlotsBusyError);
    expect(await fits).toBe('fits');
    first.finish();
    await running;
    expect(slots.load()).toEqual({ used: 0, waiting: 0 });
  });

  it('frees the room when the work fails', async () => {
    const slots = createWorkSlots({ name: 'decoders', capacity: 1, queue: 0, waitMs: 10 });
    await expect(slots.run(async () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await slots.run(async () => 'fine')).toBe('fine');
  });
});
