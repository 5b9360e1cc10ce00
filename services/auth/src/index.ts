export { createAuthService, type AuthService, type AuthServiceDependencies } from './service';
export { authTypeDefs } from './graphql/schema';
export { defaultAuthConfig, defaultRateLimits, type AuthConfig } from './config';
export { authEnvironmentSchema, toAuthConfig, type AuthEnvironment } from './environment';
export { toAuthIntegrationEvent } from './integrationEvents';
