import { Joi, loadConfig } from '@datasync/config';

export interface ApiBenchConfig {
  BENCH_DATABASE_URL: string;
  REDIS_URL: string;
  BENCH_API_SECONDS: number;
  BENCH_API_CONNECTIONS: number;
  BENCH_API_POST_CONNECTIONS: number;
  BENCH_API_POST_ACCOUNTS: number;
  BENCH_API_CPU_PROF_DIR?: string;
}

const schema = {
  BENCH_DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .default('postgres://postgres@127.0.0.1:5432/datasync_bench_api')
    .description('Postgres database of the run: created if missing, migrated, and filled with fresh tenants each run'),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis of the accounts-api (rate limits)'),
  BENCH_API_SECONDS: Joi.number().integer().min(1).default(10).description('seconds each GET/PUT figure is measured'),
  BENCH_API_CONNECTIONS: Joi.number().integer().min(1).default(16).description('keep-alive connections for GET /health, GET and PUT'),
  BENCH_API_POST_CONNECTIONS: Joi.number().integer().min(1).default(8).description('keep-alive connections for POST /accounts'),
  BENCH_API_POST_ACCOUNTS: Joi.number()
    .integer()
    .min(100)
    .default(3000)
    .description('fresh provider accounts registered by the POST /accounts run'),
  BENCH_API_CPU_PROF_DIR: Joi.string().description(
    'when set, the accounts-api runs with --cpu-prof and writes its CPU profile (.cpuprofile, for Chrome DevTools) into this folder when it stops',
  ),
};

export function apiBenchConfig(): Readonly<ApiBenchConfig> {
  return loadConfig<ApiBenchConfig>('bench:api', schema, process.env);
}

/** The environment of a process the bench starts: its own, plus the given settings. */
export function processEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
