import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CheckpointStore } from '../ports';

export class MemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, number>();

  async load(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }

  async save(name: string, position: number): Promise<void> {
    this.positions.set(name, position);
  }

  async close(): Promise<void> {}
}

/**
 * Checkpoints in one small JSON file, replaced atomically (write aside, fsync, rename). Saves that come
 * while a write is under way are folded into the next write, which carries every position as it then
 * stands: a busy relay and its projections share one file write instead of queueing one each.
 */
export class FileCheckpointStore implements CheckpointStore {
  private readonly positions: Record<string, number>;
  private queue: Promise<unknown> = Promise.resolve();
  /** The next write, not started yet: later saves join it. */
  private next: Promise<void> | undefined;
  private directoryMade = false;

  constructor(private readonly path: string) {
    this.positions = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>) : {};
  }

  async load(name: string): Promise<number> {
    return this.positions[name] ?? 0;
  }

  save(name: string, position: number): Promise<void> {
    this.positions[name] = position;
    if (this.next) return this.next;
    const write = async () => {
      this.next = undefined;
      const content = JSON.stringify(this.positions);
      if (!this.directoryMade) {
        await mkdir(dirname(this.path), { recursive: true });
        this.directoryMade = true;
      }
      const temporary = `${this.path}.tmp`;
      const file = await open(temporary, 'w');
      try {
        await file.write(content);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, this.path);
    };
    const result = this.queue.then(write, write);
    this.next = result;
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.queue;
  }
}
