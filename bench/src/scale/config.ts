import { Joi, loadConfig } from '@datasync/config';
import { stackEnv, type StackEnvConfig } from '../stackEnv';

export interface ScaleBenchConfig extends StackEnvConfig {
  BENCH_SCALE_ACCOUNTS: number;
  BENCH_SCALE_CHARGES_PER_ACCOUNT: number;
  BENCH_SCALE_LATENCY_MS: string;
  BENCH_SCALE_PROVIDER_LIMIT: number;
  BENCH_SCALE_ATTACH_CONCURRENCY: number;
  BENCH_SCALE_LOADERS: number;
  BENCH_SCALE_LOADER_ENV: string;
  BENCH_SCALE_IDLE_SECONDS: number;
  BENCH_SCALE_WINDOW_SECONDS: number;
  BENCH_SCALE_CHANGING_PERCENT: number;
  BENCH_SCALE_CHANGE_EVERY_SECONDS: number;
  BENCH_SCALE_SAMPLE_ACCOUNTS: number;
  BENCH_SCALE_DEADLINE_MINUTES: number;
}

const int = (min: number) => Joi.number().integer().min(min);

const schema = {
  ...stackEnv,
  BENCH_SCALE_ACCOUNTS: int(1).max(100_000).default(10_000).description('provider accounts attached and kept live'),
  BENCH_SCALE_CHARGES_PER_ACCOUNT: int(1).max(100).default(3).description('charges of each account'),
  BENCH_SCALE_LATENCY_MS: Joi.string()
    .pattern(/^\d+(-\d+)?$/)
    .default('50-150')
    .description("the emulator's answer time per request of every account, ms or min-max (Stripe's for a short events list)"),
  BENCH_SCALE_PROVIDER_LIMIT: Joi.number()
    .positive()
    .default(25)
    .description("the emulator's limit per account (req/s): Stripe's test mode"),
  BENCH_SCALE_ATTACH_CONCURRENCY: int(1).max(256).default(32).description('POST /accounts in flight at once'),
  BENCH_SCALE_LOADERS: int(1).default(2).description('loader processes'),
  BENCH_SCALE_LOADER_ENV: Joi.string()
    .allow('')
    .default('')
    .description('extra loader settings, "NAME=value,NAME=value" (LOADER_POLL_CONCURRENCY=16, …)'),
  BENCH_SCALE_IDLE_SECONDS: int(15)
    .default(60)
    .description('the idle window once every account is loaded: no changes, the per-account costs; a multiple of the 15 s poll'),
  BENCH_SCALE_WINDOW_SECONDS: int(15)
    .default(180)
    .description('the window with changes that follows it: freshness and, against the idle window, the cost of an event'),
  BENCH_SCALE_CHANGING_PERCENT: Joi.number()
    .min(0)
    .max(100)
    .default(5)
    .description('share of the accounts changed at the provider in the window'),
  BENCH_SCALE_CHANGE_EVERY_SECONDS: int(1)
    .default(60)
    .description('each changing account gets one change (an admin update of a charge, one event) this often, at its own phase'),
  BENCH_SCALE_SAMPLE_ACCOUNTS: int(1).default(50).description('accounts checked exactly at the end (destination rows = provider objects)'),
  BENCH_SCALE_DEADLINE_MINUTES: Joi.number()
    .positive()
    .default(60)
    .description('hard stop: past it the run cleans up and exits with an error, whatever it was doing'),
};

export function scaleBenchConfig(): Readonly<ScaleBenchConfig> {
  return loadConfig<ScaleBenchConfig>('bench:scale', schema, process.env);
}

/** "50-150" → answers in 50–150 ms; "100" → in 100 ms. */
export function parseLatency(text: string): { min: number; max: number } {
  const [min, max = min] = text.split('-');
  return { min: Number(min), max: Number(max) };
}
