export { authService, authTypeDefs } from './service';
export { defaultAuthConfig, defaultRateLimits, type AuthConfig } from './config';
export { authEnvironmentSchema, toAuthConfig, type AuthEnvironment } from './environment';
