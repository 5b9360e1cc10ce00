import pino from 'pino';
import type { Readiness } from '../http/subgraphServer';
import type { OutboxRelay, OutboxRelayOptions } from '../relay';
import { createServiceLifecycle, type ServiceLifecycleParts } from './serviceLifecycle';

const URL = 'http://127.0.0.1:4999/graphql';

/** Fakes of every role that write what happens to them in one list, and fail where told to. */
function fakeService(failOn: { start?: string; stop?: string } = {}) {
  const steps: string[] = [];
  const step = async (name: string) => {
    steps.push(name);
    if (failOn.start === name || failOn.stop === name) throw new Error(`${name} failed`);
  };
  const worker = (name: string) => ({ start: () => step(`${name} start`), stop: () => step(`${name} stop`) });
  const relayOptions = { topic: 'things.events' } as OutboxRelayOptions;
  const startRelay = async (options: OutboxRelayOptions): Promise<OutboxRelay> => {
    expect(options).toBe(relayOptions);
    await step('relay start');
    return { status: () => ({ position: 0, failing: false }), published: async () => 'published', stop: () => step('relay stop') };
  };
  const errors: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push((JSON.parse(line) as { msg: string }).msg) });
  const parts: ServiceLifecycleParts = {
    logger,
    server: {
      start: async () => {
        await step('server start');
        return { url: URL };
      },
      stop: () => step('server stop'),
      readiness: async (): Promise<Readiness> => ({ ready: true, status: 'ready', checks: {} }),
    },
    projections: [worker('read models'), worker('counts')],
    writers: [worker('catch-up'), { stop: () => step('settle') }],
    relay: relayOptions,
    consumers: [
      async () => {
        await step('consumer start');
        return { stop: () => step('consumer stop') };
      },
    ],
    closes: [() => step('mailer close')],
  };
  return { steps, errors, parts, startRelay };
}

