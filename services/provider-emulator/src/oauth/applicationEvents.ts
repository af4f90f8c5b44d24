import type { EmulatorAccount } from '../state/account';

/**
 * Stripe's Connect lifecycle events: `account.application.authorized` when an account connects
 * to a platform's app, `deauthorized` when it disconnects. Appended to the connected account's
 * log with `account` set, so they reach the platform's `connect: true` endpoints; `data.object`
 * is the app (`application`: `ca_…` id and name). Stripe sends them to the related application
 * only, which WebhookEndpoints.recipients honours.
 */
export function appendApplicationEvent(account: EmulatorAccount, platform: EmulatorAccount, authorized: boolean): void {
  const application = { id: platform.keys.clientId, object: 'application', name: platform.profile.businessName };
  const type = authorized ? 'account.application.authorized' : 'account.application.deauthorized';
  account.events.append(type, account.now(), application, undefined, account.id);
}
