import { randomBytes, randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import type { Adapters } from '@nocturne/platform/adapters';
import { createSubgraphServer } from '@nocturne/platform/http';
import { createProjection, createServiceLifecycle, readServiceSchema, type ServiceDefinition, type ServiceInstance } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import type { Logger } from '@nocturne/platform/logging';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { defaultProfileConfig, type ProfileConfig } from './config';
import { profileEnvironmentSchema, toProfileConfig, type ProfileEnvironment } from './environment';
import { profileResolvers, type ProfileContext } from './graphql/resolvers';
import { consumeAuthEvents } from './integration/authEventsConsumer';
import { toIntegrationEvent } from './integration/integrationEvents';
import { createWorkSlots } from './photos/workSlots';
import { mountPhotoRoutes } from './photos/photoRoutes';
import { createPublicUrls } from './photos/publicUrls';
import { createProfileApplication, type ProfileApplication } from './profile/application';
import { profilePersonalData } from './profile/personalData';
import { createProfileProjection, profileCollections } from './projections/profileProjection';
import { profileProxiedPrefixes } from './rest/proxiedPrefixes';
import { profileRoutes } from './rest/routes';

export interface ProfileServiceDependencies {
  /** The embedded stack shares one bus and one key-value store across services. */
  adapters: Pick<Adapters, 'eventStore' | 'bus' | 'kv' | 'readModels' | 'blobs' | 'checkpoints' | 'projectionCheckpoints' | 'personalData' | 'publishedPersonalData' | 'dependencies'>;
  config: ProfileConfig;
  logger: Logger;
  /** Defaults to the system clock. */
  clock?: () => Date;
}

export type ProfileService = ServiceInstance;

export const profileTypeDefs = readServiceSchema(__dirname);

/** Photo ids are random and unguessable: knowing one photo's URL tells nothing about another. */
const newPhotoId = () => randomBytes(16).toString('hex');

export function createProfileService({ adapters, config, logger, clock = () => new Date() }: ProfileServiceDependencies): ProfileService {
  const urls = createPublicUrls(config.mediaUrl);
  const collections = profileCollections(adapters.readModels);
  // Everything reads and writes events through this boundary: personal fields are stored encrypted.
  const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, profilePersonalData);
  const projection = createProjection({ name: 'profiles', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createProfileProjection(collections), logger });
  // Bodies of uploads in memory, for the whole process: each reserves what it may hold before it is read.
  const uploadMemory = createWorkSlots({ name: 'upload memory', capacity: config.photoUploads.memoryBytes, queue: config.photoUploads.decodeQueue, waitMs: config.photoUploads.decodeWaitMs });
  const rateLimiter = new RateLimiter(adapters.kv, 'profile:rate:');
  const application: ProfileApplication = createProfileApplication({
    eventStore,
    newEventId: randomUUID,
    projection,
    collections,
    blobs: adapters.blobs,
    personalData: adapters.personalData,
    clock,
    newPhotoId,
    uploads: {
      // One set of decoders for the whole process, however many requests arrive at once.
      decoder: createWorkSlots({ name: 'photo decoders', capacity: config.photoUploads.decodeConcurrency, queue: config.photoUploads.decodeQueue, waitMs: config.photoUploads.decodeWaitMs }),
      limiter: rateLimiter,
      rule: { limit: config.photoUploads.perHour, windowMs: 3_600_000 },
    },
    locationChanges: { limiter: rateLimiter, rule: { limit: config.locationChangesPerHour, windowMs: 3_600_000 } },
  });
  const server = createSubgraphServer<ProfileContext>({
    name: 'profile',
    typeDefs: profileTypeDefs,
    resolvers: profileResolvers,
    port: config.port,
    host: config.host,
    internalSecret: config.internalSecret,
    logger,
    settleWrites: (written) => lifecycle.settle(written),
    buildContext: (base) => ({ ...base, profiles: application, urls }),
    routes: (app) => mountPhotoRoutes(app, { application, urls, logger, uploadMemory }),
    readinessChecks: {
      ...adapters.dependencies,
      profilesProjection: () => projection.caughtUp(),
      authEventsConsumer: () => lifecycle.consumersStarted(),
      outboxRelay: () => lifecycle.relayStarted(),
    },
  });

  const lifecycle = createServiceLifecycle({
    readYourWrites: { kv: adapters.kv },
    server,
    logger,
    projections: [projection],
    // The event store is the outbox: the public side of profile events goes to profile.events.
    relay: { store: eventStore, bus: adapters.bus, topic: Topics.profile, checkpoint: adapters.checkpoints, toIntegrationEvent: (event) => toIntegrationEvent(event, urls), publishedPersonalData: adapters.publishedPersonalData, logger },
    consumers: [(readYourWrites) => consumeAuthEvents({ bus: adapters.bus, kv: adapters.kv, publishedPersonalData: adapters.publishedPersonalData, application, logger, readYourWrites })],
  });
  return lifecycle;
}

export const profileService: ServiceDefinition<ProfileEnvironment> = {
  name: 'profile',
  defaultPort: defaultProfileConfig.port,
  environment: profileEnvironmentSchema,
  create: ({ adapters, settings, logger, clock }) => createProfileService({ adapters, config: toProfileConfig(settings), logger, ...(clock && { clock }) }),
  typeDefs: profileTypeDefs,
  restRoutes: profileRoutes,
  proxiedPrefixes: profileProxiedPrefixes,
};
