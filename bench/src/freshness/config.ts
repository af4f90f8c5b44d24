import { Joi, loadConfig } from '@datasync/config';
import { stackEnv, type StackEnvConfig } from '../stackEnv';

export interface FreshnessBenchConfig extends StackEnvConfig {
  BENCH_FRESHNESS_CHANGES: number;
  BENCH_FRESHNESS_SPACING_MS: number;
  BENCH_FRESHNESS_ACCOUNTS: number;
  BENCH_FRESHNESS_IDLE_ACCOUNTS: number;
  BENCH_FRESHNESS_IDLE_SECONDS: number;
  BENCH_FRESHNESS_PROVIDER_LIMIT: number;
}

const int = (min: number) => Joi.number().integer().min(min);

const schema = {
  ...stackEnv,
  BENCH_FRESHNESS_CHANGES: int(1).default(20).description('changes made at the emulator per phase (with and without webhooks)'),
  BENCH_FRESHNESS_SPACING_MS: int(0).default(1_000).description('time between two changes'),
  BENCH_FRESHNESS_ACCOUNTS: int(1).default(4).description('accounts the changes are spread over'),
  BENCH_FRESHNESS_IDLE_ACCOUNTS: int(1).default(20).description('accounts left idle, whose provider requests are counted'),
  BENCH_FRESHNESS_IDLE_SECONDS: int(15)
    .default(60)
    .description('the idle window of each phase; a multiple of the 15 s poll counts whole polls without webhooks'),
  BENCH_FRESHNESS_PROVIDER_LIMIT: Joi.number()
    .positive()
    .default(25)
    .description("the emulator's limit per account (req/s): Stripe's test mode"),
};

export function freshnessBenchConfig(): Readonly<FreshnessBenchConfig> {
  return loadConfig<FreshnessBenchConfig>('bench:freshness', schema, process.env);
}
