import { Joi, loadConfig } from '@datasync/config';

export interface BenchConfig {
  REDIS_URL: string;
  BENCH_EMULATOR_MAIN: string;
  BENCH_PAGING_OBJECTS: number;
  BENCH_PAGING_CONCURRENCY: number;
  BENCH_BUDGET_OBJECTS: number;
  BENCH_BUDGET_RATE: number;
  BENCH_BUDGET_CONCURRENCY: number;
}

const schema = {
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis holding the request budget of the connector run'),
  BENCH_EMULATOR_MAIN: Joi.string()
    .default('services/provider-emulator/dist/main.js')
    .description('built emulator entry point, relative to the repository root'),
  BENCH_PAGING_OBJECTS: Joi.number().integer().min(100).default(1_000_000).description('charges paged through in run (a)'),
  BENCH_PAGING_CONCURRENCY: Joi.number()
    .integer()
    .min(1)
    .default(4)
    .description('keep-alive connections paging disjoint created ranges in run (a)'),
  BENCH_BUDGET_OBJECTS: Joi.number().integer().min(100).default(100_000).description('charges read by the connector in run (b)'),
  BENCH_BUDGET_RATE: Joi.number()
    .positive()
    .default(25)
    .description("run (b): the emulator account's rate limit and the connector's budget (req/s)"),
  BENCH_BUDGET_CONCURRENCY: Joi.number().integer().min(1).default(4).description('parallel segments in run (b)'),
};

export function benchConfig(): Readonly<BenchConfig> {
  return loadConfig<BenchConfig>('bench', schema, process.env);
}

/** The environment a process the bench starts inherits, plus its own settings. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
