import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { Kind, parse, type DocumentNode } from 'graphql';
import type { Logger } from 'pino';
import { RuleViolation } from '../domain/ruleViolation';
import { formatSubgraphError } from './errors';
import { INTERNAL_CONTEXT_HEADER, verifyInternalContext, type InternalContext } from './internalContext';

/** What every resolver gets, whatever the service adds to it. */
export interface SubgraphBaseContext {
  /** The caller as vouched for by the gateway. */
  internal: InternalContext;
  requestId: string;
  logger: Logger;
  /** Sets a header on this request's HTTP response (for example `x-nocturne-set-session`). */
  setResponseHeader(name: string, value: string): void;
}

export interface Readiness {
  ready: boolean;
  /** Per-check detail for the probe's body. */
  checks: Record<string, boolean>;
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
   * Extra HTTP routes (uploads, downloads). They are mounted after the internal-context check, so a
   * handler finds the verified caller with `internalContextOf(res)`.
   */
  routes?: (app: Express) => void;
  /** Extra readiness checks, by name (event store reachable, projections caught up...). */
  readinessChecks?: Record<string, () => boolean | Promise<boolean>>;
  /** Largest JSON body accepted on /graphql. */
  bodyLimit?: string;
  /** Clock for the internal context's freshness check. */
  now?: () => number;
}

export interface SubgraphServer {
  start(): Promise<{ url: string }>;
  stop(): Promise<void>;
  readiness(): Promise<Readiness>;
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
  const schema = buildSubgraphSchema({ typeDefs, resolvers: options.resolvers as GraphQLResolverMap<unknown> });

  const logMaskedErrors: ApolloServerPlugin<TContext> = {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue, operationName }) {
          for (const error of errors) {
            if (unwrapResolverError(error) instanceof RuleViolation) continue;
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
      return formatSubgraphError(formatted).error;
    },
    plugins: [ApolloServerPluginLandingPageDisabled(), logMaskedErrors],
    logger: {
      debug: (message) => logger.debug(message),
      // Apollo announces its defaults (inline tracing) at info; they are noise in our logs.
      info: (message) => logger.debug(message),
      warn: (message) => logger.warn(message),
      error: (message) => logger.error(message),
    },
  });

  let httpServer: Server | undefined;
  let started = false;
  let stopping = false;

  const requireInternalContext = (req: Request, res: Response, next: NextFunction) => {
    const context = verifyInternalContext(req.get(INTERNAL_CONTEXT_HEADER), internalSecret, now());
    if (!context) {
      res.status(401).json({ errors: [{ message: 'Missing or invalid internal context', extensions: { code: 'UNAUTHENTICATED' } }] });
      return;
    }
    res.locals[contextKey] = context;
    next();
  };

  const readiness = async (): Promise<Readiness> => {
    const checks: Record<string, boolean> = { started: started && !stopping };
    for (const [check, probe] of Object.entries(options.readinessChecks ?? {})) {
      try {
        checks[check] = await probe();
      } catch {
        checks[check] = false;
      }
    }
    return { ready: Object.values(checks).every(Boolean), checks };
  };

  const buildApp = (): Express => {
    const app = express();
    app.disable('x-powered-by');
    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok', service: name });
    });
    app.get('/readyz', async (_req, res) => {
      const state = await readiness();
      res.status(state.ready ? 200 : 503).json({ status: state.ready ? 'ready' : 'not ready', service: name, checks: state.checks });
    });
    app.use(requireInternalContext);
    options.routes?.(app);
    app.use(
      '/graphql',
      express.json({ limit: options.bodyLimit ?? '1mb' }),
      expressMiddleware(apollo, {
        context: async ({ res }) => {
          const requestId = randomUUID();
          const base: SubgraphBaseContext = {
            internal: internalContextOf(res),
            requestId,
            logger: logger.child({ requestId }),
            setResponseHeader: (header, value) => {
              res.setHeader(header, value);
            },
          };
          return options.buildContext ? options.buildContext(base) : (base as TContext);
        },
      }),
    );
    return app;
  };

  return {
    async start() {
      if (httpServer) throw new Error(`${name}: already started`);
      await apollo.start();
      const server = createServer(buildApp());
      httpServer = server;
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