describe('service lifecycle', () => {
  it('starts the projections, writers and relay before the server, and the consumers after it', async () => {
    const { steps, parts, startRelay } = fakeService();
    const service = createServiceLifecycle(parts, { startRelay });

    await expect(service.start()).resolves.toEqual({ url: URL });

    expect(steps).toEqual(['read models start', 'counts start', 'catch-up start', 'relay start', 'server start', 'consumer start']);
  });

  it('stops the consumers, the server, the writers, the relay, the projections in reverse, then closes', async () => {
    const { steps, parts, startRelay } = fakeService();
    const service = createServiceLifecycle(parts, { startRelay });
    await service.start();
    steps.length = 0;

    await service.stop();

    expect(steps).toEqual(['consumer stop', 'server stop', 'settle', 'catch-up stop', 'relay stop', 'counts stop', 'read models stop', 'mailer close']);
  });

  it('answers the readiness checks from what runs: nothing before start, all after, nothing after stop', async () => {
    const { parts, startRelay } = fakeService();
    const service = createServiceLifecycle(parts, { startRelay });
    const seen = () => ({ relay: service.relayStarted(), consumers: service.consumersStarted(), url: service.url });

    expect(seen()).toEqual({ relay: false, consumers: false, url: undefined });
    await service.start();
    expect(seen()).toEqual({ relay: true, consumers: true, url: URL });
    await service.stop();
    expect(seen()).toEqual({ relay: false, consumers: false, url: undefined });
  });

  it('reports the relay started while the server is still starting, and the consumers only once they run', async () => {
    const { parts, startRelay } = fakeService();
    const seen: Array<{ relay: boolean; consumers: boolean }> = [];
    const service = createServiceLifecycle(
      {
        ...parts,
        server: {
          ...parts.server,
          start: async () => {
            seen.push({ relay: service.relayStarted(), consumers: service.consumersStarted() });
            return { url: URL };
          },
        },
      },
      { startRelay },
    );

    await service.start();

    expect(seen).toEqual([{ relay: true, consumers: false }]);
  });

  it('stops what had started when the server fails to start, throws its error, and leaves nothing for stop', async () => {
    const { steps, parts, startRelay } = fakeService({ start: 'server start' });
    const service = createServiceLifecycle(parts, { startRelay });

    await expect(service.start()).rejects.toThrow('server start failed');

    expect(steps).toEqual([
      'read models start',
      'counts start',
      'catch-up start',
      'relay start',
      'server start',
      'settle',
      'catch-up stop',
      'relay stop',
      'counts stop',
      'read models stop',
      'mailer close',
    ]);
    expect([service.relayStarted(), service.consumersStarted(), service.url]).toEqual([false, false, undefined]);
    steps.length = 0;
    await service.stop();
    expect(steps).toEqual([]);
  });

  it('stops only the projection that started when the second one fails to catch up', async () => {
    const { steps, parts, startRelay } = fakeService({ start: 'counts start' });
    const service = createServiceLifecycle(parts, { startRelay });

    await expect(service.start()).rejects.toThrow('counts start failed');

    expect(steps).toEqual(['read models start', 'counts start', 'read models stop', 'mailer close']);
  });

  it('can start again after a failed start', async () => {
    const { steps, parts, startRelay } = fakeService();
    let failures = 1;
    const flaky = {
      start: async () => {
        if (failures-- > 0) throw new Error('store unavailable');
      },
      stop: async () => undefined,
    };
    const service = createServiceLifecycle({ ...parts, projections: [flaky, ...(parts.projections ?? [])] }, { startRelay });

    await expect(service.start()).rejects.toThrow('store unavailable');
    await expect(service.start()).resolves.toEqual({ url: URL });

    expect(steps.filter((name) => name.endsWith('start'))).toEqual(['read models start', 'counts start', 'catch-up start', 'relay start', 'server start', 'consumer start']);
  });

  it('does nothing on a second stop, and two stops at once run the sequence once', async () => {
    const { steps, parts, startRelay } = fakeService();
    const service = createServiceLifecycle(parts, { startRelay });
    await service.start();
    steps.length = 0;

    await Promise.all([service.stop(), service.stop()]);
    const once = [...steps];
    await service.stop();

    expect(once.filter((name) => name === 'server stop')).toHaveLength(1);
    expect(steps).toEqual(once);
  });

  it('refuses a second start while started', async () => {
    const { parts, startRelay } = fakeService();
    const service = createServiceLifecycle(parts, { startRelay });
    await service.start();

    await expect(service.start()).rejects.toThrow('started already');
  });

  it('waits for the background work after the server stops and before the writers and the relay', async () => {
    const { steps, parts, startRelay } = fakeService();
    // Ends on a later turn of the event loop than anything else here: a stop that did not wait would be over.
    const backfill = () => new Promise<void>((resolve) => setImmediate(() => resolve(void steps.push('backfill done'))));
    const service = createServiceLifecycle({ ...parts, background: [backfill] }, { startRelay });
    await service.start();
    steps.length = 0;

    await service.stop();

    expect(steps.slice(0, 4)).toEqual(['consumer stop', 'server stop', 'backfill done', 'settle']);
  });

  it('logs background work that fails, and stops all the same', async () => {
    const { steps, errors, parts, startRelay } = fakeService();
    const service = createServiceLifecycle({ ...parts, background: [() => Promise.reject(new Error('disk full'))] }, { startRelay });
    await service.start();

    await service.stop();

    expect(errors).toEqual(['background work of the service failed']);
    expect(steps).toContain('read models stop');
  });

  it('goes on stopping past a part that fails to stop, then throws its error', async () => {
    const { steps, parts, startRelay } = fakeService({ stop: 'server stop' });
    const service = createServiceLifecycle(parts, { startRelay });
    await service.start();
    steps.length = 0;

    await expect(service.stop()).rejects.toThrow('server stop failed');

    expect(steps).toEqual(['consumer stop', 'server stop', 'settle', 'catch-up stop', 'relay stop', 'counts stop', 'read models stop', 'mailer close']);
    expect([service.relayStarted(), service.consumersStarted(), service.url]).toEqual([false, false, undefined]);
  });
});
