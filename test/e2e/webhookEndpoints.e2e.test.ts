import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientCredentialsService, ClientSecretHasher, type Caller } from '@datasync/auth';
import { parseMasterKeys } from '@datasync/crypto';
import { waitFor } from '@datasync/testing';
import { verifySignature } from '@datasync/webhooks';
import { startServiceProcess, type ServiceProcess } from './support/loaderServices';
import { createLoaderWorld, type LoaderWorld } from './support/loaderWorld';

// Outbound webhooks across the real processes: an endpoint created through the Accounts API, an
// account registered there, and the loader process sending its events, signed, to a receiver over
// HTTP, which answers 500 once to see the retry. A development environment, so http is allowed.

interface Received {
  body: string;
  signature: string;
  type: string;
  status: number;
}

let world: LoaderWorld;
let authorization: string;
let api: ServiceProcess;
let receiver: http.Server;
const received: Received[] = [];

beforeAll(async () => {
  world = await createLoaderWorld({}, { environment: 'development' });
  const credentials = new ClientCredentialsService(world.controlPlane.knex, new ClientSecretHasher(parseMasterKeys(world.masterKeys)));
  const owner: Caller = {
    kind: 'session',
    environmentId: world.environmentId,
    organizationId: world.organizationId,
    userId: randomUUID(),
    sessionId: randomUUID(),
  };
  const { credential, clientSecret } = await credentials.create(owner);
  authorization = `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { type } = JSON.parse(body) as { type: string };
      // The first attempt of account.live fails: the loader must try it again.
      const status = type === 'account.live' && !received.some((r) => r.type === type) ? 500 : 200;
      received.push({ body, signature: String(req.headers['datasync-signature']), type, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const env = world.env({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', LOADER_WEBHOOK_RETRY_FIRST_MS: '500' });
  api = await startServiceProcess('accounts-api', env, 'accounts-api');
  await world.startLoader({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', LOADER_WEBHOOK_RETRY_FIRST_MS: '500' });
});

afterAll(async () => {
  await api?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await world?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

it('sends attached, backfill_completed, live and verified, signed, retrying a 500, with the delivery log in the API', async () => {
  const { port } = receiver.address() as AddressInfo;
  const created = await call('POST', '/webhook_endpoints', { url: `http://127.0.0.1:${port}/hooks`, enabled_events: ['*'] });
  expect(created.status).toBe(200);
  const secret = created.body.secret as string;

  const provider = await world.emulator.createAccount({ objects: { charges: 150 } });
  expect((await call('POST', '/accounts', { sourceType: 'stripe', credential: provider.secret_key, identifier: 'hooked' })).status).toBe(
    200,
  );

  // The loader verifies every completed load by default: account.verified ends the story.
  await waitFor(() => received.filter((r) => r.status === 200).length >= 4, {
    description: 'four delivered events',
    timeoutMs: 120_000,
    intervalMs: 250,
  });
  const delivered = received.filter((r) => r.status === 200);
  expect(delivered.map((r) => r.type).sort()).toEqual([
    'account.attached',
    'account.backfill_completed',
    'account.live',
    'account.verified',
  ]);
  for (const r of received) expect(verifySignature(secret, r.signature, r.body)).toBe(true);
  const completed = JSON.parse(delivered.find((r) => r.type === 'account.backfill_completed')!.body) as { data: unknown };
  expect(completed.data).toEqual({ account: { source_type: 'stripe', identifier: 'hooked' }, tables: { stripe_charges: 150 } });
  const verified = JSON.parse(delivered.find((r) => r.type === 'account.verified')!.body) as { data: unknown };
  expect(verified.data).toEqual({
    account: { source_type: 'stripe', identifier: 'hooked' },
    tables: [{ table: 'stripe_charges', drift_found: 0, drift_repaired: 0 }],
  });
  expect(received.filter((r) => r.type === 'account.live').map((r) => r.status)).toEqual([500, 200]);

  const log = await call('GET', `/webhook_endpoints/${created.body.id as string}/deliveries`);
  const live = (log.body.data as { event: { type: string }; status: string; attempts: number; last_status_code: number }[]).find(
    (d) => d.event.type === 'account.live',
  );
  expect(live).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 200 });
  for (const r of received) expect(r.body).not.toContain(provider.secret_key);
});
