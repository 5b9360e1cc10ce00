import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { createClient, type Client } from 'graphql-ws';
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { INTERNAL_CONTEXT_HEADER, publicDependencyError, signInternalContext, subscriptionBody, websocketConnections, type Session, type SessionStore } from '@nocturne/platform';
import { queryLimitsRule, type QueryLimits } from './graphqlLimits';
import type { Logger } from '@nocturne/platform';
import { cookiePolicyOf } from './cookiePolicy';
import { isAllowedOrigin } from './origin';
import { sessionIdFromCookieHeader } from './sessionCookie';
import { subscriptionOwners, type SubgraphEntry } from './supergraph';

export interface SubscriptionServerOptions {
  httpServer: Server;
  path: string;
  getSchema: () => GraphQLSchema | undefined;
  supergraphSdl: string;
  subgraphUrl: (name: string, recorded: string) => string;
  sessions: SessionStore;
  internalSecret: string;
  logger: Logger;
  limits: QueryLimits;
  publicUrl?: string;
  /** Pings and session re-checks; tests shorten it. */
  pingMs?: number;
}

/** How often the gateway pings each browser socket; one that has not answered the last ping is dropped. */
export const SOCKET_PING_MS = 20_000;
/** Close code of a socket whose session ended (sign-out, password reset, deletion, expiry). */
export const SESSION_ENDED_CLOSE = 4401;

export interface SubscriptionServer {
  close(): Promise<void>;
}

interface SocketState {
  session: Session;
  clientIp: string;
}

const states = new WeakMap<IncomingMessage, SocketState>();

