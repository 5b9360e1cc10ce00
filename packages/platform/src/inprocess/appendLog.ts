import { closeSync, existsSync, fsync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, write, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);

/**
 * An append-only JSON-lines file. Loading tolerates a torn last line (a crash in the middle of a write)
 * and cuts it off, so the next append does not glue onto it; a bad line anywhere else is corruption and
 * stops the load. Appends are serialized, so the file order is the order of the `append` calls.
 */
export class AppendLog<T> {
  private readonly fd: number;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly path: string,
    readonly records: T[],
    private readonly sync: boolean,
  ) {
    this.fd = openSync(path, 'a');
  }

  /** Opens (creating it if needed) and answers the records already in the file. */
  static open<T>(path: string, options: { sync?: boolean } = {}): AppendLog<T> {
    mkdirSync(dirname(path), { recursive: true });
    const records: T[] = [];
    if (existsSync(path)) {
      const text = readFileSync(path);
      let start = 0;
      let validLength = 0;
      while (start < text.length) {
        const end = text.indexOf(0x0a, start);
        if (end === -1) break;
        const line = text.subarray(start, end).toString('utf8');
        if (line.trim() !== '') {
          try {
            records.push(JSON.parse(line) as T);
          } catch (error) {
            throw new Error(`${path}: corrupt record at byte ${start}: ${(error as Error).message}`, { cause: error });
          }
        }
        start = end + 1;
        validLength = start;
      }
      if (validLength < text.length) {
        const fd = openSync(path, 'r+');
        try {
          ftruncateSync(fd, validLength);
        } finally {
          closeSync(fd);
        }
      }
    }
    return new AppendLog<T>(path, records, options.sync ?? true);
  }

  /** Replaces the file with `records` atomically (write aside, fsync, rename): compaction at start. */
  static rewrite<T>(path: string, records: readonly T[]): void {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.tmp`;
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  }

  /** Resolves once the records are written (and fsync'd unless opened with `sync: false`). */
  append(records: readonly T[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.path} is closed`));
    const buffer = Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''), 'utf8');
    const run = async () => {
      let offset = 0;
      while (offset < buffer.length) {
        const { bytesWritten } = await writeAsync(this.fd, buffer, offset, buffer.length - offset);
        offset += bytesWritten;
      }
      if (this.sync) await fsyncAsync(this.fd);
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    closeSync(this.fd);
  }
}
