// The tests' own reads of the provider (every object of an account, to compare with the
// destination) need not wait the emulator's Stripe-like answer times: read page after page, one
// request at a time, a 12,000-charge account takes about a minute at 0.4 s a page, time that
// proves nothing. The account answers without delay while the test reads, then gets its setting back.

type StoredLatency = { min: number; max: number; perItemMs?: number } | undefined;

async function admin<T>(emulatorUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${emulatorUrl}/_emulator${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /_emulator${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The stored override as the admin API takes it back: only the Stripe-like setting has a per-item share. */
function asPatch(latency: StoredLatency): number | { min: number; max: number } | 'stripe' | null {
  if (!latency) return null;
  return latency.perItemMs ? 'stripe' : { min: latency.min, max: latency.max };
}

/** Runs `read` while the emulator answers the account at once, then restores the account's latency override. */
export async function withoutLatency<T>(emulatorUrl: string, accountId: string, read: () => Promise<T>): Promise<T> {
  const path = `/accounts/${accountId}/faults`;
  const { overrides } = await admin<{ overrides: { latency_ms?: StoredLatency } }>(emulatorUrl, 'GET', path);
  await admin(emulatorUrl, 'POST', path, { latency_ms: 0 });
  try {
    return await read();
  } finally {
    await admin(emulatorUrl, 'POST', path, { latency_ms: asPatch(overrides.latency_ms) });
  }
}
