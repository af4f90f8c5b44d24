import { Joi, loadConfig } from '@datasync/config';
import { stackEnv, type StackEnvConfig } from '../stackEnv';

export interface VerifyBenchConfig extends StackEnvConfig {
  BENCH_VERIFY_CHARGES: number;
  BENCH_VERIFY_RATE: number;
  BENCH_VERIFY_DRIFT_PERCENT: number;
}

const schema = {
  ...stackEnv,
  BENCH_VERIFY_CHARGES: Joi.number().integer().min(1_000).default(100_000).description('charges of the verified account'),
  BENCH_VERIFY_RATE: Joi.number()
    .positive()
    .default(25)
    .description("the provider's test-mode limit the loader's budget is set to while it verifies (req/s; the source spends 50 % of it)"),
  BENCH_VERIFY_DRIFT_PERCENT: Joi.number().min(0.01).max(50).default(1).description('share of the objects drifted for the second figure'),
};

export function verifyBenchConfig(): Readonly<VerifyBenchConfig> {
  return loadConfig<VerifyBenchConfig>('bench:verify', schema, process.env);
}
