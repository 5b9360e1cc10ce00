import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDisableSuggestions } from '@apollo/server/plugin/disableSuggestions';
import { expressMiddleware } from '@as-integrations/express5';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { PUBLIC_ERROR_CODES, RuleViolation } from '@nocturne/platform/domain';
import { evaluateReadiness, REQUEST_ERROR_CODES, type InProcessSubgraph, type ReadinessCheck } from '@nocturne/platform/http';
import { createLogger, type Logger } from '@nocturne/platform/logging';
import type { KeyValueStore } from '@nocturne/platform/ports';
import { HttpError, type ProxiedPrefix, type RestRoute } from '@nocturne/platform/rest';
import type { SessionStore } from '@nocturne/platform/sessions';
import { graphqlOperationTelemetry, graphqlTelemetry, requestTelemetry, trackActiveSessions } from '@nocturne/platform/telemetry';
import { Messages } from '@nocturne/contracts';
import { EdgeRequest } from './edgeRequest';
import { frontendRouter } from './frontend';
import { costLimitPlugin, defaultQueryLimits, queryLimitsRule, type QueryLimits } from './graphqlLimits';
import { graphQLDependencyError, INTERNAL_ERROR_MESSAGE, knownHttpError, sendError } from './httpErrors';
import { mediaProxyRouter } from './mediaProxy';
import { isAllowedOrigin } from './origin';
import { cookiePolicyOf } from './cookiePolicy';
import { createRequestContext, type GatewayContext } from './requestContext';
import { IdempotencyKeys } from './rest/idempotency';
import { PlannedOperations } from './rest/plannedOperations';
import { createRestRouter } from './rest/restRouter';
import { securityHeaders } from './securityHeaders';
import { SubgraphDataSource } from './subgraphFailures';
import { attachSubscriptionServer, SOCKET_PING_MS, type SubscriptionServer } from './subscriptions';
import { subgraphsOf } from './supergraph';
import { defaultUsageLimits, rateLimitedGraphQLError, UsageCounters, type UsageLimits } from './usageLimits';

export interface GatewayOptions {
  /** The composed supergraph (gateway/supergraph.graphql). */
  supergraphSdl: string;
  /** Routing URLs by subgraph name; a subgraph not listed keeps the URL recorded in the supergraph. */
  subgraphUrls?: Record<string, string | undefined>;
  /** Key of the `x-nocturne-context` signature (docs/design.md). */
  internalSecret: string;
  /**
   * Subgraphs running in this very process (the embedded stack), by name: their `/graphql` is called
   * in-process instead of over a signed loopback HTTP request. Media and subscriptions still use the URL.
   */
  inProcessSubgraphs?: Record<string, InProcessSubgraph | undefined>;
  sessions: SessionStore;
  /** The built client (frontend/dist); without it, pages answer 503. */
  frontendDir?: string;
  logger?: Logger;
  /**
   * Introspection, the landing page, suggestions, stack traces and internal error messages, for a developer
   * at work: off unless asked for (`NODE_ENV=development` set explicitly), so a plain start shows none.
   */
  developerTools?: boolean;
  /** Express's `trust proxy`: which X-Forwarded-* headers to believe (client IP, HTTPS). */
  trustProxy?: false | number | readonly string[];
  /** The address people open (https://nocturne.example); used for Origin checks and HSTS. */
  publicUrl?: string;
  /** Interface to listen on; all interfaces when unset. */
  host?: string;
  limits?: Partial<QueryLimits>;
  /** Requests a minute per session, live sockets per person, subscriptions per socket; defaultUsageLimits by default. */
  usage?: Partial<UsageLimits>;
  /** `SWIPE_WINDOW=always`: swiping is open round the clock, and the served page says so. */
  swipeWindowAlwaysOpen?: boolean;
  /** The REST facade's calls, from the services' definitions (`stack/src/services.ts`). */
  restRoutes: readonly RestRoute[];
  /** The media routes forwarded to subgraphs, from the services' definitions. */
  proxiedPrefixes: readonly ProxiedPrefix[];
  /** A subgraph call without an answer after this long answers TIMEOUT (504); default 30 s (a sign-up on FerretDB under load took over 15 s). */
  subgraphTimeoutMs?: number;
  /** A media GET (photo, avatar, placeholder) whose answer has not begun after this long answers 504; default 15 s. */
  mediaTimeoutMs?: number;
  /** The same for a photo upload, counted from its start (its body's transfer included); default 120 s. */
  mediaUploadTimeoutMs?: number;
  /**
   * The key-value store every gateway instance shares (Redis in real mode): the answers of REST writes sent
   * with an `Idempotency-Key` (kept a day), request counters and live sockets per person. Always given: the
   * process's main knows which store that is (Redis, or the embedded stack's one in-process store).
   */
  sharedStore: KeyValueStore;
  /** What `/readyz` checks besides the subgraphs: the sessions' store (`redis`) in real mode. */
  readinessChecks?: Record<string, ReadinessCheck | (() => boolean | Promise<boolean>)>;
}

