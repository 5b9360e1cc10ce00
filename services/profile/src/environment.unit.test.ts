import { ConfigError, parseEnv } from '@nocturne/platform/config';
import { defaultProfileConfig } from './config';
import { profileEnvironmentSchema, toProfileConfig } from './environment';

const base = { INTERNAL_SECRET: 'a-secret-of-enough-length' };

describe('profile environment', () => {
  it('bounds photo uploads by default', () => {
    expect(toProfileConfig(parseEnv(profileEnvironmentSchema, base)).photoUploads).toEqual(defaultProfileConfig.photoUploads);
    expect(defaultProfileConfig.photoUploads).toMatchObject({ perHour: 30, decodeConcurrency: 2, memoryBytes: 128 * 1024 * 1024 });
  });

  it('reads the upload limits', () => {
    const config = toProfileConfig(parseEnv(profileEnvironmentSchema, { ...base, PHOTO_UPLOADS_PER_HOUR: '12', PHOTO_DECODE_CONCURRENCY: '4', PHOTO_UPLOAD_MEMORY_MB: '256' }));
    expect(config.photoUploads).toMatchObject({ perHour: 12, decodeConcurrency: 4, memoryBytes: 256 * 1024 * 1024 });
  });

  it('limits position changes to 20 an hour per person by default, and reads the limit', () => {
    expect(toProfileConfig(parseEnv(profileEnvironmentSchema, base)).locationChangesPerHour).toBe(20);
    expect(toProfileConfig(parseEnv(profileEnvironmentSchema, { ...base, LOCATION_CHANGES_PER_HOUR: '5' })).locationChangesPerHour).toBe(5);
  });

  it.each([
    ['LOCATION_CHANGES_PER_HOUR', '0'],
    ['PHOTO_UPLOADS_PER_HOUR', '0'],
    ['PHOTO_DECODE_CONCURRENCY', 'many'],
    ['PHOTO_UPLOAD_MEMORY_MB', '60'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => parseEnv(profileEnvironmentSchema, { ...base, [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv(profileEnvironmentSchema, { ...base, [name]: value })).toThrow(name);
  });
});
