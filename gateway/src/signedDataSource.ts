import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import nodeFetch from 'node-fetch';
import type { GatewayGraphQLRequestContext, GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { GraphQLError } from 'graphql';
import { INTERNAL_CONTEXT_HEADER, INTERNAL_ERROR_MESSAGE, PUBLIC_ERROR_CODES, SET_SESSION_HEADER, signInternalContext } from '@nocturne/platform';
import { isGatewayContext } from './requestContext';
import { parseSessionInstruction } from './sessionCookie';
import type { Logger } from '@nocturne/platform';

/**
 * Subgraph calls over kept-alive connections with plain node-fetch (the gateway's own Request and Headers
 * type): Apollo's default, make-fetch-happen, adds an HTTP cache and retry layers that cost more CPU per
 * call than the rest of a simple mutation's trip through the gateway.
 */
const keepAlive = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
const subgraphFetcher = ((url: string, init: Parameters<typeof nodeFetch>[1]) =>
  nodeFetch(url, { ...init, agent: (parsed: URL) => (parsed.protocol === 'https:' ? keepAlive.https : keepAlive.http) })) as unknown as NonNullable<ConstructorParameters<typeof RemoteGraphQLDataSource>[0]>['fetcher'];

/** Requests the gateway makes on its own (schema health checks) speak for nobody. */
const GATEWAY_ITSELF_IP = '127.0.0.1';

/**
 * Calls one subgraph: signs who is asking into `x-nocturne-context` (docs/design.md) and turns the auth
 * subgraph's `x-nocturne-set-session` into the client's cookie. Headers from the client are never
 * forwarded, so a client cannot forge the context.
 */
export class SignedDataSource extends RemoteGraphQLDataSource<Record<string, unknown>> {
  constructor(
    url: string,
    private readonly subgraphName: string,
    private readonly internalSecret: string,
    private readonly logger: Logger,
  ) {
    super({ url, fetcher: subgraphFetcher });
  }

  override willSendRequest(options: GraphQLDataSourceProcessOptions<Record<string, unknown>>): void {
    const headers = options.request.http?.headers;
    if (!headers) return;
    for (const [name] of [...headers]) {
      if (name.toLowerCase().startsWith('x-nocturne-')) headers.delete(name);
    }
    const context = options.context;
    const signed = isGatewayContext(context)
      ? signInternalContext({ ip: context.clientIp, ...(context.session && { uid: context.session.userId, sid: context.session.hash }) }, this.internalSecret)
      : signInternalContext({ ip: GATEWAY_ITSELF_IP }, this.internalSecret);
    headers.set(INTERNAL_CONTEXT_HEADER, signed);
  }

  override didReceiveResponse({
    response,
    context,
  }: Required<Pick<GatewayGraphQLRequestContext<Record<string, unknown>>, 'request' | 'response' | 'context'>>): GatewayGraphQLResponse {
    const header = response.http?.headers.get(SET_SESSION_HEADER);
    if (header) {
      const instruction = parseSessionInstruction(header);
      if (!instruction) this.logger.warn({ subgraph: this.subgraphName }, 'ignored a malformed x-nocturne-set-session header');
      else if (isGatewayContext(context)) context.applySessionInstruction(instruction);
      response.http?.headers.delete(SET_SESSION_HEADER);
    }
    return response;
  }

  /**
   * A subgraph's non-2xx answer: its GraphQL errors with a code of the catalogue pass through (a subgraph
   * may give them an HTTP status); anything else (URLs, bodies, stack traces) stays in the log.
   */
  override async errorFromResponse(response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0]): Promise<GraphQLError> {
    const text = await response.text().catch(() => '');
    this.logger.error({ subgraph: this.subgraphName, status: response.status, body: text.slice(0, 500) }, 'subgraph answered with an HTTP error');
    const passed = catalogueError(text);
    return passed ?? new GraphQLError(INTERNAL_ERROR_MESSAGE, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
}

const passThroughCodes = PUBLIC_ERROR_CODES;

function catalogueError(body: string): GraphQLError | null {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ message?: unknown; extensions?: Record<string, unknown> }> };
    const first = parsed.errors?.[0];
    const code = first?.extensions?.code;
    if (typeof first?.message !== 'string' || typeof code !== 'string' || !passThroughCodes.has(code)) return null;
    const { field, retryAfterSeconds, reason } = first.extensions ?? {};
    return new GraphQLError(first.message, { extensions: { code, ...(field !== undefined && { field }), ...(retryAfterSeconds !== undefined && { retryAfterSeconds }), ...(reason !== undefined && { reason }) } });
  } catch {
    return null;
  }
}
