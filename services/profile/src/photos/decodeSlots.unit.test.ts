import { createDecodeSlots, DecoderBusyError } from './decodeSlots';

/** A decode that finishes when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return 'decoded';
    },
    finish: () => finish(),
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('decode slots', () => {
  it('runs at most `concurrency` decodes at once and hands a freed slot to the next in line', async () => {
    const slots = createDecodeSlots({ concurrency: 2, queue: 5, waitMs: 10_000 });
    const decodes = [heldWork(), heldWork(), heldWork()];
    const results = decodes.map((decode) => slots.run(decode.work));
    await tick();
    expect(decodes.map((decode) => decode.started())).toEqual([true, true, false]);
    expect(slots.load()).toEqual({ running: 2, waiting: 1 });
    decodes[0]!.finish();
    await tick();
    expect(decodes[2]!.started()).toBe(true);
    expect(slots.load()).toEqual({ running: 2, waiting: 0 });
    decodes[1]!.finish();
    decodes[2]!.finish();
    expect(await Promise.all(results)).toEqual(['decoded', 'decoded', 'decoded']);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, telling when to come back', async () => {
    const slots = createDecodeSlots({ concurrency: 1, queue: 1, waitMs: 4_500 });
    const first = heldWork();
    const running = slots.run(first.work);
    const queued = slots.run(async () => 'queued');
    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DecoderBusyError);
    expect((refused as DecoderBusyError).retryAfterSeconds).toBe(5);
    first.finish();
    expect(await running).toBe('decoded');
    expect(await queued).toBe('queued');
  });

  it('refuses a waiter whose wait ran out, and frees its place in the queue', async () => {
    const slots = createDecodeSlots({ concurrency: 1, queue: 1, waitMs: 20 });
    const first = heldWork();
    const running = slots.run(first.work);
    await expect(slots.run(async () => 'late')).rejects.toBeInstanceOf(DecoderBusyError);
    expect(slots.load()).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('frees the slot when a decode fails', async () => {
    const slots = createDecodeSlots({ concurrency: 1, queue: 0, waitMs: 10 });
    await expect(slots.run(async () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await slots.run(async () => 'fine')).toBe('fine');
  });
});
