import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CheckpointStore } from '../checkpoints';

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

/** Checkpoints in one small JSON file, replaced atomically on every save (writes are serialized). */
export class FileCheckpointStore implements CheckpointStore {
  private readonly positions: Record<string, number>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {
    this.positions = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>) : {};
  }

  async load(name: string): Promise<number> {
    return this.positions[name] ?? 0;
  }

  save(name: string, position: number): Promise<void> {
    this.positions[name] = position;
    const write = async () => {
      await mkdir(dirname(this.path), { recursive: true });
      const temporary = `${this.path}.tmp`;
      const file = await open(temporary, 'w');
      try {
        await file.write(JSON.stringify(this.positions));
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, this.path);
    };
    const result = this.queue.then(write, write);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.queue;
  }
}
