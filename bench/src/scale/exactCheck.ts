import { mapBounded } from './pool';
import type { ScaleAccount, ScaleSystem } from './system';

/**
 * The accounts whose destination rows differ from their objects at the provider: every charge
 * present once, none extra, each with the provider's description (the field the changes touch).
 */
export async function inexactAccounts(system: ScaleSystem, sample: ScaleAccount[]): Promise<string[]> {
  const destination = await system.destinationCharges(sample.map((a) => a.id));
  const inexact = await mapBounded(sample, 8, async (account) => {
    const provider = await system.providerCharges(account);
    const rows = destination.filter((r) => r.account_id === account.id);
    const byId = new Map(rows.map((r) => [r.id, r.description]));
    const same = rows.length === provider.length && provider.every((c) => byId.has(c.id) && byId.get(c.id) === c.description);
    return same ? undefined : account.id;
  });
  return inexact.filter((id): id is string => id !== undefined);
}
