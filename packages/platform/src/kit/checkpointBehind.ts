/**
 * A checkpoint that follows the work instead of gating it: `advanced` notes how far the work got and a save
 * runs behind it, one at a time, at most once per `everyMs`, each carrying the position reached by then.
 * For work delivered at least once whose repetition is harmless (the outbox relay: same ids, consumers
 * dedupe): a crash repeats at most what was done since the last save. Saving after every event made each
 * one wait for a file written aside, fsync'd and renamed (or a database write), and a busy service's saves
 * slowed every other fsync of the process.
 */
export interface CheckpointBehind {
  /** The work has reached `position` (only ever forward). */
  advanced(position: number): void;
  /** Waits for the save under way, then saves the last position reached if it is not saved yet. */
  stop(): Promise<void>;
}

export function checkpointBehind(options: {
  /** The position saved when the work starts. */
  from: number;
  save: (position: number) => Promise<void>;
  /** Default 250 ms. */
  everyMs?: number;
  /** A save that failed (tried again at the next advance and at the stop); `recovered` after one that followed. */
  onSaveFailed?: (error: unknown, position: number) => void;
  onSaveRecovered?: (position: number) => void;
}): CheckpointBehind {
  const everyMs = options.everyMs ?? 250;
  let reached = options.from;
  let saved = options.from;
  let saving: Promise<void> | undefined;
  let failed = false;
  let lastSaveAt = 0;
  let stopped = false;
  let wake: (() => void) | undefined;

  const saveOnce = async () => {
    const position = reached;
    lastSaveAt = Date.now();
    try {
      await options.save(position);
      saved = Math.max(saved, position);
      if (failed) options.onSaveRecovered?.(position);
      failed = false;
      return true;
    } catch (error) {
      if (!failed) options.onSaveFailed?.(error, position);
      failed = true;
      return false;
    }
  };

  const follow = () => {
    saving ??= (async () => {
      while (!stopped && reached > saved) {
        const due = lastSaveAt + everyMs - Date.now();
        if (due > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, due);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (stopped) return;
        }
        if (!(await saveOnce())) return;
      }
    })().finally(() => (saving = undefined));
  };

  return {
    advanced(position) {
      if (position <= reached) return;
      reached = position;
      if (!stopped) follow();
    },
    async stop() {
      stopped = true;
      wake?.();
      await saving;
      if (reached > saved) await saveOnce();
    },
  };
}
