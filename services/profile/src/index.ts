export { createProfileService, profileService, profileTypeDefs, type ProfileService, type ProfileServiceDependencies } from './service';

export { defaultProfileConfig, type ProfileConfig } from './config';
export { profileEnvironmentSchema, toProfileConfig, readProfileEnvironment, type ProfileEnvironment } from './environment';
