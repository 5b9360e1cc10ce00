import type { AllSubscription, AppendResult, EventStore, ExpectedVersion, NewEvent, ReadAllOptions, StoredEvent, StreamAppend } from '../ports';
import type { PersonalDataVault } from './vault';

/** Which fields of an event type are personal, and whose they are. */
export interface PersonalDataRule {
  /** The person the event is about: their key encrypts the fields (every event names its user id). */
  subject(data: Record<string, unknown>): string;
  /** Top-level fields of `data`; each keeps its JSON value. */
  fields: readonly string[];
}

/** By event type; types without a rule are stored as they are. */
export type PersonalDataRules = Readonly<Record<string, PersonalDataRule>>;

/** Where the encrypted fields sit in a stored event's data, in place of the fields themselves. */
export const PERSONAL_DATA_FIELD = 'personalData';

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces the rule's fields by one envelope under the subject's key (before the event is stored). */
export async function encodePersonalData<E extends NewEvent>(event: E, vault: PersonalDataVault, rules: PersonalDataRules): Promise<E> {
  const rule = rules[event.type];
  if (!rule || !isData(event.data)) return event;
  const rest: Data = { ...event.data };
  const personal: Data = {};
  for (const field of rule.fields) {
    if (rest[field] !== undefined) personal[field] = rest[field];
    delete rest[field];
  }
  if (Object.keys(personal).length === 0) return event;
  const envelope = await vault.encrypt(rule.subject(event.data), JSON.stringify(personal));
  return { ...event, data: { ...rest, [PERSONAL_DATA_FIELD]: envelope } };
}

/**
 * Puts the fields back. Once the subject's key is shredded they read as null and the event's metadata
 * says `personalDataErased`; such an event is always followed in its stream by the one that erased the
 * person, so folds end without them. Events stored before encoding existed pass through unchanged.
 */
export async function decodePersonalData<E extends StoredEvent>(event: E, vault: PersonalDataVault, rules: PersonalDataRules): Promise<E> {
  const rule = rules[event.type];
  if (!rule || !isData(event.data)) return event;
  const { [PERSONAL_DATA_FIELD]: envelope, ...rest } = event.data;
  if (typeof envelope !== 'string') return event;
  const plain = await vault.decrypt(rule.subject(rest), envelope);
  if (plain === null) {
    const erased = Object.fromEntries(rule.fields.map((field) => [field, null]));
    return { ...event, data: { ...rest, ...erased }, metadata: { ...event.metadata, personalDataErased: true } };
  }
  return { ...event, data: { ...rest, ...(JSON.parse(plain) as Data) } };
}

/** True when the event's personal fields were erased (they read as null): map it to nothing that leaves. */
export const hasErasedPersonalData = (event: Pick<StoredEvent, 'metadata'>): boolean => event.metadata?.personalDataErased === true;

/**
 * The service's event store with personal fields encrypted on append and decrypted on every read, so
 * deciders, projections and mappers keep seeing plain values while the stored bytes hold none.
 */
export function protectPersonalData(store: EventStore, vault: PersonalDataVault, rules: PersonalDataRules): EventStore {
  const decodeAll = (events: StoredEvent[]) => Promise.all(events.map((event) => decodePersonalData(event, vault, rules)));
  const appendToStreams = async (appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
    const encoded = await Promise.all(appends.map(async (part) => ({ ...part, events: await Promise.all(part.events.map((event) => encodePersonalData(event, vault, rules))) })));
    return store.appendToStreams(encoded);
  };
  return {
    async append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
      return (await appendToStreams([{ streamId, events, expectedVersion: options.expectedVersion }]))[0]!;
    },
    appendToStreams,
    async readStream(streamId: string, options?: { fromVersion?: number }): Promise<StoredEvent[]> {
      return decodeAll(await store.readStream(streamId, options));
    },
    async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
      return decodeAll(await store.readAll(options));
    },
    subscribeToAll(after: number, handler: (event: StoredEvent) => Promise<void>): AllSubscription {
      return store.subscribeToAll(after, async (event) => handler(await decodePersonalData(event, vault, rules)));
    },
    close: () => store.close(),
  };
}
