import { Joi, parseConfig } from '@datasync/config';

// Defaults are the servers on a developer machine and in CI; each can be pointed elsewhere.
const testEnvSchema = {
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .default('postgres://postgres@127.0.0.1:5432/datasync_test')
    .description('Postgres database the integration and e2e tests use (created and migrated before they run)'),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis the tests use; each test isolates itself with its own queue prefix'),
  MYSQL_URL: Joi.string()
    .uri({ scheme: ['mysql'] })
    .default('mysql://root@127.0.0.1:3306/test')
    .description('MySQL/MariaDB database the destination tests write into'),
};

export interface TestEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  MYSQL_URL: string;
}

export function testEnv(): Readonly<TestEnv> {
  return parseConfig<TestEnv>(testEnvSchema, process.env);
}

export function testDatabaseUrl(): string {
  return testEnv().DATABASE_URL;
}

export function testRedisUrl(): string {
  return testEnv().REDIS_URL;
}

export function testMysqlUrl(): string {
  return testEnv().MYSQL_URL;
}

/**
 * Writes the resolved test settings into this process's environment. Jest's globalSetup calls it,
 * so that test workers and the services e2e tests spawn (which inherit the environment) see the
 * same values, defaults included.
 */
export function exportTestEnv(): Readonly<TestEnv> {
  const env = testEnv();
  Object.assign(process.env, env);
  return env;
}
