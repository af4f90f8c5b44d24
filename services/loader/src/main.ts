import { createKnex, pingDatabase } from '@datasync/db';
import { Readiness, startService } from '@datasync/http';
import { createServiceLogger } from '@datasync/logger';
import { closeRedisConnection, createRedisConnection, pingRedis } from '@datasync/queue';
import { createApp } from './app';
import { loadLoaderConfig } from './config';

async function main(): Promise<void> {
  const config = loadLoaderConfig();
  const logger = createServiceLogger('loader', config);
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'loader',
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  const redis = createRedisConnection(config.REDIS_URL, { role: 'worker' });
  const readiness = new Readiness({ postgres: () => pingDatabase(knex), redis: () => pingRedis(redis) });
  const app = createApp({ logger, readiness });
  // Workers join the closers ahead of the pools once jobs exist (the loader issues add them).
  await startService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    readiness,
    closers: [() => closeRedisConnection(redis), () => knex.destroy()],
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`loader failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
