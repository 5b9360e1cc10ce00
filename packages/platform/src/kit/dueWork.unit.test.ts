import { eventually } from '../testing';
import { createDueWorkRunner, type DueWork } from './dueWork';

const quiet = { warn: () => undefined, error: () => undefined };

/** Deadlines kept as durable state would be: the runner only reads them. */
function deadlines(dueAt: Record<string, number>, failing = new Set<string>()) {
  const ran: string[] = [];
  const work: DueWork<string> = {
    name: 'test',
    due: async (now, limit) =>
      Object.entries(dueAt)
        .filter(([, at]) => at <= now.getTime())
        .map(([id]) => id)
        .slice(0, limit),
    run: async (id) => {
      if (failing.has(id)) throw new Error(`${id} failed`);
      ran.push(id);
      delete dueAt[id];
    },
  };
  return { work, ran };
}

describe('due work', () => {
  it('runs what is due by the given clock, and what falls due later once the clock gets there', async () => {
    let now = 1_000;
    const { work, ran } = deadlines({ a: 500, b: 1_000, c: 5_000 });
    const runner = createDueWorkRunner(work, { clock: () => new Date(now), everyMs: 10, logger: quiet });
    await runner.start();
    await eventually(() => expect(ran.sort()).toEqual(['a', 'b']));
    now = 5_000;
    await eventually(() => expect(ran).toContain('c'));
    await runner.stop();
  });

  it('goes on through full batches in one round', async () => {
    const dueAt = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`item${i}`, 0]));
    const { work, ran } = deadlines(dueAt);
    const runner = createDueWorkRunner(work, { clock: () => new Date(1), everyMs: 60_000, batch: 10, logger: quiet });
    expect(await runner.runDue()).toBe(25);
    expect(ran).toHaveLength(25);
  });

  it('keeps a failing item due for the next round without holding the others back', async () => {
    const failing = new Set(['a']);
    const { work, ran } = deadlines({ a: 0, b: 0 }, failing);
    const runner = createDueWorkRunner(work, { clock: () => new Date(1), everyMs: 60_000, batch: 2, logger: quiet });
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['b']);
    failing.clear();
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['b', 'a']);
  });

  it('starts again where the durable state says, after a stop', async () => {
    const dueAt = { a: 0 };
    const first = deadlines(dueAt, new Set(['a']));
    const runner = createDueWorkRunner(first.work, { clock: () => new Date(1), everyMs: 60_000, logger: quiet });
    await runner.start();
    await runner.stop();
    // A new process over the same state.
    const second = deadlines(dueAt);
    const next = createDueWorkRunner(second.work, { clock: () => new Date(1), everyMs: 60_000, logger: quiet });
    await next.start();
    await eventually(() => expect(second.ran).toEqual(['a']));
    await next.stop();
  });
});
