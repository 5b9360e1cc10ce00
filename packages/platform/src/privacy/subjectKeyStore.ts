/**
 * One data key per subject (a person), stored apart from the data it encrypts. Shredding the key erases
 * everything encrypted with it, wherever the ciphertext lives on (append-only logs, backups).
 */
export interface SubjectKeyRecord {
  subjectId: string;
  keyId: string;
  /** The data key as stored: wrapped with the master key (`mk1:...`) or plain (`raw:...`); gone once shredded. */
  key?: string;
  createdAt: string;
  /** A shredded subject keeps this tombstone, so no new key is ever made for it. */
  shreddedAt?: string;
}

export interface SubjectKeyStore {
  get(subjectId: string): Promise<SubjectKeyRecord | null>;
  /**
   * Stores the record unless the subject already has one, and answers the record that holds: the first
   * writer wins, so concurrent writers (other instances too) agree on one key.
   */
  create(record: SubjectKeyRecord): Promise<SubjectKeyRecord>;
  /** Removes the key for good and leaves a tombstone (also for a subject that had no key yet). */
  shred(subjectId: string, at: string): Promise<void>;
  close(): Promise<void>;
}
