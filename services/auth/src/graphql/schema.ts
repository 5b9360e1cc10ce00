import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The SDL lives in schema.graphql next to this file in src; the compiled copy in dist reads it from src,
 * since the TypeScript build copies no other files.
 */
function locateSchema(): string {
  const candidates = [join(__dirname, 'schema.graphql'), join(__dirname, '..', '..', 'src', 'graphql', 'schema.graphql')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`auth schema.graphql not found (looked in ${candidates.join(', ')})`);
  return found;
}

export const authTypeDefs: string = readFileSync(locateSchema(), 'utf8');
