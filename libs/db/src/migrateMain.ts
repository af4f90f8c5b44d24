import { createLogger } from '@datasync/logger';
import { loadMigrateConfig } from './config';
import { createKnex } from './connection';
import { migrateLatest } from './migrator';

// `npm run migrate`: applies pending control-plane migrations once, outside any service's boot,
// so that replicas never race on schema changes.
async function main(): Promise<void> {
  const config = loadMigrateConfig();
  const logger = createLogger({
    service: 'migrate',
    level: config.LOG_LEVEL,
    format: config.NODE_ENV === 'production' ? 'json' : 'pretty',
  });
  const target = new URL(config.DATABASE_URL);
  const database = { host: target.host, database: target.pathname.slice(1) };
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'migrate',
    // No statement timeout: a migration on a large table may legitimately run for minutes.
    statementTimeoutMs: 0,
    poolMax: 2,
    // knex's own warnings carry stack traces; the failure below already says what went wrong.
    ...(config.LOG_LEVEL === 'debug' ? { logger } : {}),
  });
  try {
    const result = await migrateLatest(knex);
    if (result.migrations.length === 0) logger.info('database already up to date', database);
    else logger.info('migrations applied', { ...database, batch: result.batch, migrations: result.migrations });
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    logger.error('migration failed', {
      ...database,
      error: error.message || (error as { code?: string }).code || error.name,
      ...(config.LOG_LEVEL === 'debug' ? { stack: error.stack } : {}),
    });
    process.exitCode = 1;
  } finally {
    await knex.destroy();
  }
}

void main();
