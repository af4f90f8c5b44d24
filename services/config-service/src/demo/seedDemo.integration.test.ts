import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import winston from 'winston';
import { TABLES } from '@datasync/db';
import { createLogger } from '@datasync/logger';
import { getTestKnex, startEmulator, testDatabaseUrl } from '@datasync/testing';
import { basicHeader } from '../testing/accessApp';
import { useProviderAndDestination } from '../testing/providerAndDestination';
import { buildResourceApp } from '../testing/resourceApp';
import { seedDemo, type DemoSeed, type SeedDemoOptions } from './seedDemo';

const knex = getTestKnex();
const world = useProviderAndDestination();
const masterKeys = [{ id: 'demo', key: randomBytes(32) }];
const { app, auth } = buildResourceApp(knex, { masterKeys });
const lines: string[] = [];
const logger = createLogger({
  service: 'seed-demo-test',
  level: 'silly',
  transports: [
    new winston.transports.Stream({ stream: new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }) }),
  ],
});

// Each test seeds a demo organization of its own into the same database, and a table belongs to
// the first sync that mounts it (docs/destinations.md): each starts without the previous one's claims.
beforeEach(async () => {
  await world.pg.knex.raw('drop table if exists _datasync_table_owners');
});

function options(overrides: Partial<SeedDemoOptions> = {}): SeedDemoOptions {
  return {
    knex,
    masterKeys,
    emulatorUrl: world.emulator.baseUrl,
    destinationUrl: world.pg.connectionString,
    login: { email: `demo-${randomBytes(5).toString('hex')}@example.test`, password: `demo-password-${randomBytes(6).toString('hex')}` },
    logger,
    ...overrides,
  };
}

// The demo's credential is for the Accounts API: the configuration is read with an admin credential of the same environment.
const adminHeaders = new Map<string, Promise<string>>();
function adminHeader(seed: DemoSeed): Promise<string> {
  const cached = adminHeaders.get(seed.environment.id);
  if (cached) return cached;
  const caller = {
    kind: 'session' as const,
    environmentId: seed.environment.id,
    organizationId: seed.organization.id,
    userId: randomUUID(),
    sessionId: randomUUID(),
  };
  const header = auth.clientCredentials.create(caller, 'admin').then((c) => basicHeader(c.credential.clientId, c.clientSecret));
  adminHeaders.set(seed.environment.id, header);
  return header;
}
const api = async (seed: DemoSeed, path: string) =>
  request(app)
    .get(`/api/v1${path}`)
    .set('Authorization', await adminHeader(seed))
    .expect(200);
const demoCredentialWorks = (seed: DemoSeed) =>
  auth.basic.authenticate(basicHeader(seed.client_credentials.client_id, seed.client_credentials.client_secret)).then(
    (caller) => caller.scope === 'accounts' && caller.environmentId === seed.environment.id,
    () => false,
  );

