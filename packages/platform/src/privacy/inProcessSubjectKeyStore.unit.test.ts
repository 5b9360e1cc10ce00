import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSubjectKeyStore, MemorySubjectKeyStore, SUBJECT_KEYS_FILE } from './inProcessSubjectKeyStore';
import { subjectKeyStoreContract } from '../testing/subjectKeyStoreContract';

subjectKeyStoreContract('memory', () => new MemorySubjectKeyStore());

describe('file subject key store', () => {
  const dirs: string[] = [];
  let dir = '';
  const fresh = () => {
    dir = mkdtempSync(join(tmpdir(), 'nocturne-keys-'));
    dirs.push(dir);
    return new FileSubjectKeyStore(dir);
  };
  afterAll(() => {
    for (const made of dirs) rmSync(made, { recursive: true, force: true });
  });

  subjectKeyStoreContract('file', fresh, {
    reopen: () => new FileSubjectKeyStore(dir),
    rawStorage: async () => readFileSync(join(dir, SUBJECT_KEYS_FILE), 'utf8'),
  });

  it('cuts off a torn last line left by a crash and keeps the keys before it', async () => {
    const store = fresh();
    const record = { subjectId: '7', keyId: 'k', key: 'raw:abc', createdAt: '2030-01-01T00:00:00.000Z' };
    await store.create(record);
    await store.close();
    const path = join(dir, SUBJECT_KEYS_FILE);
    const { appendFileSync } = await import('node:fs');
    appendFileSync(path, '{"subjectId":"8","ke');
    const reopened = new FileSubjectKeyStore(dir);
    expect(await reopened.get('7')).toEqual(record);
    expect(await reopened.get('8')).toBeNull();
    await reopened.close();
  });
});
