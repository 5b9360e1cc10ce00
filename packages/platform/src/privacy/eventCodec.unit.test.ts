import { InProcessEventStore } from '../inprocess';
import { newEvent } from '../testing/eventStoreContract';
import type { StoredEvent } from '../ports';
import { hasErasedPersonalData, protectPersonalData, type PersonalDataRules } from './eventCodec';
import { MemorySubjectKeyStore } from './inProcessSubjectKeyStore';
import { PersonalDataVault } from './vault';

const rules: PersonalDataRules = {
  Registered: { subject: (data) => String(data.userId), fields: ['email', 'name', 'age'] },
};

describe('personal data at the event store boundary', () => {
  let inner: InProcessEventStore;
  let vault: PersonalDataVault;
  beforeEach(() => {
    inner = new InProcessEventStore();
    vault = new PersonalDataVault({ store: new MemorySubjectKeyStore() });
  });

  it('stores the fields encrypted and reads them back plain, by stream, in order and live', async () => {
    const store = protectPersonalData(inner, vault, rules);
    const seen: StoredEvent[] = [];
    const subscription = store.subscribeToAll(0, async (event) => void seen.push(event));
    await store.append('user-7', [newEvent('Registered', { userId: 7, email: 'luna@example.com', name: 'Luna', age: 25, at: 'then' }), newEvent('Other', { userId: 7, note: 'kept' })], { expectedVersion: 0 });

    const raw = await inner.readStream('user-7');
    expect(JSON.stringify(raw)).not.toMatch(/luna@example|"Luna"|"age"/);
    expect(raw[0]!.data).toEqual({ userId: 7, at: 'then', personalData: expect.stringMatching(/^pd1:/) });
    expect(raw[1]!.data).toEqual({ userId: 7, note: 'kept' });

    const plain = { userId: 7, email: 'luna@example.com', name: 'Luna', age: 25, at: 'then' };
    expect((await store.readStream('user-7'))[0]!.data).toEqual(plain);
    expect((await store.readAll({ after: 0, limit: 10 }))[0]!.data).toEqual(plain);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.map((event) => event.data)).toEqual([plain, { userId: 7, note: 'kept' }]);
    await subscription.stop();
  });

  it('reads erased fields as null and marks the event once the key is shredded', async () => {
    const store = protectPersonalData(inner, vault, rules);
    await store.append('user-7', [newEvent('Registered', { userId: 7, email: 'luna@example.com', name: 'Luna', age: 25 })], { expectedVersion: 0 });
    await vault.shred('7');
    const [event] = await store.readStream('user-7');
    expect(event!.data).toEqual({ userId: 7, email: null, name: null, age: null });
    expect(hasErasedPersonalData(event!)).toBe(true);
    await expect(store.append('user-7', [newEvent('Registered', { userId: 7, email: 'again@example.com' })], { expectedVersion: 1 })).rejects.toThrow(/erased/);
  });

  it('passes events stored without encryption through unchanged', async () => {
    await inner.append('user-8', [newEvent('Registered', { userId: 8, email: 'old@example.com' })], { expectedVersion: 0 });
    const [event] = await protectPersonalData(inner, vault, rules).readStream('user-8');
    expect(event!.data).toEqual({ userId: 8, email: 'old@example.com' });
    expect(hasErasedPersonalData(event!)).toBe(false);
  });
});
