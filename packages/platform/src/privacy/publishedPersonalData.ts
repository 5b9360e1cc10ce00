import { findIntegrationContract, type IntegrationEvent } from '@nocturne/contracts';
import { PERSONAL_DATA_FIELD } from './eventCodec';
import type { PersonalDataVault } from './vault';

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whose key seals an event's personal fields: the person its `data.userId` names. */
function subjectOf(event: IntegrationEvent, data: Data): string {
  const userId = data.userId;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId < 1) {
    throw new Error(`${event.type} ${event.id} has personal fields but no userId naming whose they are`);
  }
  return String(userId);
}

/**
 * Before an integration event leaves its context: the personal fields its contract names (see
 * `IntegrationContract.personal` in packages/contracts) are replaced by one envelope in
 * `data.personalData`, sealed with the person's published key. Types without a contract, and events
 * carrying none of the fields, go out as they are. Throws `SubjectErasedError` for a person already
 * erased: such an event is not published at all.
 */
export async function sealPublishedPersonalData(event: IntegrationEvent, vault: PersonalDataVault): Promise<IntegrationEvent> {
  const contract = findIntegrationContract(event.type, event.version);
  if (!contract || contract.personal.length === 0 || !isData(event.data)) return event;
  const rest: Data = { ...event.data };
  const personal: Data = {};
  for (const field of contract.personal) {
    if (rest[field] !== undefined) personal[field] = rest[field];
    delete rest[field];
  }
  if (Object.keys(personal).length === 0) return event;
  const envelope = await vault.encrypt(subjectOf(event, rest), JSON.stringify(personal));
  return { ...event, data: { ...rest, [PERSONAL_DATA_FIELD]: envelope } };
}

export type OpenedIntegrationEvent =
  | { erased: false; event: IntegrationEvent }
  /** The person's published key is shredded: the event is followed by their deletion and must be skipped. */
  | { erased: true; event: IntegrationEvent };

/**
 * On the consuming side: puts the sealed fields back. Once the person's published key is shredded they
 * cannot be read by anyone, anywhere the message was copied to (topics, dead letters, logs of the bus).
 * Throws on an envelope that was tampered with or names another person.
 */
export async function openPublishedPersonalData(event: IntegrationEvent, vault: PersonalDataVault): Promise<OpenedIntegrationEvent> {
  if (!isData(event.data) || !(PERSONAL_DATA_FIELD in event.data)) return { erased: false, event };
  const { [PERSONAL_DATA_FIELD]: envelope, ...rest } = event.data;
  if (typeof envelope !== 'string') throw new Error(`${event.type} ${event.id}: ${PERSONAL_DATA_FIELD} is not an envelope`);
  const plain = await vault.decrypt(subjectOf(event, rest), envelope);
  if (plain === null) return { erased: true, event: { ...event, data: rest } };
  return { erased: false, event: { ...event, data: { ...rest, ...(JSON.parse(plain) as Data) } } };
}

/**
 * One `shred` over several vaults, in order: the service that owns deletion (auth) shreds the person's
 * key of its own stores and their published key at once.
 */
export function shredTogether(...vaults: ReadonlyArray<Pick<PersonalDataVault, 'shred'>>): Pick<PersonalDataVault, 'shred'> {
  return {
    async shred(subjectId: string) {
      for (const vault of vaults) await vault.shred(subjectId);
    },
  };
}
