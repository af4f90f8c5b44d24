import type { RateBudget } from '../budget/rateBudget';
import type { ProviderSettings } from '../config';
import type { RequestReport } from '../connector';
import { createStripeConnector } from '../stripe/stripeConnector';

export interface ReadAllResult {
  ids: string[];
  outcomes: Record<string, number>;
}

/** Reads every charge of the key's account from `startAt` (epoch ms) on, counting attempt outcomes. */
export async function readAllCharges(
  settings: ProviderSettings,
  budget: RateBudget,
  key: string,
  startAt: number,
  limit = 20,
): Promise<ReadAllResult> {
  const reports: RequestReport[] = [];
  const connector = createStripeConnector({ settings, budget, observer: (r) => reports.push(r) });
  const credential = { kind: 'secret_key' as const, key };
  const account = await connector.verify(credential);
  const reader = connector.reader(credential, account);
  const untilStart = startAt - Date.now();
  if (untilStart > 0) await new Promise((resolve) => setTimeout(resolve, untilStart));
  const ids: string[] = [];
  for await (const page of reader.listPages('charges', { limit })) ids.push(...page.objects.map((o) => o.id));
  const outcomes: Record<string, number> = {};
  for (const r of reports) if (r.endpoint === '/v1/charges') outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
  return { ids, outcomes };
}
