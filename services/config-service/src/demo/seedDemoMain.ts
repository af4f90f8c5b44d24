import winston from 'winston';
import { parseMasterKeys } from '@datasync/crypto';
import { createKnex } from '@datasync/db';
import { createLogger } from '@datasync/logger';
import { loadDemoConfig } from './config';
import { seedDemo } from './seedDemo';

const LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'];

// `node services/config-service/dist/demo/seedDemoMain.js`: seeds the demo and prints one JSON
// line (DemoSeed) for .data/demo.json. Logs go to stderr, so stdout holds only that line.
async function main(): Promise<void> {
  const config = loadDemoConfig();
  const logger = createLogger({
    service: 'seed-demo',
    level: config.LOG_LEVEL,
    format: config.NODE_ENV === 'production' ? 'json' : 'pretty',
    transports: [new winston.transports.Console({ stderrLevels: LEVELS })],
  });
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'seed-demo',
    poolMax: 2,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  try {
    const seed = await seedDemo({
      knex,
      masterKeys: parseMasterKeys(config.SECRETS_MASTER_KEYS),
      emulatorUrl: config.DEMO_EMULATOR_URL,
      destinationUrl: config.DEMO_DESTINATION_URL,
      login: { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD },
      allowPrivateNetworks: config.DESTINATION_ALLOW_PRIVATE_NETWORKS,
      logger,
    });
    process.stdout.write(`${JSON.stringify(seed)}\n`);
  } finally {
    await knex.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`seeding the demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
