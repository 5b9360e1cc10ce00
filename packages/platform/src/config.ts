import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly issues: string[]) {
    super(`invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
  }
}

const isSecretName = (name: string) => /SECRET|PASSWORD|TOKEN|KEY|URI|URL|DSN/i.test(name);

/** Parses the environment with a zod object schema; throws ConfigError listing every bad variable. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.map(String).join('.') || '(environment)';
      const raw = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
      // Echo the bad value only for variables that cannot hold a secret: the message goes to stderr.
      if (raw === undefined || isSecretName(name)) return `${name}: ${issue.message}`;
      return `${name}: ${issue.message} (got "${raw}")`;
    }),
  );
}

/**
 * For a composition root: parse once, and on a bad value print which variables are wrong and exit with
 * status 78 (EX_CONFIG) instead of starting half-configured.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  options: { env?: NodeJS.ProcessEnv; service?: string; exit?: (code: number) => never } = {},
): z.infer<S> {
  try {
    const settings = parseEnv(schema, options.env);
    refuseWeakSecretsInProduction(options.env ?? process.env);
    return settings;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${options.service ? `${options.service}: ` : ''}${error.message}\n`);
    return (options.exit ?? process.exit)(78);
  }
}

/** Helpers for the shapes environment variables come in. */
export const envSchemas = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  /** Comma-separated list, blanks dropped. */
  list: () => z.string().transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean)),
};

/**
 * Secrets that are public: the development defaults this repository has shipped (docker-compose,
 * `.env.example`, the docs). A production process refuses them.
 */
const PUBLISHED_SECRETS = new Set([
  'dev-only-internal-secret-change-me',
  '6465762d6f6e6c792d706572736f6e616c2d646174612d6b65792d2d2d2d2d2d',
]);

/** Shorter than this, or made of a few distinct characters, a production secret can be guessed. */
const PRODUCTION_SECRET_MIN_LENGTH = 32;

/**
 * With `NODE_ENV=production`, `INTERNAL_SECRET` and `PERSONAL_DATA_KEY` must be neither a published
 * default nor short: with a known `INTERNAL_SECRET` anyone on the network could sign calls to a
 * subgraph as any person. Checked by every process's `loadConfig`, so none starts with one.
 */
export function refuseWeakSecretsInProduction(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  for (const name of ['INTERNAL_SECRET', 'PERSONAL_DATA_KEY']) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (PUBLISHED_SECRETS.has(value)) problems.push(`${name}: is a published development default; generate one (openssl rand -base64 32) for NODE_ENV=production`);
    else if (value.length < PRODUCTION_SECRET_MIN_LENGTH || new Set(value).size < 8) {
      problems.push(`${name}: is too short or too plain for NODE_ENV=production (at least ${PRODUCTION_SECRET_MIN_LENGTH} random characters: openssl rand -base64 32)`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
}
