import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { createClient, type Client } from 'graphql-ws';
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { RuleViolation } from '@nocturne/platform/domain';
import { dependencyErrorExtensions, publicDependencyError, signSubscription } from '@nocturne/platform/http';
import type { ConcurrencySlot } from '@nocturne/platform/limits';
import type { Logger } from '@nocturne/platform/logging';
import type { Session, SessionStore } from '@nocturne/platform/sessions';
import { upstreamWebsocketConnections, websocketConnections } from '@nocturne/platform/telemetry';
import { costLimitError, operationCost, queryLimitsRule, type QueryLimits } from './graphqlLimits';
import { cookiePolicyOf } from './cookiePolicy';
import { isAllowedOrigin } from './origin';
import { sessionIdFromCookieHeader } from './sessionCookie';
import { subscriptionOwners, type SubgraphEntry } from './supergraph';
import type { UsageCounters } from './usageLimits';

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
  /** Sockets per person, subscriptions per socket, subscribe messages per minute. */
  usage: UsageCounters;
  publicUrl?: string;
  /** Pings, session re-checks and the renewal of this instance's socket counts; tests shorten it. */
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

/** What onSubscribe hands to subscribe for one forwarded operation. */
interface Forwarding {
  owner: SubgraphEntry;
  payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };
  state: SocketState;
  socket: WebSocket;
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
 * owning its root field, signed for that operation (signSubscription). The subscriptions of one browser
 * socket share one connection to each subgraph. Upgrades must come from this site (Origin) with a live
 * session cookie, up to `socketsPerPerson` at once; each socket holds up to `subscriptionsPerSocket`.
 */
