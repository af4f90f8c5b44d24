import { randomUUID } from 'node:crypto';
import { ClientCredentialsService, ClientSecretHasher, type Caller } from '@datasync/auth';
import { parseMasterKeys } from '@datasync/crypto';
import { TABLES } from '@datasync/db';
import { freePort, waitFor } from '@datasync/testing';
import { startServiceProcess, type ServiceProcess } from './support/loaderServices';
import { createLoaderWorld, type LoaderWorld } from './support/loaderWorld';

// The accounts API and the loader as processes: registration enqueues the attach, and neither a
// burst of identical registrations nor a Redis outage at the moment of commit changes the result.

let world: LoaderWorld;
let authorization: string;

beforeAll(async () => {
  world = await createLoaderWorld();
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
});

afterAll(async () => {
  await world?.close();
});

const startApi = (extra: Record<string, string> = {}): Promise<ServiceProcess> =>
  startServiceProcess('accounts-api', world.env({ RATE_LIMIT_PER_SECOND: '1000', ...extra }), 'accounts-api');

async function register(api: ServiceProcess, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${api.url}/accounts`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

it('50 parallel identical POST /accounts: one account, one backfill run, every row once', async () => {
  const api = await startApi();
  await world.startLoader();
  const provider = await world.emulator.createAccount({ objects: { charges: 1_500 } });
  try {
    const body = { sourceType: 'stripe', credential: provider.secret_key, identifier: 'burst' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => register(api, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.body.already_existed === false)).toHaveLength(1);

    const accounts = await world.controlPlane.knex(TABLES.accounts).where({ environment_id: world.environmentId, identifier: 'burst' });
    expect(accounts).toHaveLength(1);
    const accountId = accounts[0].id as string;
    await waitFor(
      async () => (await world.controlPlane.knex(TABLES.accountStates).where({ account_id: accountId }).first())?.status === 'live',
      {
        description: 'the account to be live',
        timeoutMs: 60_000,
        intervalMs: 200,
      },
    );
    expect(await world.controlPlane.knex(TABLES.runs).where({ account_id: accountId })).toHaveLength(1);
    expect(await world.countRows('burst')).toBe(1_500);
  } finally {
    await api.stop();
  }
});

it('Redis unreachable when POST /accounts commits: the call succeeds and the reconciler starts the load within 30 s', async () => {
  // Nothing listens there: for this accounts-api, Redis is down; the loader has the real one.
  const api = await startApi({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  const provider = await world.emulator.createAccount({ objects: { charges: 300 } });
  try {
    const answer = await register(api, { sourceType: 'stripe', credential: provider.secret_key, identifier: 'while-redis-down' });
    const committedAt = Date.now();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ account: { identifier: 'while-redis-down' }, already_existed: false });

    await waitFor(async () => (await world.countRows('while-redis-down')) > 0, {
      description: 'the first rows of the account registered while Redis was down',
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    expect(Date.now() - committedAt).toBeLessThan(30_000);
  } finally {
    await api.stop();
  }
});
