import type { BudgetKey, RateBudget } from '../budget/rateBudget';

/**
 * Takes tokens as fast as the budget allows from `startAt` until `deadline` (epoch ms) and
 * counts those whose reserved moment fell inside the window.
 */
export async function spendUntil(budget: RateBudget, key: BudgetKey, startAt: number, deadline: number): Promise<number> {
  const untilStart = startAt - Date.now();
  if (untilStart > 0) await new Promise((resolve) => setTimeout(resolve, untilStart));
  let count = 0;
  for (;;) {
    await budget.acquire(key, 'incremental');
    if (Date.now() >= deadline) return count;
    count++;
  }
}
