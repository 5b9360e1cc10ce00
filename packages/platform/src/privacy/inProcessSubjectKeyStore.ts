import { join } from 'node:path';
import { AppendLog } from '../inprocess/appendLog';
import type { SubjectKeyRecord, SubjectKeyStore } from './subjectKeyStore';

/** Keys in memory only: for tests and for the in-memory embedded mode, where the events die with them. */
export class MemorySubjectKeyStore implements SubjectKeyStore {
  protected readonly records = new Map<string, SubjectKeyRecord>();

  async get(subjectId: string): Promise<SubjectKeyRecord | null> {
    const record = this.records.get(subjectId);
    return record ? { ...record } : null;
  }

  async create(record: SubjectKeyRecord): Promise<SubjectKeyRecord> {
    const existing = this.records.get(record.subjectId);
    if (existing) return { ...existing };
    this.records.set(record.subjectId, { ...record });
    return { ...record };
  }

  async shred(subjectId: string, at: string): Promise<void> {
    const existing = this.records.get(subjectId);
    if (existing && !existing.key) return;
    this.records.set(subjectId, tombstone(subjectId, existing, at));
  }

  async close(): Promise<void> {}
}

export const SUBJECT_KEYS_FILE = 'subject-keys.jsonl';

/**
 * Keys in `<dir>/subject-keys.jsonl`: a new key is one appended line, fsync'd before `create` resolves; a
 * shred rewrites the whole file without the key (write aside, fsync, rename), because an appended
 * tombstone would leave the key's bytes in the file. The last line of a subject wins at load.
 */
export class FileSubjectKeyStore extends MemorySubjectKeyStore {
  private log: AppendLog<SubjectKeyRecord>;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly path: string;

  constructor(dir: string) {
    super();
    this.path = join(dir, SUBJECT_KEYS_FILE);
    this.log = this.open();
  }

  private open(): AppendLog<SubjectKeyRecord> {
    const log = AppendLog.open<SubjectKeyRecord>(this.path);
    for (const record of log.records) this.records.set(record.subjectId, record);
    log.records.length = 0;
    return log;
  }

  /** Serialized, so a rewrite never races an append. */
  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  override create(record: SubjectKeyRecord): Promise<SubjectKeyRecord> {
    return this.serialize(async () => {
      const existing = this.records.get(record.subjectId);
      if (existing) return { ...existing };
      await this.log.append([record]);
      this.records.set(record.subjectId, { ...record });
      return { ...record };
    });
  }

  override shred(subjectId: string, at: string): Promise<void> {
    return this.serialize(async () => {
      const existing = this.records.get(subjectId);
      if (existing && !existing.key) return;
      const records = new Map(this.records).set(subjectId, tombstone(subjectId, existing, at));
      await this.log.close();
      try {
        AppendLog.rewrite(this.path, [...records.values()]);
      } finally {
        this.log = this.open();
      }
    });
  }

  override async close(): Promise<void> {
    await this.queue;
    await this.log.close();
  }
}

function tombstone(subjectId: string, existing: SubjectKeyRecord | undefined, at: string): SubjectKeyRecord {
  return { subjectId, keyId: existing?.keyId ?? '', createdAt: existing?.createdAt ?? at, shreddedAt: at };
}
