import { commonEnv, loadConfig } from '@datasync/config';
import { dbEnv } from './dbEnv';

/** The environment of `npm run migrate`. */
export const migrateEnv = {
  ...commonEnv,
  DATABASE_URL: dbEnv.DATABASE_URL,
};

export interface MigrateConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  DATABASE_URL: string;
}

/** Reads and validates the migrate command's environment; prints every problem and exits 1 if invalid. */
export function loadMigrateConfig(env: NodeJS.ProcessEnv = process.env): Readonly<MigrateConfig> {
  return loadConfig<MigrateConfig>('migrate', migrateEnv, env);
}