export function attachSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const { logger } = options;
  const owners = subscriptionOwners(options.supergraphSdl);
  const cookies = cookiePolicyOf(options.publicUrl);
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const upstreamClients = new Set<Client>();
  /**
   * One upstream connection per browser socket and subgraph, carrying all that socket's subscriptions to
   * it (each operation signed for itself). Lazy: opened with the first, closed after the last ends, and
   * with the browser socket.
   */
  const upstreamsOf = new WeakMap<WebSocket, Map<string, Client>>();
  /** Upstream connections open now, by subgraph (nocturne_websocket_upstream_connections). */
  const openUpstreams = new Map<string, Set<Client>>();
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

  const upstreamOf = (socket: WebSocket, owner: SubgraphEntry): Client => {
    const bySubgraph = upstreamsOf.get(socket) ?? new Map<string, Client>();
    upstreamsOf.set(socket, bySubgraph);
    const known = bySubgraph.get(owner.name);
    if (known) return known;
    const open = openUpstreams.get(owner.name) ?? new Set<Client>();
    openUpstreams.set(owner.name, open);
    const client: Client = createClient({
      url: webSocketUrlOf(options.subgraphUrl(owner.name, owner.url)),
      webSocketImpl: WebSocket,
      lazy: true,
      lazyCloseTimeout: 0,
      retryAttempts: 0,
      on: {
        opened: () => void open.add(client),
        closed: () => void open.delete(client),
      },
    });
    bySubgraph.set(owner.name, client);
    upstreamClients.add(client);
    return client;
  };
  const disposeUpstreams = (socket: WebSocket) => {
    for (const [name, client] of upstreamsOf.get(socket) ?? []) {
      openUpstreams.get(name)?.delete(client);
      upstreamClients.delete(client);
      void client.dispose();
    }
    upstreamsOf.delete(socket);
  };

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
      disposeUpstreams(socket);
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
    // This instance's sockets keep counting towards their people's caps only while it renews them.
    options.usage.renew().catch((error: unknown) => logger.warn({ err: error }, 'renewing the count of live sockets failed'));
  }, options.pingMs ?? SOCKET_PING_MS);
  pinger.unref();
  const stopCounting = websocketConnections.add({ read: () => [{ labels: {}, value: webSockets.clients.size }] });
  const stopCountingUpstreams = upstreamWebsocketConnections.add({ read: () => [...openUpstreams].map(([subgraph, open]) => ({ labels: { subgraph }, value: open.size })) });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://gateway').pathname;
      if (pathname !== options.path) return refuseUpgrade(socket, 404, 'Not Found');
      if (!isAllowedOrigin(req, options.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
      const session = await options.sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie, cookies));
      if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
      let slot: ConcurrencySlot;
      try {
        slot = await options.usage.openSocket(session.userId);
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        const [status, reason] = error.code === 'RATE_LIMITED' ? [429, 'Too Many Requests'] : [503, 'Service Unavailable'];
        return refuseUpgrade(socket, status, reason, error.details.retryAfterSeconds);
      }
      // The person's count goes down when the connection ends, however it ends (handshake refused included).
      const release = () => void slot.release().catch((error: unknown) => logger.warn({ err: error }, 'could not give back a live socket'));
      socket.once('close', release);
      if (socket.destroyed) return release();
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
      onSubscribe: async (ctx, _id, payload) => {
        const { socket, request } = ctx.extra;
        const state = states.get(request);
        if (!state) return [new GraphQLError('Not signed in', { extensions: { code: 'UNAUTHENTICATED' } })];
        // Every subscription still open or starting on this socket, this one included.
        const open = Object.keys(ctx.subscriptions).length;
        if (open > options.usage.limits.subscriptionsPerSocket) {
          return [new GraphQLError(`Too many live updates on one connection: the limit is ${options.usage.limits.subscriptionsPerSocket}. End one before starting another.`, { extensions: { code: 'RATE_LIMITED' } })];
        }
        try {
          // The session may have ended since the upgrade (its notice may have been missed): checked again here.
          const session = await options.sessions.resolve(cookieOf.get(socket));
          if (!session) {
            closeSession(state.session.hash);
            return [new GraphQLError('Not signed in', { extensions: { code: 'UNAUTHENTICATED' } })];
          }
          await options.usage.countRequest({ session, clientIp: state.clientIp });
        } catch (error) {
          if (error instanceof RuleViolation) return [new GraphQLError(error.message, { extensions: { ...error.toExtensions() } })];
          const dependency = publicDependencyError(error);
          if (!dependency) throw error;
          logger.warn({ err: error }, 'subscription refused: a dependency failed');
          return [new GraphQLError(dependency.message, { extensions: dependencyErrorExtensions(dependency) })];
        }
        const schema = options.getSchema();
        if (!schema) return [new GraphQLError('The gateway is starting, try again')];
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: options.limits.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Malformed query')];
        }
        const errors = validate(schema, document, [...specifiedRules, queryLimitsRule(options.limits)]);
        if (errors.length > 0) return errors;
        const refusal = costLimitError(operationCost(schema, document, { operationName: payload.operationName ?? null, variables: payload.variables ?? null, defaultListSize: options.limits.defaultListSize }), options.limits, payload.operationName);
        if (refusal) {
          const { http: _http, ...extensions } = refusal.extensions;
          return [new GraphQLError(refusal.message, { extensions })];
        }
        const field = subscriptionRootField(document, payload.operationName);
        if (field instanceof GraphQLError) return [field];
        const owner = owners.get(field);
        if (!owner) return [new GraphQLError(`No subgraph serves the subscription field '${field}'`)];
        const forwarding: Forwarding = { owner, payload, state, socket };
        const args: ExecutionArgs = {
          schema,
          document,
          variableValues: payload.variables ?? null,
          operationName: payload.operationName ?? null,
          contextValue: forwarding,
        };
        return args;
      },
      subscribe: (args) => {
        const { owner, payload, state, socket } = args.contextValue as Forwarding;
        // The browser left while this operation was being checked: nothing to open upstream for it.
        if (socket.readyState !== WebSocket.OPEN) return (async function* ended() {})();
        const upstreamPath = new URL(options.subgraphUrl(owner.name, owner.url)).pathname;
        const operation = { query: payload.query, ...(payload.variables && { variables: payload.variables }), ...(payload.operationName && { operationName: payload.operationName }) };
        // Signed for this operation only; whatever `extensions` the browser sent is not passed on.
        const signed = signSubscription({ ip: state.clientIp, uid: state.session.userId, sid: state.session.hash }, options.internalSecret, operation, upstreamPath);
        const upstream = upstreamOf(socket, owner).iterate(signed);
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
      stopCountingUpstreams();
      options.httpServer.off('upgrade', onUpgrade);
      for (const client of upstreamClients) await client.dispose();
      upstreamClients.clear();
      await disposable.dispose();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
    },
  };
}
