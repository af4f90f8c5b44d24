import { Joi } from '@datasync/config';

/** Where the loader-stack benchmarks (loaderStack.ts) make their scratch databases and queues. Spread into a bench's schema. */
export const stackEnv = {
  BENCH_DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .default('postgres://postgres@127.0.0.1:5432/postgres')
    .description('Postgres server of the run: control-plane and destination databases are created on it and dropped after'),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis of the queues (a fresh prefix per run)'),
};

export interface StackEnvConfig {
  BENCH_DATABASE_URL: string;
  REDIS_URL: string;
}
