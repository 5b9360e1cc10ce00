import { z } from 'zod';
import { envSchemas } from '@nocturne/platform/config';
import { defaultProfileConfig, type ProfileConfig } from './config';

/**
 * The only reader of process.env in the profile service. The adapters read their own variables
 * (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR).
 */
export const profileEnvironmentSchema = z.object({
  PROFILE_PORT: envSchemas.port(defaultProfileConfig.port),
  PROFILE_HOST: z.string().trim().min(1).default(defaultProfileConfig.host),
  INTERNAL_SECRET: z.string({ error: 'is required (the gateway signs subgraph calls with it)' }).min(16, 'must be at least 16 characters'),
  PROFILE_MEDIA_URL: z
    .string()
    .trim()
    .default(defaultProfileConfig.mediaUrl)
    .refine((value) => value === '' || z.url().safeParse(value).success, 'must be empty (site-relative URLs) or an absolute URL such as https://nocturne.example'),
  PHOTO_UPLOADS_PER_HOUR: envSchemas.positiveInt(defaultProfileConfig.photoUploads.perHour),
  PHOTO_DECODE_CONCURRENCY: envSchemas.positiveInt(defaultProfileConfig.photoUploads.decodeConcurrency),
  // At least one full upload (6 photos of 10 MB) must fit.
  PHOTO_UPLOAD_MEMORY_MB: envSchemas.positiveInt(defaultProfileConfig.photoUploads.memoryBytes / (1024 * 1024)).refine((mb) => mb >= 61, 'must be at least 61 (one upload of 6 photos of 10 MB)'),
  LOCATION_CHANGES_PER_HOUR: envSchemas.positiveInt(defaultProfileConfig.locationChangesPerHour),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type ProfileEnvironment = z.infer<typeof profileEnvironmentSchema>;

export function toProfileConfig(env: ProfileEnvironment): ProfileConfig {
  return {
    port: env.PROFILE_PORT,
    host: env.PROFILE_HOST,
    internalSecret: env.INTERNAL_SECRET,
    mediaUrl: env.PROFILE_MEDIA_URL,
    photoUploads: {
      ...defaultProfileConfig.photoUploads,
      perHour: env.PHOTO_UPLOADS_PER_HOUR,
      decodeConcurrency: env.PHOTO_DECODE_CONCURRENCY,
      memoryBytes: env.PHOTO_UPLOAD_MEMORY_MB * 1024 * 1024,
    },
    locationChangesPerHour: env.LOCATION_CHANGES_PER_HOUR,
  };
}
