import { Joi, loadConfig } from '@datasync/config';
import { stackEnv, type StackEnvConfig } from '../stackEnv';

export interface AccountsBenchConfig extends StackEnvConfig {
  BENCH_ACCOUNTS_ACCOUNTS: number;
  BENCH_ACCOUNTS_CHARGES_PER_ACCOUNT: number;
  BENCH_ACCOUNTS_RATE_LIMITED_CHARGES: number;
  BENCH_ACCOUNTS_RATE: number;
  BENCH_ACCOUNTS_POLL_INTERVAL_MS: number;
  BENCH_ACCOUNTS_CHANGES: number;
  BENCH_ACCOUNTS_LOADERS: number;
  BENCH_ACCOUNTS_FIGURES: string;
  BENCH_ACCOUNTS_LOADER_ENV: string;
}

const int = (min: number) => Joi.number().integer().min(min);

const schema = {
  ...stackEnv,
  BENCH_ACCOUNTS_ACCOUNTS: int(1).default(100).description('accounts attached together in the many-accounts figure'),
  BENCH_ACCOUNTS_CHARGES_PER_ACCOUNT: int(1).default(1_000).description('charges of each of those accounts'),
  BENCH_ACCOUNTS_RATE_LIMITED_CHARGES: int(100).default(100_000).description('charges of the rate-limited account'),
  BENCH_ACCOUNTS_RATE: Joi.number().positive().default(25).description('req/s the emulator allows that account, and the loader budget'),
  BENCH_ACCOUNTS_POLL_INTERVAL_MS: int(1_000)
    .default(15_000)
    .description('LOADER_POLL_INTERVAL_MS of the loaders (the freshness goal is this + 5 s)'),
  BENCH_ACCOUNTS_CHANGES: int(1).default(40).description('changes made at the provider for the freshness figure'),
  BENCH_ACCOUNTS_LOADERS: int(1).default(2).description('loader processes'),
  BENCH_ACCOUNTS_FIGURES: Joi.string()
    .pattern(/^(many|freshness|rate)(,(many|freshness|rate))*$/)
    .default('many,freshness,rate')
    .description('the figures to measure, comma-separated (freshness needs many)'),
  BENCH_ACCOUNTS_LOADER_ENV: Joi.string()
    .allow('')
    .default('')
    .description('extra loader settings, "NAME=value,NAME=value" (LOADER_LIFECYCLE_CONCURRENCY=8, …)'),
};

export function accountsBenchConfig(): Readonly<AccountsBenchConfig> {
  return loadConfig<AccountsBenchConfig>('bench:accounts', schema, process.env);
}