function refuseUpgrade(socket: Duplex, status: number, reason: string, retryAfterSeconds?: number) {
  const retryAfter = retryAfterSeconds === undefined ? '' : `Retry-After: ${retryAfterSeconds}\r\n`;
  socket.write(`HTTP/1.1 ${status} ${reason}\r\n${retryAfter}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** An error of a subgraph's answer, as JSON, back into a GraphQLError with its message, path and extensions. */
const asGraphQLError = (error: { message?: unknown; path?: unknown; extensions?: unknown }): GraphQLError =>
  new GraphQLError(typeof error.message === 'string' ? error.message : 'Internal server error', {
    ...(Array.isArray(error.path) && { path: error.path as Array<string | number> }),
    ...(typeof error.extensions === 'object' && error.extensions !== null && { extensions: error.extensions as Record<string, unknown> }),
  });

/** The WebSocket endpoint of a subgraph, at the same path as its HTTP one. */
export const webSocketUrlOf = (httpUrl: string) => httpUrl.replace(/^http(s?):\/\//, 'ws$1://');

/** The one subscription root field of an operation, or an error naming the problem. */
export function subscriptionRootField(document: DocumentNode, operationName?: string | null): string | GraphQLError {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) return new GraphQLError('Name the operation to run');
  if (operation.operation !== 'subscription') return new GraphQLError('Only subscriptions run over this WebSocket; send queries and mutations over HTTP');
  const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD);
  if (fields.length !== 1 || operation.selectionSet.selections.length !== 1) return new GraphQLError('A subscription selects exactly one root field');
  return fields[0]!.name.value;
}

/**
 * graphql-ws on the gateway's port. `@apollo/gateway` does not run subscriptions, so each one is
 * validated against the supergraph's API schema here and forwarded, over graphql-ws, to the subgraph
 * owning its root field, with the signed context in the connection parameters.
 * Upgrades must come from this site (Origin) with a live session cookie.
 */
export function attachSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const { logger } = options;
  const owners = subscriptionOwners(options.supergraphSdl);
  const cookies = cookiePolicyOf(options.publicUrl);
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const upstreamClients = new Set<Client>();
  /** Open browser sockets by the hash of their session, so a session that ends closes its sockets. */
  const socketsBySession = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  /** The session cookie each socket came with, for the periodic re-check. */
  const cookieOf = new WeakMap<WebSocket, string>();

  const closeSession = (hash: string) => {
    for (const socket of socketsBySession.get(hash) ?? []) socket.close(SESSION_ENDED_CLOSE, 'Session ended');
    socketsBySession.delete(hash);
  };
  const endedSubscription = options.sessions.onEnded(closeSession);

  webSockets.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const state = states.get(req);
    if (!state) return;
    const hash = state.session.hash;
    const sockets = socketsBySession.get(hash) ?? new Set<WebSocket>();
    socketsBySession.set(hash, sockets.add(socket));
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && socketsBySession.get(hash) === sockets) socketsBySession.delete(hash);
    });
  });

  // A browser that vanished without closing (a dropped network, a killed tab) misses a ping and is
  // dropped, which ends its upstream subscriptions (and its presence). Sessions that expired meanwhile
  // end their sockets too.
  const pinger = setInterval(() => {
    for (const socket of webSockets.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
    void (async () => {
      for (const [hash, sockets] of socketsBySession) {
        const first = sockets.values().next().value;
        const cookie = first && cookieOf.get(first);
        if (cookie !== undefined && !(await options.sessions.resolve(cookie))) closeSession(hash);
      }
    })().catch((error: unknown) => logger.warn({ err: error }, 'session re-check of live sockets failed'));
  }, options.pingMs ?? SOCKET_PING_MS);
  pinger.unref();
  const stopCounting = websocketConnections.add({ read: () => [{ labels: {}, value: webSockets.clients.size }] });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://gateway').pathname;
      if (pathname !== options.path) return refuseUpgrade(socket, 404, 'Not Found');
      if (!isAllowedOrigin(req, options.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
      const session = await options.sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie, cookies));
      if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
      states.set(req, { session, clientIp: req.socket.remoteAddress ?? 'unknown' });
      webSockets.handleUpgrade(req, socket, head, (ws) => {
        const sessionId = sessionIdFromCookieHeader(req.headers.cookie, cookies);
        if (sessionId) cookieOf.set(ws, sessionId);
        webSockets.emit('connection', ws, req);
      });
    })().catch((error: unknown) => {
      // Sessions live in Redis: while it is away the upgrade is refused with 503 and Retry-After.
      const dependency = publicDependencyError(error);
      if (dependency) {
        logger.warn({ err: error }, 'WebSocket upgrade refused: a dependency failed');
        return refuseUpgrade(socket, dependency.status, dependency.status === 503 ? 'Service Unavailable' : 'Gateway Timeout', dependency.retryAfterSeconds);
      }
      logger.error({ err: error }, 'WebSocket upgrade failed');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  };
  options.httpServer.on('upgrade', onUpgrade);

  const disposable = useServer(
    {
      onSubscribe: (ctx, _id, payload) => {
        const schema = options.getSchema();
        if (!schema) return [new GraphQLError('The gateway is starting, try again')];
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Malformed query')];
        }
        const errors = validate(schema, document, [...specifiedRules, queryLimitsRule(options.limits)]);
        if (errors.length > 0) return errors;
        const field = subscriptionRootField(document, payload.operationName);
        if (field instanceof GraphQLError) return [field];
        const owner = owners.get(field);
        if (!owner) return [new GraphQLError(`No subgraph serves the subscription field '${field}'`)];
        const state = states.get(ctx.extra.request);
        if (!state) return [new GraphQLError('Not signed in', { extensions: { code: 'UNAUTHENTICATED' } })];
        const args: ExecutionArgs = {
          schema,
          document,
          variableValues: payload.variables ?? null,
          operationName: payload.operationName ?? null,
          contextValue: { owner, payload, state },
        };
        return args;
      },
      subscribe: (args) => {
        const { owner, payload, state } = args.contextValue as { owner: SubgraphEntry; payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }; state: SocketState };
        const upstreamUrl = options.subgraphUrl(owner.name, owner.url);
        const client = createClient({
          url: webSocketUrlOf(upstreamUrl),
          webSocketImpl: WebSocket,
          lazy: true,
          retryAttempts: 0,
          connectionParams: () => ({
            [INTERNAL_CONTEXT_HEADER]: signInternalContext({ ip: state.clientIp, uid: state.session.userId, sid: state.session.hash }, options.internalSecret, {
              method: 'SUBSCRIBE',
              path: new URL(upstreamUrl).pathname,
              body: subscriptionBody(payload),
            }),
          }),
        });
        upstreamClients.add(client);
        const upstream = client.iterate({ query: payload.query, ...(payload.variables && { variables: payload.variables }), ...(payload.operationName && { operationName: payload.operationName }) });
        let failed = false;
        const forwarded: AsyncIterableIterator<never> = {
          // The subgraph's errors arrive as plain JSON; graphql-ws sends GraphQLErrors. Refusals at
          // subscribe time (an error message upstream) reach the browser as one result with errors.
          next: async () => {
            if (failed) return { done: true, value: undefined };
            try {
              const result = await upstream.next();
              if (result.done || !result.value.errors) return result as IteratorResult<never>;
              return { done: false, value: { ...result.value, errors: result.value.errors.map(asGraphQLError) } as never };
            } catch (error) {
              if (!Array.isArray(error)) throw error;
              failed = true;
              return { done: false, value: { errors: error.map(asGraphQLError) } as never };
            }
          },
          return: async () => {
            await upstream.return?.();
            upstreamClients.delete(client);
            await client.dispose();
            return { done: true, value: undefined };
          },
          [Symbol.asyncIterator]() {
            return this;
          },
        };
        return forwarded;
      },
    },
    webSockets,
  );

  return {
    async close() {
      clearInterval(pinger);
      await (await endedSubscription)();
      stopCounting();
      options.httpServer.off('upgrade', onUpgrade);
      for (const client of upstreamClients) await client.dispose();
      upstreamClients.clear();
      await disposable.dispose();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
    },
  };
}
