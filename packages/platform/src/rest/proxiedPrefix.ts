import type { z } from 'zod';

/**
 * A route of a proxied prefix: what the gateway forwards (its exact shape, nothing else) and documents
 * in the OpenAPI document.
 */
export interface ProxiedOperation {
  method: 'get' | 'post';
  /** Express-style public path under the prefix, `/api/photos/:photoId/:size`. */
  path: string;
  /**
   * What each `:param` of the path may be, as an anchored pattern (`^[a-f0-9]{32}$`). A request whose
   * segment does not match is not forwarded; a path parameter without a pattern is a declaration error.
   */
  params?: Record<string, RegExp>;
  operationId: string;
  summary: string;
  /** A JSON answer names its schema (from `@nocturne/contracts/api`), which the document shows; an image or a recording needs none. */
  success: { status: number; description: string; contentType: 'application/json'; schema: z.ZodType } | { status: number; description: string; contentType: `image/${string}` | `audio/${string}` };
  errors: Array<{ status: number; description: string }>;
}

/**
 * Plain HTTP routes of a subgraph (binary bodies GraphQL does not carry) that the gateway forwards from
 * `/api`, signed like GraphQL calls. A service declares them in its definition (`proxiedPrefixes`) and
 * serves them under its `/media` path space (`createSubgraphServer`'s `routes`), never beside `/graphql`.
 */
export interface ServiceProxiedPrefix {
  /** Public prefix, `/api/photos`. */
  prefix: string;
  /** The subgraph's own prefix under `/media`, `/media/photos`. */
  targetPrefix: `/media/${string}`;
  operations: ProxiedOperation[];
}

/** A service's proxied prefix with the subgraph it belongs to, as the gateway serves it. */
export interface ProxiedPrefix extends ServiceProxiedPrefix {
  subgraph: string;
}
