/** The emulator's admin view of an account: it carries the keys, which open nothing but emulated data. */
export interface EmulatorAccount {
  id: string;
  secret_key: string;
  /** The OAuth client id (`ca_…`) of the account's Connect application. */
  client_id: string;
}

/** Same seed, same account and key: a restarted emulator recreates exactly what the demo source holds. */
export const DEMO_ACCOUNT_SEED = 'datasync-demo';

type AdminAnswer = { status: number; body: Record<string, unknown> };

async function call(url: URL, init: RequestInit = {}): Promise<AdminAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Reported below with the status.
  }
  return { status: response.status, body: parsed };
}

const post = (emulatorUrl: string, body: Record<string, unknown>) =>
  call(new URL('/_emulator/accounts', emulatorUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

function accountOf(emulatorUrl: string, result: AdminAnswer, expectedStatus: number, doing: string): EmulatorAccount {
  const { id, secret_key: secretKey, client_id: clientId } = result.body;
  if (result.status !== expectedStatus || typeof id !== 'string' || typeof secretKey !== 'string' || typeof clientId !== 'string') {
    const error = (result.body.error as { message?: string } | undefined)?.message ?? 'no account in the answer';
    throw new Error(`the provider emulator at ${emulatorUrl} did not ${doing} (${result.status}: ${error})`);
  }
  return { id, secret_key: secretKey, client_id: clientId };
}

/**
 * Creates the demo's provider account through the emulator's admin API (`POST /_emulator/accounts`).
 * The demo seed is tried first; when the emulator already holds that account (it kept running
 * while the control plane lost the key), a fresh seed gives another account, since the admin API
 * does not hand out an existing account's key by seed.
 */
export async function createDemoEmulatorAccount(emulatorUrl: string, extra: Record<string, unknown> = {}): Promise<EmulatorAccount> {
  const body = { business_name: 'Datasync Demo Shop', ...extra };
  let result = await post(emulatorUrl, { ...body, seed: DEMO_ACCOUNT_SEED });
  if (result.status === 400 && (result.body.error as { code?: string } | undefined)?.code === 'account_exists') {
    result = await post(emulatorUrl, { ...body, seed: `${DEMO_ACCOUNT_SEED}-${Date.now()}` });
  }
  return accountOf(emulatorUrl, result, 201, 'create the demo account');
}

/** The emulator's view of an account it holds (`GET /_emulator/accounts/{id}`), for its client id. */
export async function findEmulatorAccount(emulatorUrl: string, accountId: string): Promise<EmulatorAccount> {
  const result = await call(new URL(`/_emulator/accounts/${encodeURIComponent(accountId)}`, emulatorUrl));
  return accountOf(emulatorUrl, result, 200, `return the demo account ${accountId}`);
}
