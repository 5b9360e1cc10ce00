import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express, { Router, type Express, type NextFunction, type Request, type Response } from 'express';
import { GraphQLError, Kind, parse, validate, type DocumentNode, type ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import { RuleViolation } from '../domain/ruleViolation';
import { withWriteLog, writtenSoFar, type WrittenEvent } from '../kit/readYourWrites';
import { graphqlTelemetry, inProcessRequestTelemetry, requestTelemetry } from '../telemetry/requestTelemetry';
import { dependencyErrorExtensions, formatSubgraphError, publicDependencyError } from './errors';
import { hashBody, INTERNAL_CONTEXT_HEADER, STREAMED_BODY, subscriptionBody, verifyInternalContext, type InternalContext } from './internalContext';

/** What every resolver gets, whatever the service adds to it. */
export interface SubgraphBaseContext {
  /** The caller as vouched for by the gateway. */
  internal: InternalContext;
  requestId: string;
  logger: Logger;
  /** Sets a header on this request's HTTP response (for example `x-nocturne-set-session`). */
  setResponseHeader(name: string, value: string): void;
}

/**
 * `ready`: everything it needs answers. `degraded`: still serving, something it can do without is away (the
 * bus: writes wait in the outbox), 200 with a note. `not ready`: a dependency it needs to serve is away, 503.
 */
export type ReadinessStatus = 'ready' | 'degraded' | 'not ready';

export interface Readiness {
  /** True when it may take traffic: ready or degraded. */
  ready: boolean;
  status: ReadinessStatus;
  /** Per-check detail for the probe's body. */
  checks: Record<string, boolean>;
  /** What the degraded checks mean for users. */
  notes?: string[];
}

/** A readiness check with its weight: a failing one makes the server `not ready` unless it is only `degraded`. */
export interface ReadinessCheck {
  probe: () => boolean | Promise<boolean>;
  whenDown?: 'not ready' | 'degraded';
  /** Shown in the probe's body while it fails (a degraded check says what still works). */
  note?: string;
}

/** A probe that does not answer within this long counts as failing, so /readyz always answers quickly. */
export const READINESS_PROBE_TIMEOUT_MS = 1_000;

/** Runs the checks, each bounded in time, and weighs them. */
export async function evaluateReadiness(checks: Record<string, ReadinessCheck | (() => boolean | Promise<boolean>)>): Promise<Readiness> {
  const entries = Object.entries(checks).map(([name, check]) => [name, typeof check === 'function' ? { probe: check } : check] as const);
  const results = await Promise.all(
    entries.map(async ([, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READINESS_PROBE_TIMEOUT_MS)));
      try {
        return await Promise.race([Promise.resolve().then(check.probe), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const failing = entries.filter((_, index) => !results[index]).map(([, check]) => check);
  const status: ReadinessStatus = failing.some((check) => check.whenDown !== 'degraded') ? 'not ready' : failing.length > 0 ? 'degraded' : 'ready';
  const notes = failing.flatMap((check) => (check.note ? [check.note] : []));
  return { ready: status !== 'not ready', status, checks: Object.fromEntries(entries.map(([name], index) => [name, results[index]!])), ...(notes.length > 0 && { notes }) };
}

export interface SubgraphServerOptions<TContext extends SubgraphBaseContext> {
  name: string;
  /** Federation 2 SDL: text, a parsed document, or several of them (one per feature). */
  typeDefs: string | DocumentNode | ReadonlyArray<string | DocumentNode>;
  resolvers: GraphQLResolverMap<TContext>;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  internalSecret: string;
  logger: Logger;
  /** Adds the service's own dependencies to the request context. */
  buildContext?: (base: SubgraphBaseContext) => TContext | Promise<TContext>;
  /**
   * Media routes (uploads, downloads), mounted under `/media`: a path space of their own, apart from
   * `/graphql`. They are mounted after the internal-context check (a signature bound to the method and
   * path), so a handler finds the verified caller with `internalContextOf(res)`.
   */
  routes?: (media: Router) => void;
  /**
   * Extra readiness checks, by name (projections caught up...): a plain function fails readiness, a
   * ReadinessCheck may only degrade it. The adapters' dependencies (`Adapters.dependencies`) go here too.
   */
  readinessChecks?: Record<string, ReadinessCheck | (() => boolean | Promise<boolean>)>;
  /** Largest JSON body accepted on /graphql. */
  bodyLimit?: string;
  /** Clock for the internal context's freshness check. */
  now?: () => number;
  /**
   * Called before a `/graphql` request that stored events answers, with what it stored: read-your-writes
   * across services (the service lifecycle's `settle`). Its time counts in the request's.
   */
  settleWrites?: (written: readonly WrittenEvent[]) => Promise<void>;
}

/**
 * A `/graphql` request handed over inside one process (the embedded stack's gateway calling a subgraph of
 * the same process): the caller as the gateway would sign it, the body as it would send it.
 */
export interface InProcessGraphqlRequest {
  caller: Omit<InternalContext, 'iat'>;
  /** The JSON body of the operation. */
  body: string;
}

export interface InProcessGraphqlAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Runs a `/graphql` request as the HTTP route does (write log, context, read-your-writes), without the socket. */
export type InProcessSubgraph = (request: InProcessGraphqlRequest) => Promise<InProcessGraphqlAnswer>;

export interface SubgraphServer {
  start(): Promise<{ url: string }>;
  stop(): Promise<void>;
  readiness(): Promise<Readiness>;
  /**
   * The same `/graphql` for a caller in this very process. The signed header guards the port against
   * anyone who can reach it; a call that never leaves the process has nothing to forge, so it carries the
   * caller as it is, and skips the loopback connection, the HTTP parsing and the signature on both sides.
   */
  inProcess: InProcessSubgraph;
}

const contextKey = 'nocturneInternalContext';

/** The caller of a request that passed the internal-context check. */
export function internalContextOf(res: Response): InternalContext {
  const context = res.locals[contextKey] as InternalContext | undefined;
  if (!context) throw new Error('internalContextOf() called on a route that skipped the internal-context check');
  return context;
}

const toDocument = (source: string | DocumentNode): DocumentNode => (typeof source === 'string' ? parse(source) : source);

/** Express 5 + Apollo Server 5 around a Federation 2 subgraph schema, behind the gateway's signed header. */
export function createSubgraphServer<TContext extends SubgraphBaseContext = SubgraphBaseContext>(
  options: SubgraphServerOptions<TContext>,
): SubgraphServer {
  const { name, logger, internalSecret } = options;
  if (!internalSecret) throw new Error(`${name}: internalSecret is required`);
  const now = options.now ?? Date.now;
  const sources = (Array.isArray(options.typeDefs) ? options.typeDefs : [options.typeDefs]) as Array<string | DocumentNode>;
  // One document: the feature files share a single `extend schema @link(...)`.
  const typeDefs: DocumentNode = { kind: Kind.DOCUMENT, definitions: sources.flatMap((source) => toDocument(source).definitions) };
  const schema = buildSubgraphSchema([{ typeDefs, resolvers: options.resolvers as GraphQLResolverMap<unknown> }]);

  const logMaskedErrors: ApolloServerPlugin<TContext> = {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue, operationName }) {
          for (const error of errors) {
            if (unwrapResolverError(error) instanceof RuleViolation) continue;
            const dependencyError = publicDependencyError(unwrapResolverError(error));
            if (dependencyError) {
              const cause = unwrapResolverError(error) as Error;
              contextValue.logger.warn({ err: { name: cause.name, message: cause.message }, path: error.path, operationName, answered: dependencyError.code }, 'a dependency failed');
              continue;
            }
            const code = error.extensions?.code;
            if (formatSubgraphError({ message: error.message, extensions: { code }, ...(error.path && { path: error.path }) }).masked) {
              const original = unwrapResolverError(error);
              const err = original instanceof Error ? original : new Error(String(original));
              contextValue.logger.error({ err: { name: err.name, message: err.message, stack: err.stack }, path: error.path, operationName }, 'request failed');
            }
          }
        },
      };
    },
  };

  /** A request that wrote answers once the writes are usable everywhere (`settleWrites`). */
  const settleBeforeAnswering: ApolloServerPlugin<TContext> = {
    async requestDidStart() {
      return {
        async willSendResponse() {
          const written = writtenSoFar();
          if (written.length > 0) await options.settleWrites?.(written);
        },
      };
    },
  };

  const apollo = new ApolloServer<TContext>({
    schema,
    includeStacktraceInErrorResponses: false,
    // The composition root owns signals; with several servers in one process Apollo's own handlers
    // would each stop their server and hold the process open.
    stopOnTerminationSignals: false,
    formatError: (formatted, error) => {
      // A broken rule reaches the caller as it is: its message, code and details (the one mapping).
      const original = unwrapResolverError(error);
      if (original instanceof RuleViolation) {
        return { message: original.message, ...(formatted.path && { path: formatted.path }), ...(formatted.locations && { locations: formatted.locations }), extensions: { ...original.toExtensions() } };
      }
      // An infrastructure failure is no bug: UNAVAILABLE (503) or TIMEOUT (504), with a clear message.
      const dependencyError = publicDependencyError(original);
      if (dependencyError) {
        return { message: dependencyError.message, ...(formatted.path && { path: formatted.path }), ...(formatted.locations && { locations: formatted.locations }), extensions: dependencyErrorExtensions(dependencyError) };
      }
      return formatSubgraphError(formatted).error;
    },
    plugins: [ApolloServerPluginLandingPageDisabled(), logMaskedErrors, graphqlTelemetry(name), settleBeforeAnswering],
    logger: {
      debug: (message) => logger.debug(message),
      // Apollo announces its defaults (inline tracing) at info; they are noise in our logs.
      info: (message) => logger.debug(message),
      warn: (message) => logger.warn(message),
      error: (message) => logger.error(message),
    },
  });

  const buildRequestContext = (internal: InternalContext, setResponseHeader: SubgraphBaseContext['setResponseHeader']): TContext | Promise<TContext> => {
    const requestId = randomUUID();
    const base: SubgraphBaseContext = { internal, requestId, logger: logger.child({ requestId }), setResponseHeader };
    return options.buildContext ? options.buildContext(base) : (base as TContext);
  };

  /** What a subscription's caller sees of an error: a broken rule as it is, anything else masked (and logged). */
  const formatSubscriptionError = (error: GraphQLError): GraphQLError => {
    const original = unwrapResolverError(error);
    if (original instanceof RuleViolation) return new GraphQLError(original.message, { ...(error.path && { path: error.path }), extensions: { ...original.toExtensions() } });
    if (!error.originalError) return error;
    const formatted = formatSubgraphError({ message: error.message, extensions: { code: error.extensions?.code }, ...(error.path && { path: error.path }) });
    if (formatted.masked) logger.error({ err: { name: error.originalError.name, message: error.originalError.message, stack: error.originalError.stack }, path: error.path }, 'subscription failed');
    return new GraphQLError(formatted.error.message, { ...(error.path && { path: error.path }), extensions: formatted.error.extensions ?? {} });
  };

  let webSockets: WebSocketServer | undefined;
  let disposeSubscriptions: (() => Promise<void>) | undefined;

  /**
   * graphql-ws on `/graphql` of the same port: the gateway forwards each subscription with a signature
   * in its `extensions`, bound to `SUBSCRIBE /graphql` and this very operation, checked when the
   * operation arrives. The caller's session ending closes the gateway's socket, and with it this one.
   */
  const attachSubscriptions = (server: Server) => {
    const sockets = new WebSocketServer({ server, path: '/graphql', maxPayload: 64 * 1024 });
    webSockets = sockets;
    const disposable = useServer(
      {
        schema,
        onSubscribe: async (ctx, _id, payload) => {
          // Each operation carries its own signature (signSubscription): one socket of the gateway carries
          // all the subscriptions of one browser socket.
          const header = payload.extensions?.[INTERNAL_CONTEXT_HEADER];
          const internal = verifyInternalContext(typeof header === 'string' ? header : undefined, internalSecret, { method: 'SUBSCRIBE', path: '/graphql', bodyHash: hashBody(subscriptionBody(payload)) }, now());
          if (!internal) return [new GraphQLError('Missing or invalid internal context', { extensions: { code: 'UNAUTHENTICATED' } })];
          let document: DocumentNode;
          try {
            document = parse(payload.query);
          } catch (error) {
            return [error instanceof GraphQLError ? error : new GraphQLError('Malformed query')];
          }
          const errors = validate(schema, document);
          if (errors.length > 0) return errors;
          const args: ExecutionArgs = {
            schema,
            document,
            variableValues: payload.variables ?? null,
            operationName: payload.operationName ?? null,
            contextValue: await buildRequestContext(internal, () => undefined),
          };
          return args;
        },
        onError: (_ctx, _id, _payload, errors) => errors.map(formatSubscriptionError),
        onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map(formatSubscriptionError) } : result),
      },
      sockets,
    );
    disposeSubscriptions = async () => {
      await disposable.dispose();
    };
  };

  let httpServer: Server | undefined;
  let started = false;
  let stopping = false;

  /**
   * Only the gateway's signed header, made for this very request, lets a request through: `/graphql`
   * signatures bind the body's hash, media ones the method and path of a body streamed through.
   */
  const requireInternalContext =
    (bodyHashOf: (req: Request) => string) =>
    (req: Request, res: Response, next: NextFunction) => {
      const context = verifyInternalContext(req.get(INTERNAL_CONTEXT_HEADER), internalSecret, { method: req.method, path: req.originalUrl, bodyHash: bodyHashOf(req) }, now());
      if (!context) {
        res.status(401).json({ errors: [{ message: 'Missing or invalid internal context', extensions: { code: 'UNAUTHENTICATED' } }] });
        return;
      }
      res.locals[contextKey] = context;
      next();
    };
  const bodyHashes = new WeakMap<Request, string>();
  const emptyBodyHash = hashBody('');

  const readiness = (): Promise<Readiness> => evaluateReadiness({ started: () => started && !stopping, ...options.readinessChecks });

  const buildApp = (): Express => {
    const app = express();
    app.disable('x-powered-by');
    app.use(requestTelemetry({ service: name, continueCallerTrace: true }));
    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok', service: name });
    });
    app.get('/readyz', async (_req, res) => {
      const state = await readiness();
      res.status(state.ready ? 200 : 503).json({ status: state.status, service: name, checks: state.checks, ...(state.notes && { notes: state.notes }) });
    });
    const media = Router();
    options.routes?.(media);
    app.use('/media', requireInternalContext(() => STREAMED_BODY), media);
    app.use(
      '/graphql',
      express.json({ limit: options.bodyLimit ?? '1mb', verify: (req, _res, body) => void bodyHashes.set(req as Request, hashBody(body)) }),
      requireInternalContext((req) => bodyHashes.get(req) ?? emptyBodyHash),
      (_req: Request, _res: Response, next: NextFunction) => withWriteLog(next),
      expressMiddleware(apollo, {
        context: async ({ res }) =>
          buildRequestContext(internalContextOf(res), (header, value) => {
            res.setHeader(header, value);
          }),
      }),
    );
    return app;
  };

  const inProcess: InProcessSubgraph = ({ caller, body }) => {
    // As a refused connection: the gateway answers UNAVAILABLE, as for a subgraph process that is away.
    if (!started || stopping) return Promise.reject(new TypeError('fetch failed', { cause: new Error(`${name} is not serving`) }));
    const internal: InternalContext = { ...caller, iat: now() };
    return inProcessRequestTelemetry(name, () =>
      withWriteLog(async () => {
        const headers: Record<string, string> = {};
        const answer = await apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: 'POST', headers: new HeaderMap([['content-type', 'application/json']]), search: '', body: JSON.parse(body) as unknown },
          context: async () =>
            buildRequestContext(internal, (header, value) => {
              headers[header.toLowerCase()] = value;
            }),
        });
        for (const [header, value] of answer.headers) headers[header] = value;
        let text = '';
        if (answer.body.kind === 'complete') text = answer.body.string;
        else for await (const chunk of answer.body.asyncIterator) text += chunk;
        return { status: answer.status ?? 200, headers, body: text };
      }),
    );
  };

  return {
    inProcess,
    async start() {
      if (httpServer) throw new Error(`${name}: already started`);
      await apollo.start();
      const server = createServer(buildApp());
      httpServer = server;
      attachSubscriptions(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host ?? '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      started = true;
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}/graphql`;
      logger.info({ url }, `${name} subgraph listening`);
      return { url };
    },
    async stop() {
      if (!httpServer || stopping) return;
      stopping = true;
      const server = httpServer;
      // Live subscriptions end first: their sockets would otherwise hold the server open.
      await disposeSubscriptions?.();
      await new Promise<void>((resolve) => (webSockets ? webSockets.close(() => resolve()) : resolve()));
      webSockets = undefined;
      disposeSubscriptions = undefined;
      // Stop accepting, let requests in flight finish, then drop idle keep-alive sockets.
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeIdleConnections();
      const forceAfter = setTimeout(() => server.closeAllConnections(), 5_000);
      try {
        await closed;
      } finally {
        clearTimeout(forceAfter);
      }
      await apollo.stop();
      httpServer = undefined;
      started = false;
      stopping = false;
    },
    readiness,
  };
}
