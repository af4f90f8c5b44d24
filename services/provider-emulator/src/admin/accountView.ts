import type { EmulatorAccount } from '../state/account';

/**
 * The admin view of an account. It carries the keys on purpose: the emulator is a development
 * and test tool whose callers need them, and they open nothing but emulated data.
 */
export function accountView(account: EmulatorAccount): object {
  const objects: Record<string, number> = {};
  for (const [name, store] of account.stores) objects[name] = store.generatedCount;
  return {
    id: account.id,
    object: 'account',
    secret_key: account.keys.secret,
    restricted_key: account.keys.restricted,
    publishable_key: account.keys.publishable,
    client_id: account.keys.clientId,
    connected_to: account.connectedTo ?? null,
    created: account.created,
    country: account.profile.country,
    default_currency: account.profile.currency,
    business_name: account.profile.businessName,
    seed: account.seedText,
    now: account.now(),
    livemode: false,
    api_version: account.events.apiVersion,
    restricted_key_without: [...account.restrictedKeyWithout],
    routes_absent: [...account.routesAbsent],
    objects,
  };
}
