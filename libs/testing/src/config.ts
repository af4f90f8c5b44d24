import { Joi, parseConfig } from '@datasync/config';

/**
 * Where the tests' servers are. No defaults, on purpose: `npm test` starts private servers for
 * the tests that need them and passes their URLs here, so a test never falls back to the
 * machine's own servers on their default ports. A URL given by hand is used as it is.
 */
const testEnvSchema = {
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .description('Postgres database the integration and e2e tests use (created and migrated before they run)'),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .description('Redis the tests use; each test isolates itself with its own queue prefix'),
  MYSQL_URL: Joi.string()
    .uri({ scheme: ['mysql'] })
    .description('MySQL/MariaDB database the destination tests write into'),
  CHROMIUM_PATH: Joi.string().description('the Chromium (or Chrome) the dashboard tests drive'),
};

type TestVariable = keyof typeof testEnvSchema;

const WHAT: Record<TestVariable, string> = {
  DATABASE_URL: 'a Postgres',
  REDIS_URL: 'a Redis',
  MYSQL_URL: 'a MariaDB',
  CHROMIUM_PATH: 'a Chromium',
};

/** One variable, validated; unset is an error that says where the value comes from. */
function required(name: TestVariable): string {
  const value = parseConfig<Partial<Record<TestVariable, string>>>({ [name]: testEnvSchema[name] }, process.env)[name];
  if (value) return value;
  throw new Error(
    `${name} is not set: run the tests with \`npm test\` (\`npm test -- <path>\` for some), which starts ${WHAT[name]} of their own ` +
      `and sets it, or set ${name} yourself (docs/testing.md)`,
  );
}

export function testDatabaseUrl(): string {
  return required('DATABASE_URL');
}

export function testRedisUrl(): string {
  return required('REDIS_URL');
}

export function testMysqlUrl(): string {
  return required('MYSQL_URL');
}

export function testChromiumPath(): string {
  return required('CHROMIUM_PATH');
}

/** The server variables `npm test` pointed at servers it started itself (the others were given by hand). */
export function privateTestServers(): string[] {
  return (process.env.DATASYNC_TEST_PRIVATE_SERVERS ?? '').split(',').filter(Boolean);
}
