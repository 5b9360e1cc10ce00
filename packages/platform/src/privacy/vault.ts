import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SubjectKeyRecord, SubjectKeyStore } from './subjectKeyStore';

const ENVELOPE_VERSION = 'pd1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Subject ids starting with it name service secrets, which are never shredded. */
const RESERVED = '$';

/** Encrypting for a person whose key is shredded: their data must not be stored again. */
export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly subjectId: string) {
    super(`the personal data of subject ${subjectId} is erased`);
  }
}

export interface PersonalDataVaultOptions {
  store: SubjectKeyStore;
  /** 32 bytes (PERSONAL_DATA_KEY) that wrap the data keys at rest; without it they are stored unwrapped. */
  masterKey?: Buffer;
  /** How long a data key stays in memory: another instance's shred takes effect here within this time. */
  cacheMs?: number;
  clock?: () => Date;
}

type Entry = { status: 'live'; keyId: string; key: Buffer; until: number } | { status: 'shredded' } | { status: 'missing' };

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

function seal(key: Buffer, plaintext: Buffer, associatedData: string): { iv: Buffer; sealed: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv, sealed };
}

/** Throws when the ciphertext, the IV or the associated data was changed, or the key is another. */
function open(key: Buffer, iv: Buffer, sealed: Buffer, associatedData: string): Buffer {
  if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES) throw new Error('malformed ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
}

/**
 * Crypto-shredding: each subject (a person, by id) has a random AES-256-GCM data key; values are encrypted
 * with a fresh 96-bit IV and the subject id as associated data, so a value copied under another subject
 * does not decrypt. Shredding the key makes every value encrypted for that subject unreadable at once,
 * wherever copies of it remain. Keys are per service: no other service can read this one's envelopes.
 *
 * Envelope: `pd1:<keyId>:<iv>:<ciphertext+tag>`, each part base64url.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly cacheMs: number;
  private readonly clock: () => Date;

  constructor(private readonly options: PersonalDataVaultOptions) {
    if (options.masterKey && options.masterKey.length !== KEY_BYTES) throw new Error(`the master key must be ${KEY_BYTES} bytes`);
    this.cacheMs = options.cacheMs ?? 60_000;
    this.clock = options.clock ?? (() => new Date());
  }

  static isEnvelope(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(`${ENVELOPE_VERSION}:`);
  }

  async encrypt(subjectId: string, value: string): Promise<string> {
    assertSubject(subjectId);
    const entry = await this.entry(subjectId, true);
    if (entry.status !== 'live') throw new SubjectErasedError(subjectId);
    const { iv, sealed } = seal(entry.key, Buffer.from(value, 'utf8'), subjectId);
    return [ENVELOPE_VERSION, entry.keyId, b64(iv), b64(sealed)].join(':');
  }

  /** The value, or null once the subject's key is shredded. Throws on a tampered envelope or a wrong subject. */
  async decrypt(subjectId: string, envelope: string): Promise<string | null> {
    assertSubject(subjectId);
    const parts = envelope.split(':');
    if (parts.length !== 4 || parts[0] !== ENVELOPE_VERSION) throw new Error('not a personal-data envelope');
    const [, keyId, iv, sealed] = parts as [string, string, string, string];
    const entry = await this.entry(subjectId, false);
    if (entry.status === 'shredded') return null;
    if (entry.status === 'missing') throw new Error(`no data key for subject ${subjectId}: the key store does not match the data`);
    if (entry.keyId !== keyId) throw new Error(`envelope of subject ${subjectId} names key ${keyId}, which is not the subject's key`);
    return open(entry.key, unb64(iv), unb64(sealed), subjectId).toString('utf8');
  }

  /** Forgets the subject's key for good; idempotent. What was encrypted for them reads as null from now on. */
  async shred(subjectId: string): Promise<void> {
    assertSubject(subjectId);
    await this.options.store.shred(subjectId, this.clock().toISOString());
    this.cache.set(subjectId, { status: 'shredded' });
  }

  /**
   * A random 32-byte secret of this service under `name`, made on first use and kept with the keys (and
   * wrapped like them): for keyed hashes when no secret is configured.
   */
  async secret(name: string): Promise<Buffer> {
    const entry = await this.entry(`${RESERVED}secret:${name}`, true);
    if (entry.status !== 'live') throw new Error(`secret ${name} is unavailable`);
    return Buffer.from(entry.key);
  }

  async close(): Promise<void> {
    this.cache.clear();
    await this.options.store.close();
  }

  private async entry(subjectId: string, create: boolean): Promise<Entry> {
    const cached = this.cache.get(subjectId);
    if (cached && (cached.status === 'shredded' || (cached.status === 'live' && cached.until > Date.now()))) return cached;
    const key = `${create}:${subjectId}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.load(subjectId, create).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  private async load(subjectId: string, create: boolean): Promise<Entry> {
    let record = await this.options.store.get(subjectId);
    if (!record && create) record = await this.options.store.create(this.newRecord(subjectId));
    if (!record) return { status: 'missing' };
    // A shredded entry is final; a live one is cached for a while, so a shred elsewhere is seen soon.
    const entry: Entry =
      record.key === undefined || record.shreddedAt !== undefined
        ? { status: 'shredded' }
        : { status: 'live', keyId: record.keyId, key: this.unwrap(record), until: Date.now() + this.cacheMs };
    // A shred that finished while this load was reading wins over what the load read.
    if (this.cache.get(subjectId)?.status === 'shredded') return { status: 'shredded' };
    if (entry.status === 'shredded' || this.cacheMs > 0) this.cache.set(subjectId, entry);
    return entry;
  }

  private newRecord(subjectId: string): SubjectKeyRecord {
    const keyId = b64(randomBytes(12));
    const key = randomBytes(KEY_BYTES);
    return { subjectId, keyId, key: this.wrap(subjectId, keyId, key), createdAt: this.clock().toISOString() };
  }

  private wrap(subjectId: string, keyId: string, key: Buffer): string {
    const { masterKey } = this.options;
    if (!masterKey) return `raw:${b64(key)}`;
    const { iv, sealed } = seal(masterKey, key, `${subjectId}:${keyId}`);
    return `mk1:${b64(iv)}:${b64(sealed)}`;
  }

  private unwrap(record: SubjectKeyRecord): Buffer {
    const [format, first, second] = (record.key ?? '').split(':');
    if (format === 'raw' && first) return unb64(first);
    if (format === 'mk1' && first && second) {
      const { masterKey } = this.options;
      if (!masterKey) throw new Error(`the data key of subject ${record.subjectId} is wrapped: PERSONAL_DATA_KEY is required`);
      try {
        return open(masterKey, unb64(first), unb64(second), `${record.subjectId}:${record.keyId}`);
      } catch (error) {
        throw new Error(`PERSONAL_DATA_KEY does not open the data key of subject ${record.subjectId}`, { cause: error });
      }
    }
    throw new Error(`the data key of subject ${record.subjectId} is malformed`);
  }
}

function assertSubject(subjectId: string): void {
  if (subjectId === '' || subjectId.startsWith(RESERVED)) throw new Error(`invalid subject id "${subjectId}"`);
}

/**
 * Reads PERSONAL_DATA_KEY: 32 bytes as 64 hex digits or as base64/base64url. Answers undefined when unset
 * and throws, naming the variable, when set to anything else.
 */
export function parseMasterKey(text: string | undefined): Buffer | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : undefined;
  if (!bytes || bytes.length !== KEY_BYTES) throw new Error('PERSONAL_DATA_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)');
  return bytes;
}
