import type { StoredEvent } from './ports/eventStore';
import { pollingSubscription } from './eventStoreShared';
import { idlePollWaitMs } from './mongo/eventStore';
import { eventually } from './testing';

const event = (globalPosition: number): StoredEvent => ({ id: `e${globalPosition}`, type: 'Noted', schemaVersion: 1, occurredAt: '2026-11-25T20:00:00.000Z', data: {}, metadata: {}, streamId: 's', streamVersion: globalPosition, globalPosition });

describe('polling the event log', () => {
  it('waits 100 ms after an empty read, doubling while the log stays idle, at most a second', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((reads) => idlePollWaitMs(reads))).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    expect(idlePollWaitMs(3, { pollIntervalMs: 10, idlePollMaxMs: 30 })).toBe(30);
  });

  it('tells the store how many reads in a row found nothing, and starts counting afresh after events', async () => {
    const log: StoredEvent[] = [];
    const seen: number[] = [];
    const waits: number[] = [];
    let woken: () => void = () => undefined;
    const subscription = pollingSubscription({
      after: 0,
      handler: async (e) => void seen.push(e.globalPosition),
      readAll: async (after) => log.filter((e) => e.globalPosition > after),
      waitForMore: async (_, emptyReads) => {
        waits.push(emptyReads);
        // Three idle reads, then an event arrives; three more idle reads, then the test stops it.
        if (waits.length === 3) log.push(event(1));
        if (waits.length === 6) await new Promise<void>((resolve) => (woken = resolve));
      },
      wake: () => woken(),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await subscription.stop();
    expect(seen).toEqual([1]);
    expect(waits).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('reads again after a batch only when this process appended meanwhile: the end of the log is not read twice', async () => {
    const log = [event(1), event(2)];
    const seen: number[] = [];
    const waits: number[] = [];
    let reads = 0;
    let wakes = 0;
    let woken: () => void = () => undefined;
    const subscription = pollingSubscription({
      after: 0,
      handler: async (e) => {
        seen.push(e.globalPosition);
        // While the first batch is handled, this process appends (and wakes its subscribers).
        if (e.globalPosition === 2) {
          log.push(event(3));
          wakes++;
        }
      },
      readAll: async (after) => {
        reads++;
        return log.filter((e) => e.globalPosition > after);
      },
      waitForMore: (_, emptyReads) => {
        waits.push(emptyReads);
        return new Promise<void>((resolve) => (woken = resolve));
      },
      wake: () => woken(),
      wakeCount: () => wakes,
    });
    await eventually(() => expect(waits).toHaveLength(1));
    await subscription.stop();
    expect(seen).toEqual([1, 2, 3]);
    // Events 1 and 2, then (woken meanwhile) event 3, then a wait: no third read that would find nothing.
    expect(reads).toBe(2);
    expect(waits).toEqual([1]);
  });
});
