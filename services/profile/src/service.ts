import { randomBytes, randomUUID } from 'node:crypto';
import { Topics, VerificationLimits, VoiceIntroLimits } from '@nocturne/contracts';
import { createProjection, defineService, readServiceSchema } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { defaultProfileConfig, type ProfileConfig } from './config';
import { profileEnvironmentSchema, toProfileConfig } from './environment';
import { profileResolvers, type ProfileContext } from './graphql/resolvers';
import { otherContextsConsumer } from './integration/consumers';
import { toIntegrationEvent } from './integration/integrationEvents';
import { mountPhotoRoutes } from './photos/photoRoutes';
import { profileProxiedPrefixes } from './rest/proxiedPrefixes';
import { createPublicUrls } from './photos/publicUrls';
import { createWorkSlots } from './photos/workSlots';
import { createProfileApplication, type ProfileApplication } from './profile/application';
import { profilePersonalData } from './profile/personalData';
import { createProfileProjector, profileCollections } from './projections/readModels';
import { profileRoutes } from './rest/routes';
import { createVerificationApplication } from './verification/application';
import { mountVerificationRoutes } from './verification/verificationRoutes';
import { createVoiceIntroApplication } from './voice/application';
import { mountVoiceRoutes } from './voice/voiceRoutes';

export const profileTypeDefs = readServiceSchema(__dirname);

/** Photo ids are random and unguessable: knowing one photo's URL tells nothing about another. */
const newPhotoId = () => randomBytes(16).toString('hex');

export const profileService = defineService<ProfileConfig, ProfileContext>({
  name: 'profile',
  defaultPort: defaultProfileConfig.port,
  environment: profileEnvironmentSchema.transform(toProfileConfig),
  typeDefs: profileTypeDefs,
  resolvers: profileResolvers,
  restRoutes: profileRoutes,
  proxiedPrefixes: profileProxiedPrefixes,
  parts: ({ adapters, config, logger, clock }) => {
    const urls = createPublicUrls(config.mediaUrl);
    const collections = profileCollections(adapters.readModels);
    // Everything reads and writes events through this boundary: personal fields are stored encrypted.
    const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, profilePersonalData);
    const projection = createProjection({ name: 'profiles', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createProfileProjector(collections), logger });
    // Bodies of uploads in memory, for the whole process: each reserves what it may hold before it is read.
    const uploadMemory = createWorkSlots({ name: 'upload memory', capacity: config.photoUploads.memoryBytes, queue: config.photoUploads.decodeQueue, waitMs: config.photoUploads.decodeWaitMs });
    const rateLimiter = new RateLimiter(adapters.kv, 'profile:rate:');
    // One set of decoders for the whole process, however many requests arrive at once (photos and selfies).
    const decoder = createWorkSlots({ name: 'photo decoders', capacity: config.photoUploads.decodeConcurrency, queue: config.photoUploads.decodeQueue, waitMs: config.photoUploads.decodeWaitMs });
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
        decoder,
        limiter: rateLimiter,
        rule: { limit: config.photoUploads.perHour, windowMs: 3_600_000 },
      },
      locationChanges: { limiter: rateLimiter, rule: { limit: config.locationChangesPerHour, windowMs: 3_600_000 } },
    });

    const verification = createVerificationApplication({
      profiles: application,
      eventStore,
      collections,
      blobs: adapters.blobs,
      clock,
      newId: newPhotoId,
      selfies: { decoder, limiter: rateLimiter, rule: { limit: VerificationLimits.selfiesPerHour, windowMs: 3_600_000 } },
    });

    const voice = createVoiceIntroApplication({
      profiles: application,
      eventStore,
      collections,
      blobs: adapters.blobs,
      clock,
      newId: newPhotoId,
      uploads: { limiter: rateLimiter, rule: { limit: VoiceIntroLimits.perHour, windowMs: 3_600_000 } },
    });

    return {
      context: (base) => ({ ...base, profiles: application, verification, voice, urls }),
      media: (router) => {
        mountPhotoRoutes(router, { application, urls, logger, uploadMemory });
        mountVerificationRoutes(router, { verification, logger, uploadMemory });
        mountVoiceRoutes(router, { voice, urls, logger, uploadMemory });
      },
      projections: [projection],
      // The event store is the outbox: the public side of profile events goes to profile.events.
      relay: { store: eventStore, topic: Topics.profile, toIntegrationEvent: (event) => toIntegrationEvent(event, urls) },
      consumers: [otherContextsConsumer(application)],
    };
  },
});
