import Joi from 'joi';

export { Joi };

/** Raised when the environment does not match a service's schema; lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings every service shares. Spread into a service's schema. */
export const commonEnv = {
  NODE_ENV: Joi.string()
    .valid('development', 'production', 'test')
    .default('development')
    .description('production: JSON logs; development and test: readable logs'),
  LOG_LEVEL: Joi.string()
    .valid('error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly')
    .default('info')
    .description('lowest log level written'),
};

/** Of every service that opens sealed values (docs/security.md, Master key rotation). */
export const refuseUnboundEnv = {
  SECRETS_REFUSE_UNBOUND: Joi.boolean()
    .default(false)
    .description(
      'true: refuse secrets sealed before they were bound to their row (v1); set once npm run secrets:reseal reports none left, on every service',
    ),
};

/**
 * Validates `env` against `schema` (every problem collected, unknown variables ignored) and
 * returns the converted values, deeply frozen. Throws ConfigError on any problem.
 */
export function parseConfig<T extends object>(schema: Joi.PartialSchemaMap<T>, env: NodeJS.ProcessEnv): Readonly<T> {
  const { value, error } = Joi.object<T>(schema).unknown(true).validate(env, { abortEarly: false, convert: true });
  if (error) {
    throw new ConfigError(error.details.map((d) => `${d.path.join('.')}: ${d.message.replace(/^"[^"]*" /, '')}`));
  }
  const known = Object.keys(schema) as (keyof T)[];
  const picked = Object.fromEntries(known.map((k) => [k, value[k]])) as T;
  return Object.freeze(picked);
}

/**
 * parseConfig for a process's entry point: on failure prints every bad variable to stderr and
 * exits 1, because a service started with a wrong environment must not half-run.
 */
export function loadConfig<T extends object>(service: string, schema: Joi.PartialSchemaMap<T>, env: NodeJS.ProcessEnv): Readonly<T> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${service}: ${err.message}\n`);
    process.exit(1);
  }
}

/** The variables a schema knows, with their descriptions: docs/configuration.md's table is checked against it. */
export function describeEnv(schema: Joi.PartialSchemaMap): { name: string; description: string }[] {
  const described = Joi.object(schema).describe() as { keys?: Record<string, { flags?: { description?: string } }> };
  return Object.entries(described.keys ?? {}).map(([name, d]) => ({ name, description: d.flags?.description ?? '' }));
}
