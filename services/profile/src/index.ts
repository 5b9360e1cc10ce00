export { profileService, profileTypeDefs } from './service';
export { defaultProfileConfig, type ProfileConfig } from './config';
export { profileEnvironmentSchema, toProfileConfig, type ProfileEnvironment } from './environment';
