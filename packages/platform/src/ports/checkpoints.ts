/**
 * Where a subscriber (the outbox relay, a projection) remembers the last global position it handled.
 * Save only after the work is done: a lost save means the work is repeated, never skipped.
 */
export interface CheckpointStore {
  /** The saved position, 0 when there is none. */
  load(name: string): Promise<number>;
  save(name: string, position: number): Promise<void>;
  close(): Promise<void>;
}
