import { randomBytes, randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import type { Adapters } from '@nocturne/platform/adapters';
import { createSubgraphServer } from '@nocturne/platform/http';
import { createServiceLifecycle, readServiceSchema, type ServiceDefinition, type ServiceInstance } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import type { Logger } from '@nocturne/platform/logging';
import { protectPersonalData, shredTogether } from '@nocturne/platform/privacy';
import { SessionStore } from '@nocturne/platform/sessions';
import { AuthApplication } from './account/application';
import { KnownDevices } from './account/knownDevices';
import { authPersonalData } from './account/personalData';
import { defaultAuthConfig, type AuthConfig } from './config';
import { authEnvironmentSchema, toAuthConfig, type AuthEnvironment } from './environment';
import { authResolvers, type AuthContext } from './graphql/resolvers';
import { createArgon2Passwords } from './infrastructure/argon2Passwords';
import { createMailer } from './infrastructure/mailer';
import { toAuthIntegrationEvent } from './integration/integrationEvents';
import { consumeOtherContexts } from './integration/consumers';
import { createUsersProjection } from './projections/users';
import { authRoutes } from './rest/routes';

export const authTypeDefs = readServiceSchema(__dirname);

export interface AuthServiceDependencies {
  /** The embedded stack shares one bus and one key-value store across services. */
  adapters: Pick<Adapters, 'eventStore' | 'kv' | 'readModels' | 'bus' | 'checkpoints' | 'projectionCheckpoints' | 'personalData' | 'publishedPersonalData' | 'dependencies'>;
  config: AuthConfig;
  logger: Logger;
  /** Tests move time forward (reset links expire); defaults to the system clock. */
  clock?: () => Date;
}

export type AuthService = ServiceInstance;

export function createAuthService({ adapters, config, logger, clock = () => new Date() }: AuthServiceDependencies): AuthService {
  // Everything reads and writes events through this boundary: personal fields are stored encrypted.
  const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, authPersonalData);
  const { projection, users, blocks } = createUsersProjection({ eventStore, readModels: adapters.readModels, checkpoints: adapters.projectionCheckpoints, logger });
  const sessions = new SessionStore(adapters.kv, { idleMs: config.sessions.idleMinutes * 60_000, absoluteMs: config.sessions.maxDays * 24 * 3600_000 });
  const mailer = createMailer(config.mail, logger);
  let application: AuthApplication | undefined;
  const started = () => {
    if (!application) throw new Error('auth service is not started');
    return application;
  };

  const server = createSubgraphServer<AuthContext>({
    name: 'auth',
    typeDefs: authTypeDefs,
    resolvers: authResolvers,
    port: config.port,
    host: config.host,
    internalSecret: config.internalSecret,
    logger,
    settleWrites: (written) => lifecycle.settle(written),
    buildContext: (base) => ({ ...base, auth: started() }),
    readinessChecks: { ...adapters.dependencies, usersProjection: () => projection.caughtUp(), contextsConsumer: () => lifecycle.consumersStarted() },
  });

  const lifecycle = createServiceLifecycle({
    readYourWrites: { kv: adapters.kv },
    server,
    logger,
    // The application needs its password hashing and claim key, both read asynchronously, before anything runs.
    prepare: async () => {
      const passwords = await createArgon2Passwords(config.passwordHashing);
      const claimKey = config.claimKey ? Buffer.from(config.claimKey, 'utf8') : await adapters.personalData.secret('claim-key');
      application = new AuthApplication({
        eventStore,
        // Deleting an account shreds both of the person's keys: auth's own, and the one sealing what was
        // published about them (every context's events on the bus; docs/design.md, Personal data).
        personalData: shredTogether(adapters.personalData, adapters.publishedPersonalData),
        claimKey,
        sessions,
        devices: new KnownDevices(adapters.kv, config.knownDeviceDays * 24 * 3600_000),
        rateLimiter: new RateLimiter(adapters.kv, 'auth:rate:'),
        passwords,
        mailer,
        users,
        blocks,
        logger,
        clock,
        newId: randomUUID,
        newResetToken: () => randomBytes(32).toString('base64url'),
        options: {
          publicUrl: config.publicUrl,
          resetTokenValidMs: config.resetTokenValidMinutes * 60_000,
          abandonedClaimMs: 5 * 60_000,
          rateLimits: config.rateLimits,
        },
      });
    },
    projections: [projection],
    // Work that outlived its request (password reset mails) may still append.
    writers: [{ stop: async () => application?.settle() }],
    // The event store is the outbox: UserRegistered, AccountDetailsChanged and UserDeleted go to auth.events.
    relay: { store: eventStore, bus: adapters.bus, topic: Topics.auth, checkpoint: adapters.checkpoints, toIntegrationEvent: toAuthIntegrationEvent, publishedPersonalData: adapters.publishedPersonalData, logger },
    consumers: [(readYourWrites) => consumeOtherContexts({ bus: adapters.bus, kv: adapters.kv, publishedPersonalData: adapters.publishedPersonalData, application: started(), logger, readYourWrites })],
    closes: [() => mailer.close()],
  });
  return lifecycle;
}

export const authService: ServiceDefinition<AuthEnvironment> = {
  name: 'auth',
  defaultPort: defaultAuthConfig.port,
  environment: authEnvironmentSchema,
  create: ({ adapters, settings, logger, clock }) => createAuthService({ adapters, config: toAuthConfig(settings), logger, ...(clock && { clock }) }),
  typeDefs: authTypeDefs,
  restRoutes: authRoutes,
  productCounters: [{ counter: 'signUps', eventType: 'UserRegistered' }],
};