export interface RunningGateway {
  url: string;
  port: number;
}

export interface Gateway {
  start(port: number): Promise<RunningGateway>;
  stop(): Promise<void>;
}

export const GRAPHQL_BODY_LIMIT = '100kb';
const ALLOWED_EXTENSION_KEYS = new Set(['code', 'field', 'retryAfterSeconds', 'reason']);
const CLIENT_ERROR_CODES: ReadonlySet<string> = new Set([...PUBLIC_ERROR_CODES, ...REQUEST_ERROR_CODES]);

/** In production a client sees the catalogue's codes and messages, and nothing of the internals. */
function productionFormatError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = typeof formatted.extensions?.code === 'string' ? formatted.extensions.code : 'INTERNAL_SERVER_ERROR';
  const extensions = Object.fromEntries(Object.entries(formatted.extensions ?? {}).filter(([key]) => ALLOWED_EXTENSION_KEYS.has(key)));
  if (!CLIENT_ERROR_CODES.has(code)) return { message: INTERNAL_ERROR_MESSAGE, ...(formatted.path && { path: formatted.path }), extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  return { ...formatted, extensions: { ...extensions, code } };
}

export function createGateway(gatewayOptions: GatewayOptions): Gateway {
  // Every session the gateway resolves counts as active for a while (nocturne_sessions_active).
  const activity = trackActiveSessions(gatewayOptions.sessions);
  const options: GatewayOptions = { ...gatewayOptions, sessions: activity.sessions };
  const logger = options.logger ?? createLogger('gateway', { env: { LOG_LEVEL: 'silent' } });
  const production = !(options.developerTools ?? false);
  if (!production) logger.warn('developer tools on (NODE_ENV=development): GraphQL introspection, suggestions and stack traces are served; never run a public site like this');
  const subgraphs = subgraphsOf(options.supergraphSdl);
  const limits: QueryLimits = { ...defaultQueryLimits, ...options.limits };
  const { sharedStore } = options;
  const usage = new UsageCounters(sharedStore, { ...defaultUsageLimits, ...options.usage }, SOCKET_PING_MS);
  const urlOf = (name: string, recorded: string) => options.subgraphUrls?.[name] ?? recorded;
  // GraphQL operations' latency by name, whether Apollo Server runs them or the REST facade does.
  const operationTelemetry = graphqlOperationTelemetry('gateway');
  let httpServer: Server | undefined;
  let apollo: ApolloServer<GatewayContext> | undefined;
  let subscriptions: SubscriptionServer | undefined;
  let ready = false;
  let stopping = false;

  const start = async (port: number): Promise<RunningGateway> => {
    stopping = false;
    if (httpServer) throw new Error('The gateway is already started');
    const apolloGateway = new ApolloGateway({
      supergraphSdl: options.supergraphSdl,
      buildService: ({ name, url }) => new SubgraphDataSource(urlOf(name, url ?? ''), name, options.internalSecret, logger, options.subgraphTimeoutMs, options.inProcessSubgraphs?.[name]),
      logger: {
        debug: (message) => logger.debug({ library: '@apollo/gateway' }, String(message)),
        info: (message) => logger.info({ library: '@apollo/gateway' }, String(message)),
        warn: (message) => logger.warn({ library: '@apollo/gateway' }, String(message)),
        error: (message) => logger.error({ library: '@apollo/gateway' }, String(message)),
      },
    });
    let apiSchema: GraphQLSchema | undefined;
    apolloGateway.onSchemaLoadOrUpdate(({ apiSchema: schema }) => {
      apiSchema = schema;
    });

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', options.trustProxy ?? false);
    app.use(requestTelemetry({ service: 'gateway', continueCallerTrace: false }));
    // A request that arrives once stopping began runs nothing: the drain ends idle sockets, and a request
    // already on its way on one of them would be read and run while its answer could no longer be sent
    // (a sign-up kept with nobody told). Refused with 503 where the socket still takes an answer.
    app.use((_req: Request, res: Response, next: NextFunction) => {
      if (!stopping) return next();
      res.setHeader('Connection', 'close');
      sendError(res, new HttpError(503, Messages.unavailable, undefined, 1));
    });
    // A client's trace context is not continued (see EdgeRequest).
    httpServer = createServer({ IncomingMessage: EdgeRequest }, app);
    const server = new ApolloServer<GatewayContext>({
      gateway: apolloGateway,
      csrfPrevention: true,
      // The composition root owns signals and stops everything in order.
      stopOnTerminationSignals: false,
      introspection: !production,
      includeStacktraceInErrorResponses: !production,
      // A document longer than maxTokens is refused while it is parsed (400), before it can cost anything.
      parseOptions: { maxTokens: limits.maxTokens },
      validationRules: [queryLimitsRule(limits)],
      ...(production && { formatError: productionFormatError }),
      plugins: [
        ApolloServerPluginDrainHttpServer({ httpServer }),
        graphqlTelemetry(operationTelemetry),
        costLimitPlugin(limits),
        ...(production ? [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginDisableSuggestions()] : []),
      ],
      logger: {
        debug: (message) => logger.debug({ library: '@apollo/server' }, String(message)),
        info: (message) => logger.info({ library: '@apollo/server' }, String(message)),
        warn: (message) => logger.warn({ library: '@apollo/server' }, String(message)),
        error: (message) => logger.error({ library: '@apollo/server' }, String(message)),
      },
    });
    apollo = server;
    await server.start();
    const restOperations = new PlannedOperations({
      gateway: apolloGateway,
      limits,
      formatError: production ? productionFormatError : (formatted) => formatted,
      telemetry: operationTelemetry,
      logger,
    });

    const strictTransport = options.publicUrl?.startsWith('https://') ?? false;
    const cookies = cookiePolicyOf(options.publicUrl);
    // The development landing page (Apollo Sandbox) loads its scripts from Apollo's CDN.
    app.use(securityHeaders({ strictTransport, skipCspFor: (path) => !production && path === '/graphql' }));

    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok' });
    });
    app.get('/readyz', async (_req, res) => {
      const state = await evaluateReadiness({
        started: () => ready,
        subgraphs: () =>
          apolloGateway.serviceHealthCheck().then(
            () => true,
            (error: unknown) => (logger.warn({ err: error }, 'a subgraph failed its health check'), false),
          ),
        ...options.readinessChecks,
      });
      if (!state.ready) logger.warn({ checks: state.checks }, 'not ready');
      res.status(state.ready ? 200 : 503).json({ status: state.status, checks: state.checks, subgraphs: subgraphs.map((s) => s.name), ...(state.notes && { notes: state.notes }) });
    });

    app.use(
      mediaProxyRouter({
        subgraphUrl: (name) => {
          const subgraph = subgraphs.find((s) => s.name === name);
          return subgraph && urlOf(name, subgraph.url);
        },
        internalSecret: options.internalSecret,
        sessions: options.sessions,
        logger,
        prefixes: options.proxiedPrefixes,
        ...(options.publicUrl && { publicUrl: options.publicUrl }),
        ...(options.mediaTimeoutMs !== undefined && { timeoutMs: options.mediaTimeoutMs }),
        ...(options.mediaUploadTimeoutMs !== undefined && { uploadTimeoutMs: options.mediaUploadTimeoutMs }),
      }),
    );
    app.use(
      '/api',
      createRestRouter({
        operations: restOperations,
        sessions: options.sessions,
        logger,
        serviceRoutes: options.restRoutes,
        proxiedPrefixes: options.proxiedPrefixes,
        idempotency: new IdempotencyKeys(sharedStore),
        ...(options.publicUrl && { publicUrl: options.publicUrl }),
      }),
    );

    app.use(
      '/graphql',
      (req: Request, res: Response, next: NextFunction) => {
        if (req.method !== 'GET' && req.method !== 'HEAD' && !isAllowedOrigin(req, options.publicUrl)) {
          res.status(403).json({ errors: [{ message: 'Cross-origin request refused', extensions: { code: 'FORBIDDEN' } }] });
          return;
        }
        next();
      },
      express.json({ limit: GRAPHQL_BODY_LIMIT }),
      (req: Request, _res: Response, next: NextFunction) => {
        // The Apollo integration insists on a body property, which GET requests do not get from the parser.
        req.body = req.body ?? undefined;
        next();
      },
      expressMiddleware(server, {
        context: async ({ req, res }) => {
          try {
            const context = await createRequestContext(req, res, options.sessions, cookies);
            await usage.countRequest(context);
            return context;
          } catch (error) {
            if (error instanceof RuleViolation && error.code === 'RATE_LIMITED') throw rateLimitedGraphQLError(error);
            // Sessions live in Redis: while it is away the request answers 503 with Retry-After, not 500.
            const dependencyError = graphQLDependencyError(error);
            if (!dependencyError) throw error;
            logger.warn({ err: error }, 'no session lookup: a dependency failed');
            throw dependencyError;
          }
        },
      }),
    );

    app.use(frontendRouter(options.frontendDir, { swipeWindowAlwaysOpen: options.swipeWindowAlwaysOpen ?? false }));

    app.use((req: Request, res: Response) => {
      sendError(res, new HttpError(404, 'Not found'));
    });
    app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
      const known = knownHttpError(error);
      if (known && !res.headersSent && !req.path.startsWith('/graphql')) {
        logger.warn({ err: error, path: req.path, status: known.status }, 'request failed');
        return sendError(res, known);
      }
      const type = (error as { type?: string } | null)?.type;
      const status = type === 'entity.parse.failed' ? 400 : type === 'entity.too.large' ? 413 : type === 'encoding.unsupported' || type === 'charset.unsupported' ? 415 : 500;
      const message = status === 400 ? 'Malformed JSON body' : status === 413 ? 'Request body too large' : status === 415 ? 'Unsupported body encoding' : INTERNAL_ERROR_MESSAGE;
      if (status === 500) logger.error({ err: error, path: req.path }, 'request failed');
      if (res.headersSent) return;
      if (req.path.startsWith('/graphql')) {
        res.status(status).json({ errors: [{ message, extensions: { code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' } }] });
        return;
      }
      sendError(res, new HttpError(status, message));
    });

    subscriptions = attachSubscriptionServer({
      httpServer,
      path: '/graphql',
      getSchema: () => apiSchema,
      supergraphSdl: options.supergraphSdl,
      subgraphUrl: (name, recorded) => urlOf(name, recorded),
      sessions: options.sessions,
      internalSecret: options.internalSecret,
      logger,
      limits,
      usage,
      ...(options.publicUrl && { publicUrl: options.publicUrl }),
    });

    const listening = httpServer;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, options.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    ready = true;
    const address = listening.address() as AddressInfo;
    const shownHost = !options.host || options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
    const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;
    logger.info({ url, subgraphs: subgraphs.map((s) => ({ name: s.name, url: urlOf(s.name, s.url) })) }, 'gateway listening');
    return { url, port: address.port };
  };

  const stop = async () => {
    ready = false;
    stopping = true;
    activity.stop();
    await subscriptions?.close();
    // Stopping Apollo drains and closes the HTTP server through the drain plugin.
    await apollo?.stop();
    if (httpServer?.listening) await new Promise<void>((resolve) => httpServer!.close(() => resolve()));
    httpServer = undefined;
    apollo = undefined;
    subscriptions = undefined;
  };

  return { start, stop };
}