describe('seedDemo', () => {
  it('seeds the whole workflow through the services, usable with the credential and login it returns', async () => {
    const opts = options();
    const seed = await seedDemo(opts);
    expect(seed).toEqual({
      login: opts.login,
      organization: { id: expect.any(String), name: 'Datasync Demo' },
      environment: { id: expect.any(String), name: 'development' },
      client_credentials: { client_id: expect.stringMatching(/^cli_/), client_secret: expect.any(String) },
      destination: { name: 'demo_postgres', engine: 'postgres', connection_string: world.pg.connectionString },
      source: { name: 'stripe_demo', provider: 'stripe', provider_account_id: expect.stringMatching(/^acct_/) },
      sync: { name: 'demo_sync' },
      collections: ['charges'],
    });
    const overview = await api(seed, '/syncs/demo_sync');
    expect(await demoCredentialWorks(seed)).toBe(true);
    expect(overview.body).toMatchObject({
      source: { name: 'stripe_demo', provider: 'stripe' },
      destination: { name: 'demo_postgres', engine: 'postgres' },
      collections: [{ resource_type: 'charges', status: 'mounted', table_name: 'stripe_charges' }],
    });
    expect(
      await world.pg.knex('information_schema.tables').where({ table_schema: 'public', table_name: 'stripe_charges' }).first(),
    ).toBeDefined();
    // The Link page offers Connect with Stripe: the source has the emulator account's client id.
    const { client_id: clientId } = (await (
      await fetch(`${world.emulator.baseUrl}/_emulator/accounts/${seed.source.provider_account_id}`)
    ).json()) as { client_id: string };
    expect(clientId).toMatch(/^ca_/);
    expect((await api(seed, '/sources/stripe_demo')).body.oauth_client_id).toBe(clientId);
    const environment = await knex(TABLES.environments).where({ id: seed.environment.id }).first();
    expect(environment).toMatchObject({ organization_id: seed.organization.id, name: 'development', early_access: true });
    await request(app).post('/api/v1/login').send(opts.login).expect(200);
    // The seeding session ended; only the login above left one.
    const sessions = await knex('sessions')
      .join(TABLES.users, 'users.id', 'sessions.user_id')
      .where('users.email', opts.login.email)
      .count({ n: '*' })
      .first();
    expect(sessions).toEqual({ n: '1' });
    const logged = lines.join('');
    for (const secret of [opts.login.password, seed.client_credentials.client_secret, world.pg.password])
      expect(logged).not.toContain(secret);
  });

  it('runs again on kept data: same objects, a fresh credential, the previous one revoked', async () => {
    const opts = options();
    const first = await seedDemo(opts);
    const second = await seedDemo(opts);
    expect(second).toEqual({ ...first, client_credentials: { client_id: expect.any(String), client_secret: expect.any(String) } });
    expect(second.client_credentials.client_id).not.toBe(first.client_credentials.client_id);
    expect(await demoCredentialWorks(first)).toBe(false);
    expect(await demoCredentialWorks(second)).toBe(true);
    expect((await api(second, '/syncs')).body.data.map((s: { name: string }) => s.name)).toEqual(['demo_sync']);
    expect(await knex(TABLES.destinations).where({ environment_id: second.environment.id }).count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('repairs what drifted: a restarted emulator, a new destination password', async () => {
    // An emulator of its own, so that the demo seed's account is not taken by the other tests' seeding.
    const [before, restarted] = await Promise.all([startEmulator(), startEmulator()]);
    const opts = options({ emulatorUrl: before.baseUrl });
    const first = await seedDemo(opts);
    await before.stop();
    try {
      const changed = `${world.pg.connectionString}${world.pg.connectionString.includes('?') ? '&' : '?'}connect_timeout=7`;
      const second = await seedDemo({ ...opts, emulatorUrl: restarted.baseUrl, destinationUrl: changed });
      // The demo account comes from a fixed seed, so the restarted emulator recreates the same one.
      expect(second.source.provider_account_id).toBe(first.source.provider_account_id);
      expect((await api(second, '/destinations/demo_postgres')).body.connection_string_masked).toMatch(/connect_timeout=7$/);
      const actions = await knex(TABLES.auditLog).where({ environment_id: second.environment.id }).pluck('action');
      expect(actions).toEqual(expect.arrayContaining(['destination.connection_changed', 'source.key_replaced']));
    } finally {
      await restarted.stop();
    }
  });

  it("gives a source seeded without an OAuth client id the emulator account's", async () => {
    const opts = options();
    const first = await seedDemo(opts);
    const seeded = (await api(first, '/sources/stripe_demo')).body.oauth_client_id as string;
    // As a demo seeded before the Link page existed left it.
    await knex(TABLES.sources).where({ environment_id: first.environment.id, name: 'stripe_demo' }).update({ oauth_client_id: null });
    const second = await seedDemo(opts);
    expect((await api(second, '/sources/stripe_demo')).body.oauth_client_id).toBe(seeded);
    const updates = await knex(TABLES.auditLog).where({ environment_id: second.environment.id, action: 'source.updated' }).pluck('details');
    expect(updates).toEqual([{ oauth_client_id: seeded }]);
  });

  it('refuses clearly when the demo email belongs to a user with another password', async () => {
    const opts = options();
    await seedDemo(opts);
    await expect(seedDemo({ ...opts, login: { ...opts.login, password: 'another-password-123' } })).rejects.toThrow(
      `the demo user ${opts.login.email} exists with another password`,
    );
  });

  it('runs as a command that prints the seed as one JSON line', async () => {
    const repoRoot = path.resolve(__dirname, '../../../..');
    const email = `cli-${randomBytes(5).toString('hex')}@example.test`;
    const child = spawn(
      process.execPath,
      ['-r', path.join(repoRoot, 'libs/testing/register.js'), path.join(__dirname, 'seedDemoMain.ts')],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: testDatabaseUrl(),
          SECRETS_MASTER_KEYS: `demo:${masterKeys[0]!.key.toString('base64')}`,
          DEMO_EMULATOR_URL: world.emulator.baseUrl,
          DEMO_DESTINATION_URL: world.pg.connectionString,
          DEMO_EMAIL: email,
          DEMO_PASSWORD: 'cli-demo-password-1',
          DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const seed = JSON.parse(stdout) as DemoSeed;
    expect(seed.login).toEqual({ email, password: 'cli-demo-password-1' });
    await api(seed, '/syncs/demo_sync/collections/charges');
  });
});
