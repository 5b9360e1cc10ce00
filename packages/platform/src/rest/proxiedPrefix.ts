/** A documented operation of a proxied prefix, for the OpenAPI document. */
export interface ProxiedOperation {
  method: 'get' | 'post';
  /** Express-style public path. */
  path: string;
  operationId: string;
  summary: string;
  success: { status: number; description: string; contentType: string };
  errors: Array<{ status: number; description: string }>;
}

/**
 * Plain HTTP routes of a subgraph (binary bodies GraphQL does not carry) that the gateway forwards from
 * `/api`, signed like GraphQL calls. A service declares them in its definition (`proxiedPrefixes`).
 */
export interface ServiceProxiedPrefix {
  /** Public prefix, `/api/photos`. */
  prefix: string;
  /** The subgraph's own prefix, `/photos`. */
  targetPrefix: string;
  operations: ProxiedOperation[];
}

/** A service's proxied prefix with the subgraph it belongs to, as the gateway serves it. */
export interface ProxiedPrefix extends ServiceProxiedPrefix {
  subgraph: string;
}
