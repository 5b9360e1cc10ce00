import { randomBytes, randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import { defineService, readServiceSchema } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { protectPersonalData, shredTogether } from '@nocturne/platform/privacy';
import { SessionStore } from '@nocturne/platform/sessions';
import { AuthApplication } from './account/application';
import { KnownDevices } from './account/knownDevices';
import { authPersonalData } from './account/personalData';
import { defaultAuthConfig, type AuthConfig } from './config';
import { authEnvironmentSchema, toAuthConfig } from './environment';
import { authResolvers, type AuthContext } from './graphql/resolvers';
import { createArgon2Passwords } from './infrastructure/argon2Passwords';
import { createMailer } from './infrastructure/mailer';
import { otherContextsConsumer } from './integration/consumers';
import { toIntegrationEvent } from './integration/integrationEvents';
import { createAuthReadModels } from './projections/readModels';
import { authRoutes } from './rest/routes';

export const authTypeDefs = readServiceSchema(__dirname);

export const authService = defineService<AuthConfig, AuthContext>({
  name: 'auth',
  defaultPort: defaultAuthConfig.port,
  environment: authEnvironmentSchema.transform(toAuthConfig),
  typeDefs: authTypeDefs,
  resolvers: authResolvers,
  restRoutes: authRoutes,
  productCounters: [{ counter: 'signUps', eventType: 'UserRegistered' }],
  parts: async ({ adapters, config, logger, clock }) => {
    // The password hashing and the claim key are read asynchronously, before anything runs.
    const passwords = await createArgon2Passwords(config.passwordHashing);
    const claimKey = config.claimKey ? Buffer.from(config.claimKey, 'utf8') : await adapters.personalData.secret('claim-key');
    // Everything reads and writes events through this boundary: personal fields are stored encrypted.
    const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, authPersonalData);
    const { projection, users, blocks } = createAuthReadModels({ eventStore, readModels: adapters.readModels, checkpoints: adapters.projectionCheckpoints, logger });
    const mailer = createMailer(config.mail, logger);
    const application = new AuthApplication({
      eventStore,
      // Deleting an account shreds both of the person's keys: auth's own, and the one sealing what was
      // published about them (every context's events on the bus; docs/design.md, Personal data).
      personalData: shredTogether(adapters.personalData, adapters.publishedPersonalData),
      claimKey,
      sessions: new SessionStore(adapters.kv, { idleMs: config.sessions.idleMinutes * 60_000, absoluteMs: config.sessions.maxDays * 24 * 3600_000 }),
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

    return {
      context: (base) => ({ ...base, auth: application }),
      projections: [projection],
      // Work that outlived its request (password reset mails) may still append.
      writers: [{ stop: () => application.settle() }],
      // The event store is the outbox: UserRegistered, AccountDetailsChanged and UserDeleted go to auth.events.
      relay: { store: eventStore, topic: Topics.auth, toIntegrationEvent },
      consumers: [otherContextsConsumer(application)],
      closes: [() => mailer.close()],
    };
  },
});
