/** The variables that name the real infrastructure: all three set, the real adapters; none, in-process ones. */
export const REAL_VARIABLES = ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL'] as const;

/** True when every variable of the real infrastructure is set. */
export function usesRealInfrastructure(env: NodeJS.ProcessEnv = process.env): boolean {
  return REAL_VARIABLES.every((name) => Boolean(env[name]?.trim()));
}
