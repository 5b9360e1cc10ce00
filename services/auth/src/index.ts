export { authService, authTypeDefs } from './service';
export { defaultAuthConfig, defaultRateLimits, type AuthConfig } from './config';
export { authEnvironmentSchema, toAuthConfig, type AuthEnvironment } from './environment';
export { createArgon2Passwords, defaultArgon2Settings, type Argon2Settings } from './infrastructure/argon2Passwords';
