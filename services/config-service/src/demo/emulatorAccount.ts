/** The emulator's admin view of an account: it carries the keys, which open nothing but emulated data. */
export interface EmulatorAccount {
  id: string;
  secret_key: string;
}

/** Same seed, same account and key: a restarted emulator recreates exactly what the demo source holds. */
export const DEMO_ACCOUNT_SEED = 'datasync-demo';

async function post(emulatorUrl: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL('/_emulator/accounts', emulatorUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Reported below with the status.
  }
  return { status: response.status, body: parsed };
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
  const { id, secret_key: secretKey } = result.body;
  if (result.status !== 201 || typeof id !== 'string' || typeof secretKey !== 'string') {
    const error = (result.body.error as { message?: string } | undefined)?.message ?? 'no account in the answer';
    throw new Error(`the provider emulator at ${emulatorUrl} did not create the demo account (${result.status}: ${error})`);
  }
  return { id, secret_key: secretKey };
}
