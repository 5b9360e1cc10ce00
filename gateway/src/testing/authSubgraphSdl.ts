import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The auth subgraph's own SDL, read from its file, for gateway tests that stand in for the service: the
 * stand-in can never drift from the schema the gateway really composes. (A file read, not an import:
 * only the stack depends on services.)
 */
export const authSubgraphSdl = readFileSync(path.resolve(__dirname, '../../../services/auth/src/graphql/schema.graphql'), 'utf8');
