import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { createClient, type Client } from 'graphql-ws';
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { INTERNAL_CONTEXT_HEADER, signInternalContext, type Session, type SessionStore } from '@nocturne/platform';
import { queryLimitsRule, type QueryLimits } from './graphqlLimits';
import type { Logger } from '@nocturne/platform';
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
}

export interface SubscriptionServer {
  close(): Promise<void>;
}

interface SocketState {
  session: Session;
  clientIp: string;
}

const states = new WeakMap<IncomingMessage, SocketState>();

function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

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
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const upstreamClients = new Set<Client>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://gateway').pathname;
      if (pathname !== options.path) return refuseUpgrade(socket, 404, 'Not Found');
      if (!isAllowedOrigin(req, options.publicUrl)) return refuseUpgrade(socket, 403, 'Forbidden');
      const session = await options.sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie));
      if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
      states.set(req, { session, clientIp: req.socket.remoteAddress ?? 'unknown' });
      webSockets.handleUpgrade(req, socket, head, (ws) => webSockets.emit('connection', ws, req));
    })().catch((error: unknown) => {
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
        const client = createClient({
          url: webSocketUrlOf(options.subgraphUrl(owner.name, owner.url)),
          webSocketImpl: WebSocket,
          lazy: true,
          retryAttempts: 0,
          connectionParams: () => ({
            [INTERNAL_CONTEXT_HEADER]: signInternalContext({ ip: state.clientIp, uid: state.session.userId, sid: state.session.hash }, options.internalSecret),
          }),
        });
        upstreamClients.add(client);
        const upstream = client.iterate({ query: payload.query, ...(payload.variables && { variables: payload.variables }), ...(payload.operationName && { operationName: payload.operationName }) });
        const forwarded: AsyncIterableIterator<never> = {
          next: () => upstream.next() as Promise<IteratorResult<never>>,
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
      options.httpServer.off('upgrade', onUpgrade);
      for (const client of upstreamClients) await client.dispose();
      upstreamClients.clear();
      await disposable.dispose();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
    },
  };
}
