// A second process spending from the same Redis budget as the test that spawned it.
// argv: redisUrl prefix budgetKeyJson limitsJson startAtMs deadlineMs
import { Redis } from 'ioredis';
import { RateBudget, type BudgetKey } from '../budget/rateBudget';
import type { BudgetLimits } from '../config';
import { spendUntil } from './spendUntil';

async function main(): Promise<void> {
  const [redisUrl, prefix, keyJson, limitsJson, startAt, deadline] = process.argv.slice(2);
  if (!redisUrl || !prefix || !keyJson || !limitsJson || !startAt || !deadline) throw new Error('missing arguments');
  const redis = new Redis(redisUrl);
  try {
    const budget = new RateBudget(redis, JSON.parse(limitsJson) as BudgetLimits, prefix);
    const count = await spendUntil(budget, JSON.parse(keyJson) as BudgetKey, Number(startAt), Number(deadline));
    process.stdout.write(`${JSON.stringify({ count })}\n`);
  } finally {
    redis.disconnect();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
