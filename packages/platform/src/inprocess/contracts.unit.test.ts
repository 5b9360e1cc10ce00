import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract, eventBusContract, eventStoreContract, keyValueContract, readModelContract } from '../testing';
import { FileBlobStore, InProcessEventBus, InProcessEventStore, InProcessKeyValueStore, InProcessReadModelStore, MemoryBlobStore } from '.';

const directories: string[] = [];
const freshDirectory = () => {
  const dir = mkdtempSync(join(tmpdir(), 'nocturne-contract-'));
  directories.push(dir);
  return dir;
};
const lastDirectory = () => directories[directories.length - 1]!;
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

eventStoreContract('in-process, memory', () => new InProcessEventStore());
eventStoreContract('in-process, file', () => new InProcessEventStore({ dir: freshDirectory() }), {
  reopen: () => new InProcessEventStore({ dir: lastDirectory() }),
});

eventBusContract('in-process, memory', () => new InProcessEventBus({ retryBackoffMs: 1 }));
eventBusContract('in-process, file', () => new InProcessEventBus({ dir: freshDirectory(), retryBackoffMs: 1 }), {
  reopen: () => new InProcessEventBus({ dir: lastDirectory(), retryBackoffMs: 1 }),
});

let now = 1_000_000;
keyValueContract('in-process, fake clock', () => new InProcessKeyValueStore({ now: () => now }), {
  advanceTime: (ms) => {
    now += ms;
  },
});
keyValueContract('in-process, real clock', () => new InProcessKeyValueStore());
keyValueContract('in-process, journal, fake clock', () => new InProcessKeyValueStore({ dir: freshDirectory(), now: () => now }), {
  advanceTime: (ms) => {
    now += ms;
  },
  reopen: () => new InProcessKeyValueStore({ dir: lastDirectory(), now: () => now }),
});
keyValueContract('in-process, journal, real clock', () => new InProcessKeyValueStore({ dir: freshDirectory() }), {
  reopen: () => new InProcessKeyValueStore({ dir: lastDirectory() }),
});

readModelContract('in-process (mingo)', () => new InProcessReadModelStore());

blobStoreContract('memory', () => new MemoryBlobStore());
blobStoreContract('file', () => new FileBlobStore(freshDirectory()), { reopen: () => new FileBlobStore(lastDirectory()) });
