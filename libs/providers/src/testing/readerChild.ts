// A second worker process reading an account through the connector, with the same Redis budget
// as the test that spawned it. argv: baseUrl redisUrl prefix secretKey settingsJson startAtMs
import { Redis } from 'ioredis';
import { RateBudget } from '../budget/rateBudget';
import type { ProviderSettings } from '../config';
import { readAllCharges } from './readAllCharges';

async function main(): Promise<void> {
  const [redisUrl, prefix, key, settingsJson, startAt] = process.argv.slice(2);
  if (!redisUrl || !prefix || !key || !settingsJson || !startAt) throw new Error('missing arguments');
  const redis = new Redis(redisUrl);
  try {
    const settings = JSON.parse(settingsJson) as ProviderSettings;
    const budget = new RateBudget(redis, settings.budget, prefix);
    const result = await readAllCharges(settings, budget, key, Number(startAt));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    redis.disconnect();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
