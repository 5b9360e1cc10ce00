import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Which demo owls are completely made (signed up, photographed, onboarded, placed), by username, with
 * their user ids: a restart skips them instead of signing each in again. It is the seeder's own note,
 * not a store of any service: lost or stale, the seeder falls back to signing in, which finds the owls.
 */
export interface OwlRegistry {
  userIdOf(username: string): number | undefined;
  markComplete(username: string, userId: number): void;
  /**
   * Whether owls it does not know may have been made before: its note was lost, or it keeps none while the
   * stack's data outlives it. The seeder then signs such an owl in before trying to sign it up, so that a
   * restart spends no sign-up (the stack counts them per address, across its own restarts too).
   */
  readonly owlsMayExist: boolean;
}

interface RegistryFile {
  version: 1;
  owls: Record<string, number>;
}

/**
 * Kept in memory only: for a stack whose data lives in memory too (`owlsMayExist` false), or for the
 * owls' own process beside a stack whose data outlives it (true).
 */
export function memoryOwlRegistry({ owlsMayExist = false }: { owlsMayExist?: boolean } = {}): OwlRegistry {
  const owls = new Map<string, number>();
  return { userIdOf: (username) => owls.get(username), markComplete: (username, userId) => void owls.set(username, userId), owlsMayExist };
}

/** Kept in `<dir>/owls.json`, next to the secret their passwords come from; written whole, then renamed. */
export function fileOwlRegistry(dir: string): OwlRegistry {
  const file = join(dir, 'owls.json');
  const owls = new Map<string, number>();
  let noted = false;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RegistryFile>;
    for (const [username, userId] of Object.entries(parsed.owls ?? {})) if (Number.isSafeInteger(userId) && userId > 0) owls.set(username, userId);
    noted = true;
  } catch {
    // No note yet (or an unreadable one): the seeder signs the owls in and writes it again.
  }
  // Without a note, the folder holding anything else (the secret the passwords come from) means it was lost.
  const owlsMayExist = !noted && existsSync(dir) && readdirSync(dir).some((name) => !name.startsWith('owls.json'));
  return {
    owlsMayExist,
    userIdOf: (username) => owls.get(username),
    markComplete(username, userId) {
      owls.set(username, userId);
      mkdirSync(dirname(file), { recursive: true });
      const content: RegistryFile = { version: 1, owls: Object.fromEntries(owls) };
      writeFileSync(`${file}.tmp`, `${JSON.stringify(content, null, 1)}\n`);
      renameSync(`${file}.tmp`, file);
    },
  };
}
