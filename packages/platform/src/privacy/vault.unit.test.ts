import { randomBytes } from 'node:crypto';
import { MemorySubjectKeyStore } from './inProcessSubjectKeyStore';
import { parseMasterKey, PersonalDataVault, SubjectErasedError } from './vault';

describe('personal data vault', () => {
  let store: MemorySubjectKeyStore;
  let masterKey: Buffer;
  let vault: PersonalDataVault;
  beforeEach(() => {
    store = new MemorySubjectKeyStore();
    masterKey = randomBytes(32);
    vault = new PersonalDataVault({ store, masterKey });
  });

  it('round-trips a value and never shows it in the envelope', async () => {
    const envelope = await vault.encrypt('42', 'luna@example.com');
    expect(envelope).toMatch(/^pd1:[\w-]+:[\w-]{16}:[\w-]+$/);
    expect(envelope).not.toContain('luna');
    expect(await vault.decrypt('42', envelope)).toBe('luna@example.com');
  });

  it('draws a new IV for every value', async () => {
    const [a, b] = await Promise.all([vault.encrypt('42', 'same'), vault.encrypt('42', 'same')]);
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).toBe(b.split(':')[1]);
  });

  it('keeps one key per subject and a different one for each subject', async () => {
    const a = await vault.encrypt('1', 'x');
    const b = await vault.encrypt('2', 'x');
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('refuses an envelope under another subject, even with that subject key id', async () => {
    const envelope = await vault.encrypt('42', 'Luna');
    await vault.encrypt('43', 'other');
    await expect(vault.decrypt('43', envelope)).rejects.toThrow();
    const keyIdOf43 = (await store.get('43'))!.keyId;
    const [, , iv, sealed] = envelope.split(':');
    await expect(vault.decrypt('43', ['pd1', keyIdOf43, iv, sealed].join(':'))).rejects.toThrow();
  });

  it('refuses a tampered ciphertext', async () => {
    const envelope = await vault.encrypt('42', 'Luna');
    const [version, keyId, iv, sealed] = envelope.split(':') as [string, string, string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    await expect(vault.decrypt('42', [version, keyId, iv, bytes.toString('base64url')].join(':'))).rejects.toThrow();
    await expect(vault.decrypt('42', 'pd1:nonsense')).rejects.toThrow();
  });

  it('answers null once the key is shredded, also in another instance, and refuses to encrypt again', async () => {
    const envelope = await vault.encrypt('42', 'Luna');
    const other = new PersonalDataVault({ store, masterKey, cacheMs: 0 });
    expect(await other.decrypt('42', envelope)).toBe('Luna');
    await vault.shred('42');
    expect(await vault.decrypt('42', envelope)).toBeNull();
    expect(await other.decrypt('42', envelope)).toBeNull();
    await expect(vault.encrypt('42', 'again')).rejects.toBeInstanceOf(SubjectErasedError);
    await vault.shred('42');
    expect((await store.get('42'))?.key).toBeUndefined();
  });

  it('shreds one subject only', async () => {
    const kept = await vault.encrypt('7', 'Nyx');
    await vault.encrypt('42', 'Luna');
    await vault.shred('42');
    expect(await vault.decrypt('7', kept)).toBe('Nyx');
  });

  it('fails loudly when the key store has no key for the data', async () => {
    const envelope = await vault.encrypt('42', 'Luna');
    const elsewhere = new PersonalDataVault({ store: new MemorySubjectKeyStore() });
    await expect(elsewhere.decrypt('42', envelope)).rejects.toThrow(/no data key/);
  });

  it('wraps data keys with the master key, and needs the same one to read them', async () => {
    const envelope = await vault.encrypt('42', 'Luna');
    expect((await store.get('42'))?.key).toMatch(/^mk1:/);
    await expect(new PersonalDataVault({ store, masterKey: randomBytes(32) }).decrypt('42', envelope)).rejects.toThrow(/PERSONAL_DATA_KEY/);
    await expect(new PersonalDataVault({ store }).decrypt('42', envelope)).rejects.toThrow(/PERSONAL_DATA_KEY/);
    const unwrappedStore = new MemorySubjectKeyStore();
    await new PersonalDataVault({ store: unwrappedStore }).encrypt('1', 'x');
    expect((await unwrappedStore.get('1'))?.key).toMatch(/^raw:/);
  });

  it('hands out a stable service secret that subject shredding cannot reach', async () => {
    const secret = await vault.secret('claim-key');
    expect(secret).toHaveLength(32);
    expect(await vault.secret('claim-key')).toEqual(secret);
    await expect(vault.shred('$secret:claim-key')).rejects.toThrow(/invalid subject/);
  });

  it('reads PERSONAL_DATA_KEY as hex or base64 of 32 bytes', () => {
    const key = randomBytes(32);
    expect(parseMasterKey(key.toString('hex'))).toEqual(key);
    expect(parseMasterKey(key.toString('base64'))).toEqual(key);
    expect(parseMasterKey(key.toString('base64url'))).toEqual(key);
    expect(parseMasterKey(undefined)).toBeUndefined();
    expect(parseMasterKey(' ')).toBeUndefined();
    expect(() => parseMasterKey('too-short')).toThrow(/PERSONAL_DATA_KEY/);
  });
});
