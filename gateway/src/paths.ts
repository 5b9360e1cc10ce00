import path from 'node:path';

// Both resolve from gateway/src (tests) and gateway/dist (built) alike.
/** The checked-in composed supergraph. */
export const SUPERGRAPH_FILE = path.resolve(__dirname, '..', 'supergraph.graphql');
/** The built client, by default. */
export const DEFAULT_FRONTEND_DIST = path.resolve(__dirname, '..', '..', 'frontend', 'dist');
