import http from 'node:http';
import Stripe from 'stripe';
import { startTestEmulator, type AdminAccount, type TestEmulator } from '../testing/testEmulator';

interface Received {
  body: string;
  signature: string;
}

/** A local HTTP endpoint that records what it receives and answers with `status()`. */
async function startReceiver(status: () => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature'] ?? '') });
      res.statusCode = status();
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(check: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const verifier = new Stripe('sk_test_unused');

describe('webhook endpoints and deliveries', () => {
  let emulator: TestEmulator;
  let platform: AdminAccount;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    platform = await emulator.createAccount({ objects: {} });
  });

  afterAll(async () => {
    await emulator.close();
  });

  const createEndpoint = async (key: string, form: Record<string, string>) =>
    emulator.call('POST', '/v1/webhook_endpoints', { headers: { authorization: `Bearer ${key}` }, body: new URLSearchParams(form) });

  it('creates an endpoint with a secret shown once, and signs each delivery with it the way the SDK checks', async () => {
    const receiver = await startReceiver();
    try {
      const created = await createEndpoint(platform.secret_key, { url: receiver.url, 'enabled_events[]': 'customer.created' });
      expect(created.status).toBe(200);
      const endpoint = created.body as { id: string; secret: string; enabled_events: string[]; url: string };
      expect(endpoint).toMatchObject({ object: 'webhook_endpoint', enabled_events: ['customer.created'], url: receiver.url });
      expect(endpoint.secret).toMatch(/^whsec_/);
      const listed = await emulator.call('GET', '/v1/webhook_endpoints', { headers: { authorization: `Bearer ${platform.secret_key}` } });
      expect(JSON.stringify(listed.body)).toContain(endpoint.id);
      expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

      await emulator.call('POST', `/_emulator/accounts/${platform.id}/customers`, { body: { email: 'hook@example.com' } });
      // Not enabled: never sent.
      await emulator.call('POST', `/_emulator/accounts/${platform.id}/products`, { body: {} });
      const delivery = await until(() => receiver.received[0]);
      const event = verifier.webhooks.constructEvent(delivery.body, delivery.signature, endpoint.secret);
      expect(event).toMatchObject({ type: 'customer.created', data: { object: { email: 'hook@example.com' } } });
      expect(event.account).toBeUndefined();
      expect(() => verifier.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other')).toThrow();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('refuses an endpoint without url or events, in Stripe’s error format', async () => {
    const response = await createEndpoint(platform.secret_key, { url: 'ftp://nowhere' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'parameter_invalid', param: 'url' } });
    expect((response.body as { error: { message: string } }).error.message).toContain('enabled_events');
  });

  it('sends a connected account’s events to the platform’s connect endpoint with `account` set', async () => {
    const receiver = await startReceiver();
    try {
      const connected = await emulator.createAccount({ objects: {}, connected_to: platform.id });
      const created = await createEndpoint(platform.secret_key, { url: receiver.url, 'enabled_events[]': '*', connect: 'true' });
      const { secret } = created.body as { secret: string };
      await emulator.call('POST', `/_emulator/accounts/${platform.id}/customers`, { body: {} });
      await emulator.call('POST', `/_emulator/accounts/${connected.id}/customers`, { body: { email: 'connected@example.com' } });
      const delivery = await until(() => receiver.received[0]);
      const event = verifier.webhooks.constructEvent(delivery.body, delivery.signature, secret);
      expect(event).toMatchObject({ account: connected.id, type: 'customer.created' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The platform's own event is not a Connect event.
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('tells the platform’s connect endpoint, and only it, when an account connects through OAuth and when it is revoked', async () => {
    const app = await emulator.createAccount({ objects: {}, business_name: 'Lifecycle App' });
    const platformHook = await startReceiver();
    const ownHook = await startReceiver();
    try {
      const created = await createEndpoint(app.secret_key, { url: platformHook.url, 'enabled_events[]': '*', connect: 'true' });
      const { secret } = created.body as { secret: string };
      const connected = await emulator.createAccount({ objects: {} });
      await createEndpoint(connected.secret_key, { url: ownHook.url, 'enabled_events[]': '*' });
      const redirectUri = 'http://localhost:4000/callback';
      const consent = await emulator.call('POST', '/oauth/authorize', {
        body: new URLSearchParams({
          client_id: app.client_id,
          redirect_uri: redirectUri,
          scope: 'read_only',
          decision: 'approve',
          account: connected.id,
        }),
      });
      const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
      // Approving alone does not complete the connection: the code exchange does.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(platformHook.received).toHaveLength(0);
      const token = await emulator.call('POST', '/oauth/token', {
        headers: { authorization: `Bearer ${app.secret_key}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code }),
      });
      expect(token.status).toBe(200);
      const authorized = verifier.webhooks.constructEvent(
        (await until(() => platformHook.received[0])).body,
        platformHook.received[0]!.signature,
        secret,
      );
      expect(authorized).toMatchObject({
        type: 'account.application.authorized',
        account: connected.id,
        data: { object: { id: app.client_id, object: 'application', name: 'Lifecycle App' } },
      });

      const revoked = await emulator.call('POST', '/oauth/deauthorize', {
        headers: { authorization: `Bearer ${app.secret_key}` },
        body: new URLSearchParams({ client_id: app.client_id, stripe_user_id: connected.id }),
      });
      expect(revoked.status).toBe(200);
      const second = await until(() => platformHook.received[1]);
      const deauthorized = verifier.webhooks.constructEvent(second.body, second.signature, secret);
      expect(deauthorized).toMatchObject({ type: 'account.application.deauthorized', account: connected.id });
      expect(deauthorized.created).toBeGreaterThanOrEqual(authorized.created);
      // Sent to the related application only: the connected account's own endpoint hears nothing of it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ownHook.received).toHaveLength(0);
    } finally {
      await platformHook.close();
      await ownHook.close();
    }
  });

  it('retries a failed delivery with a backoff until the endpoint answers 2xx', async () => {
    const statuses = [500, 503, 200];
    const receiver = await startReceiver(() => statuses.shift() ?? 200);
    const own = await emulator.createAccount({ objects: {} });
    try {
      await emulator.call('POST', '/_emulator/webhook_settings', { body: { retry_base_ms: 50 } });
      const created = await createEndpoint(own.secret_key, { url: receiver.url, 'enabled_events[]': 'customer.created' });
      const { id } = created.body as { id: string };
      await emulator.call('POST', `/_emulator/accounts/${own.id}/customers`, { body: {} });
      await until(() => (receiver.received.length >= 3 ? true : undefined));
      const log = (await emulator.call('GET', `/_emulator/webhook_deliveries?endpoint=${id}`)).body as {
        data: { attempt: number; status: number }[];
      };
      expect(log.data.map((a) => [a.attempt, a.status])).toEqual([
        [1, 500],
        [2, 503],
        [3, 200],
      ]);
      const events = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      expect(new Set(events).size).toBe(1);
    } finally {
      await emulator.call('POST', '/_emulator/webhook_settings', { body: { retry_base_ms: 1000 } });
      await receiver.close();
    }
  });

  it('duplicates deliveries, and lets a held-back one be overtaken, when asked', async () => {
    const receiver = await startReceiver();
    const own = await emulator.createAccount({ objects: {} });
    const settings = (body: Record<string, number>) => emulator.call('POST', '/_emulator/webhook_settings', { body });
    try {
      await createEndpoint(own.secret_key, { url: receiver.url, 'enabled_events[]': 'customer.created' });
      await settings({ duplicate_share: 0, reorder_share: 1, reorder_delay_ms: 300 });
      await emulator.call('POST', `/_emulator/accounts/${own.id}/customers`, { body: {} });
      await settings({ duplicate_share: 1, reorder_share: 0, reorder_delay_ms: 300 });
      await emulator.call('POST', `/_emulator/accounts/${own.id}/customers`, { body: {} });
      await until(() => (receiver.received.length >= 3 ? true : undefined));
      const log = emulator.state.account(own.id)!.events;
      const [first, second] = [log.at(0)!.id, log.at(1)!.id];
      const ids = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      expect(ids).toEqual([second, first, second]);
    } finally {
      await settings({ duplicate_share: 0, reorder_share: 0, reorder_delay_ms: 500 });
      await receiver.close();
    }
  });
});
