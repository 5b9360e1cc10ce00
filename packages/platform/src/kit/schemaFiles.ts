import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A service's SDL: every `graphql/*.graphql` file of its `src`, in name order. `moduleDir` is the
 * `__dirname` of a module at the root of `src` (or of its compiled copy in `dist`: the TypeScript build
 * copies no other files, so the compiled service reads its SDL from `src`).
 */
export function readServiceSchema(moduleDir: string): string {
  const candidates = [path.join(moduleDir, 'graphql'), path.join(moduleDir, '..', 'src', 'graphql')];
  const folder = candidates.find((candidate) => existsSync(candidate) && readdirSync(candidate).some((file) => file.endsWith('.graphql')));
  if (!folder) throw new Error(`no graphql/*.graphql schema files found (looked in ${candidates.join(', ')})`);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(path.join(folder, file), 'utf8'))
    .join('\n');
}
