import { Joi, loadConfig } from '@datasync/config';
import { stackEnv, type StackEnvConfig } from '../stackEnv';

export interface PaceBenchConfig extends StackEnvConfig {
  BENCH_PACE_LOADERS: number;
  BENCH_PACE_PROVIDER_LIMIT: number;
  BENCH_PACE_CELLS: string;
  BENCH_PACE_FIRST_ROW_ACCOUNTS: number;
  BENCH_PACE_MANY_ACCOUNTS: number;
  BENCH_PACE_MANY_CHARGES: number;
  BENCH_PACE_FIGURES: string;
  BENCH_PACE_LOADER_ENV: string;
  BENCH_PACE_API_ENV: string;
}

const int = (min: number) => Joi.number().integer().min(min);

const schema = {
  ...stackEnv,
  BENCH_PACE_LOADERS: int(1).default(2).description('loader processes'),
  BENCH_PACE_PROVIDER_LIMIT: Joi.number()
    .positive()
    .default(25)
    .description("the emulator's limit per account (req/s): Stripe's test mode"),
  BENCH_PACE_CELLS: Joi.string()
    .pattern(/^\d+:\d+(-\d+)?:[\d.]+(,\d+:\d+(-\d+)?:[\d.]+)*$/)
    .default(
      '20000:50:12.5,20000:50:25,20000:200-600:12.5,20000:200-600:25,100000:50:12.5,100000:50:25,100000:200-600:12.5,100000:200-600:25',
    )
    .description('rate-limited backfills, comma-separated "charges:latency ms (or min-max):budget req/s"'),
  BENCH_PACE_FIRST_ROW_ACCOUNTS: int(1).default(20).description('accounts registered one after another for the time to first row'),
  BENCH_PACE_MANY_ACCOUNTS: int(1).default(100).description('accounts registered at once'),
  BENCH_PACE_MANY_CHARGES: int(1).default(1_000).description('charges of each of those'),
  BENCH_PACE_FIGURES: Joi.string()
    .pattern(/^(budget|first|many)(,(budget|first|many))*$/)
    .default('budget,first,many')
    .description('the figures to measure, comma-separated'),
  BENCH_PACE_LOADER_ENV: Joi.string().allow('').default('').description('extra loader settings, "NAME=value,NAME=value"'),
  BENCH_PACE_API_ENV: Joi.string()
    .allow('')
    .default('')
    .description('extra accounts-api settings, "NAME=value,NAME=value" (RATE_LIMIT_BURST=50, …)'),
};

export function paceBenchConfig(): Readonly<PaceBenchConfig> {
  return loadConfig<PaceBenchConfig>('bench:pace', schema, process.env);
}

export interface PaceCell {
  charges: number;
  latency: { min: number; max: number };
  budget: number;
}

/** "20000:200-600:12.5" → 20,000 charges, answers in 200–600 ms, a budget of 12.5 req/s. */
export function parseCells(list: string): PaceCell[] {
  return list.split(',').map((cell) => {
    const [charges, latency, budget] = cell.split(':') as [string, string, string];
    const [min, max = min] = latency.split('-');
    return { charges: Number(charges), latency: { min: Number(min), max: Number(max) }, budget: Number(budget) };
  });
}
