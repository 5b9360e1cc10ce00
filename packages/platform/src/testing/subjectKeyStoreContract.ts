import { randomBytes } from 'node:crypto';
import { uniqueSuffix } from './eventually';
import type { StoreContractOptions } from './eventStoreContract';
import type { SubjectKeyRecord, SubjectKeyStore } from '../privacy/subjectKeyStore';

export interface SubjectKeyStoreContractOptions extends StoreContractOptions<SubjectKeyStore> {
  /** Everything the store wrote, as text: a shredded key must not be in it any more. */
  rawStorage?: () => Promise<string>;
}

/** Behaviour every SubjectKeyStore must have. Subjects are unique per test, so shared servers need no cleaning. */
export function subjectKeyStoreContract(name: string, makeStore: () => SubjectKeyStore | Promise<SubjectKeyStore>, options: SubjectKeyStoreContractOptions = {}): void {
  describe(`SubjectKeyStore contract: ${name}`, () => {
    if (options.timeoutMs) jest.setTimeout(options.timeoutMs);
    let keys: SubjectKeyStore;
    const subject = () => `subject-${uniqueSuffix()}`;
    const record = (subjectId: string): SubjectKeyRecord => ({
      subjectId,
      keyId: randomBytes(12).toString('base64url'),
      key: `raw:${randomBytes(32).toString('base64url')}`,
      createdAt: new Date().toISOString(),
    });

    beforeEach(async () => {
      keys = await makeStore();
    }, options.timeoutMs);
    afterEach(async () => {
      await keys.close();
    }, options.timeoutMs);

    it('answers null for a subject without a key', async () => {
      expect(await keys.get(subject())).toBeNull();
    });

    it('keeps the first key made for a subject', async () => {
      const id = subject();
      const first = record(id);
      expect(await keys.create(first)).toEqual(first);
      expect(await keys.create(record(id))).toEqual(first);
      expect(await keys.get(id)).toEqual(first);
    });

    it('lets concurrent creators agree on one key', async () => {
      const id = subject();
      const answers = await Promise.all([record(id), record(id), record(id), record(id)].map((candidate) => keys.create(candidate)));
      expect(new Set(answers.map((answer) => answer.keyId)).size).toBe(1);
      expect((await keys.get(id))?.keyId).toBe(answers[0]!.keyId);
    });

    it('shreds a key for good: a tombstone stays and no new key is made', async () => {
      const id = subject();
      const made = await keys.create(record(id));
      await keys.shred(id, '2030-01-01T00:00:00.000Z');
      const after = await keys.get(id);
      expect(after).toMatchObject({ subjectId: id, shreddedAt: '2030-01-01T00:00:00.000Z' });
      expect(after?.key).toBeUndefined();
      expect((await keys.create(record(id))).key).toBeUndefined();
      await keys.shred(id, '2031-01-01T00:00:00.000Z');
      expect((await keys.get(id))?.shreddedAt).toBe('2030-01-01T00:00:00.000Z');
      expect(made.key).toBeDefined();
    });

    it('leaves a tombstone for a subject that had no key yet', async () => {
      const id = subject();
      await keys.shred(id, '2030-01-01T00:00:00.000Z');
      expect((await keys.get(id))?.shreddedAt).toBe('2030-01-01T00:00:00.000Z');
      expect((await keys.create(record(id))).key).toBeUndefined();
    });

    it('shreds one subject and leaves the others alone', async () => {
      const [a, b] = [subject(), subject()];
      await keys.create(record(a));
      const kept = await keys.create(record(b));
      await keys.shred(a, new Date().toISOString());
      expect(await keys.get(b)).toEqual(kept);
    });

    if (options.rawStorage) {
      const rawStorage = options.rawStorage;
      it('does not keep the bytes of a shredded key in its storage', async () => {
        const id = subject();
        const made = await keys.create(record(id));
        expect(await rawStorage()).toContain(made.key);
        await keys.shred(id, new Date().toISOString());
        expect(await rawStorage()).not.toContain(made.key);
      });
    }

    if (options.reopen) {
      const reopen = options.reopen;
      it('keeps keys and tombstones across a close and reopen', async () => {
        const [live, shredded] = [subject(), subject()];
        const made = await keys.create(record(live));
        await keys.create(record(shredded));
        await keys.shred(shredded, '2030-01-01T00:00:00.000Z');
        await keys.close();
        keys = await reopen();
        expect(await keys.get(live)).toEqual(made);
        expect(await keys.get(shredded)).toMatchObject({ shreddedAt: '2030-01-01T00:00:00.000Z' });
        expect((await keys.get(shredded))?.key).toBeUndefined();
      });
    }
  });
}
