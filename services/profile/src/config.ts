import type { ServiceConfig } from '@nocturne/platform/kit';

/** Everything the profile service needs to know; `environment.ts` builds it from the environment. */
export interface ProfileConfig extends ServiceConfig {
  /**
   * Prefix of the photo, avatar and placeholder URLs handed to clients. Empty (the default) gives
   * site-relative URLs (`/api/photos/...`), which work whatever host name the browser used.
   */
  mediaUrl: string;
  photoUploads: PhotoUploadSettings;
  /** Position changes one person may make per hour (every valid one counts, applied or not). */
  locationChangesPerHour: number;
}

/** What bounds the work photo uploads cause (README, Configuration). */
export interface PhotoUploadSettings {
  /** Files one person may upload per hour (every file counts, refused or not). */
  perHour: number;
  /** Photos this process decodes at once. */
  decodeConcurrency: number;
  /** Bytes of upload bodies this process holds in memory at once (each upload reserves its declared length). */
  memoryBytes: number;
  /** Uploads that may wait for a decoder or for memory, and for how long, before the answer is 503. */
  decodeQueue: number;
  decodeWaitMs: number;
}

export const defaultProfileConfig: Omit<ProfileConfig, 'internalSecret'> = {
  port: 4002,
  host: '127.0.0.1',
  mediaUrl: '',
  photoUploads: { perHour: 30, decodeConcurrency: 2, memoryBytes: 128 * 1024 * 1024, decodeQueue: 8, decodeWaitMs: 10_000 },
  locationChangesPerHour: 20,
};
