import { Joi, commonEnv, loadConfig } from '@datasync/config';
import { dbEnv, type DbEnvConfig } from '@datasync/db';
import { destinationsEnv, type DestinationsEnvConfig } from '@datasync/destinations';

/** Environment of `seedDemoMain` (the launcher runs it once the services' dependencies are up). */
export const demoConfigSchema = {
  ...commonEnv,
  ...dbEnv,
  ...destinationsEnv,
  SECRETS_MASTER_KEYS: Joi.string()
    .required()
    .description('the services\' master keys, "<id>:<base64 32 bytes>,…": the demo\'s secrets must open there'),
  DEMO_EMULATOR_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('http://127.0.0.1:12111')
    .description('the provider emulator: the demo account is created through its admin API'),
  DEMO_DESTINATION_URL: Joi.string().required().description('connection string of the demo destination database (postgres://…)'),
  DEMO_EMAIL: Joi.string()
    .email({ tlds: { allow: false } })
    .default('demo@datasync.local')
    .description('dashboard login of the demo user'),
  DEMO_PASSWORD: Joi.string().min(12).required().description("the demo user's password, set when the user is created"),
};

export interface DemoConfig extends DbEnvConfig, DestinationsEnvConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  SECRETS_MASTER_KEYS: string;
  DEMO_EMULATOR_URL: string;
  DEMO_DESTINATION_URL: string;
  DEMO_EMAIL: string;
  DEMO_PASSWORD: string;
}

export function loadDemoConfig(env: NodeJS.ProcessEnv = process.env): Readonly<DemoConfig> {
  return loadConfig<DemoConfig>('seed-demo', demoConfigSchema, env);
}
