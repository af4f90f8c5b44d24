import { Joi, loadConfig } from '@datasync/config';
import { stackEnv, type StackEnvConfig } from '../stackEnv';

export interface ThroughputBenchConfig extends StackEnvConfig {
  BENCH_THROUGHPUT_ATTACHES: number;
  BENCH_THROUGHPUT_ATTACH_CHARGES: number;
  BENCH_THROUGHPUT_BIG_ROWS: number;
  BENCH_THROUGHPUT_E2E_ROWS: number;
  BENCH_THROUGHPUT_MEMORY_ROWS: number;
  BENCH_THROUGHPUT_UNTHROTTLED_ROWS: number;
  BENCH_THROUGHPUT_UNTHROTTLED_ROUNDS: number;
  BENCH_THROUGHPUT_FIGURES: string;
  BENCH_THROUGHPUT_LOADER_ENV: string;
}

const int = (min: number) => Joi.number().integer().min(min);

const schema = {
  ...stackEnv,
  BENCH_THROUGHPUT_ATTACHES: int(1).default(20).description('POST /accounts whose time to first row is measured, per phase'),
  BENCH_THROUGHPUT_ATTACH_CHARGES: int(1).default(1_000).description('charges of each of those accounts'),
  BENCH_THROUGHPUT_BIG_ROWS: int(1_000)
    .default(200_000)
    .description('charges of the account backfilling while the second set of attaches is measured'),
  BENCH_THROUGHPUT_E2E_ROWS: int(1_000).default(100_000).description('charges of the end-to-end throughput run'),
  BENCH_THROUGHPUT_MEMORY_ROWS: int(1_000).default(1_000_000).description('charges of the backfill the loader RSS is watched through'),
  BENCH_THROUGHPUT_UNTHROTTLED_ROWS: int(1_000)
    .default(100_000)
    .description('charges of the unthrottled run (emulator latency 0, no rate limit) compared with psql \\copy'),
  BENCH_THROUGHPUT_UNTHROTTLED_ROUNDS: int(1)
    .default(2)
    .description('rounds of the unthrottled run and its psql \\copy, interleaved; the best rate of each is kept'),
  BENCH_THROUGHPUT_FIGURES: Joi.string()
    .pattern(/^(first|throughput|memory|unthrottled)(,(first|throughput|memory|unthrottled))*$/)
    .default('first,throughput,memory,unthrottled')
    .description('the figures to measure, comma-separated'),
  BENCH_THROUGHPUT_LOADER_ENV: Joi.string()
    .allow('')
    .default('')
    .description('extra loader settings, "NAME=value,NAME=value" (LOADER_BATCH_ROWS=2000, …); the defaults otherwise'),
};

export function throughputBenchConfig(): Readonly<ThroughputBenchConfig> {
  return loadConfig<ThroughputBenchConfig>('bench:throughput', schema, process.env);
}
