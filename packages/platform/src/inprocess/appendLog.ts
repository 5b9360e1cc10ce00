import { closeSync, constants, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, write, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const writeAsync = promisify(write);

/**
 * An append-only JSON-lines file. Loading tolerates a torn last line (a crash in the middle of a write)
 * and cuts it off, so the next append does not glue onto it; a bad line anywhere else is corruption and
 * stops the load. Appends keep their order in the file, and are group-committed: whatever is appended
 * while a write is under way goes out together in the next write, so concurrent appenders share the cost
 * of the disk instead of queueing for it one by one. A durable log is opened with O_DSYNC: each write
 * returns once its data is on the disk, as a write and an fdatasync would, in one call instead of two
 * (each a round trip through libuv's thread pool, which a write alone at a quiet moment paid in full).
 */
export class AppendLog<T> {
  private readonly fd: number;
  private pending: Array<{ buffer: Buffer; resolve: () => void; reject: (error: unknown) => void }> = [];
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;
  private closed = false;

  private constructor(
    readonly path: string,
    readonly records: T[],
    private readonly sync: boolean,
  ) {
    this.fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (sync ? constants.O_DSYNC : 0));
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

  /**
   * Replaces the file with `records` atomically (write aside, fsync, rename, fsync of the folder so the
   * rename itself survives a power cut): compaction.
   */
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
    syncDirectory(dirname(path));
  }

  /**
   * Resolves once the records are written (and durable unless opened with `sync: false`). After a failed
   * write the file may end in a partial line, and anything written after it would read as corruption, so
   * the log refuses every later append (until a restart, whose load cuts the partial line off).
   */
  append(records: readonly T[]): Promise<void> {
    return this.appendJson(records.map((record) => JSON.stringify(record)));
  }

  /** `append` of records the caller already has as JSON text (one record each, as `JSON.stringify` writes it). */
  appendJson(texts: readonly string[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.path} is closed`));
    if (this.failure) return Promise.reject(this.failure);
    const buffer = Buffer.from(texts.map((text) => `${text}\n`).join(''), 'utf8');
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ buffer, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        const buffer = batch.length === 1 ? batch[0]!.buffer : Buffer.concat(batch.map((entry) => entry.buffer));
        let offset = 0;
        while (offset < buffer.length) {
          const { bytesWritten } = await writeAsync(this.fd, buffer, offset, buffer.length - offset);
          offset += bytesWritten;
        }
        for (const entry of batch) entry.resolve();
      } catch (error) {
        this.failure = new Error(`${this.path}: a write failed, so no more appends are taken: ${(error as Error).message}`, { cause: error });
        for (const entry of [...batch, ...this.pending.splice(0)]) entry.reject(this.failure);
      }
    }
    this.flushing = undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flushing;
    closeSync(this.fd);
  }
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
