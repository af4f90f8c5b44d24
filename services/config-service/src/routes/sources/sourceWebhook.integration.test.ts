import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { TABLES, sealedPlace } from '@datasync/db';
import { closeTestKnex, getTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { sourceWebhookSchema } from '../../sources/sourceWebhooks.schemas';
import {
  UNAUTHENTICATED,
  as,
  buildResourceApp,
  newCaller,
  otherEnvironmentCaller,
  type ApiCaller,
  type ResourceTestApp,
} from '../../testing/resourceApp';

const knex = getTestKnex();
let emulator: TestEmulator;
let t: ResourceTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  t = buildResourceApp(knex, { providerBaseUrl: emulator.baseUrl });
});
afterAll(async () => {
  await emulator?.stop();
  await closeTestKnex();
});

const whsec = () => `whsec_${randomBytes(16).toString('hex')}`;

async function createSource(caller: ApiCaller, name: string): Promise<string> {
  const account = await emulator.createAccount();
  const res = await as(t.app, caller).post('/sources', { name, provider: 'stripe', private_key: account.secret_key }).expect(201);
  return (res.body as { id: string }).id;
}

describe('GET /api/v1/sources/{name}/webhook and PUT …/webhook_secret', () => {
  it('need authentication', async () => {
    expect((await request(t.app).get('/api/v1/sources/x/webhook').expect(401)).body).toEqual(UNAUTHENTICATED);
    expect((await request(t.app).put('/api/v1/sources/x/webhook_secret').send({ secret: whsec() }).expect(401)).body).toEqual(
      UNAUTHENTICATED,
    );
  });

  it('shows the endpoint URL and the events to enable; no secret yet', async () => {
    const caller = await newCaller(t.app);
    const id = await createSource(caller, 'hooked');
    const res = await as(t.app, caller).get('/sources/hooked/webhook').expect(200);
    expect(sourceWebhookSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({
      url: `https://api.example.test/webhooks/stripe/${id}`,
      secret_set: false,
      secrets: [],
      last_received_at: null,
      unrouted_events: 0,
    });
    expect(res.body.enabled_events).toEqual(expect.arrayContaining(['charge.updated', 'customer.created', 'customer.deleted']));
  });

  it('sets a secret sealed for its row, never shows it, and keeps the previous one valid while rotating', async () => {
    const caller = await newCaller(t.app);
    await createSource(caller, 'rotated');
    const first = whsec();
    const set = await as(t.app, caller).put('/sources/rotated/webhook_secret', { secret: first }).expect(200);
    expect(JSON.stringify(set.body)).not.toContain(first);
    expect(set.body).toMatchObject({ secret_set: true, secrets: [{ expires_at: null }] });

    const second = whsec();
    const rotated = await as(t.app, caller).put('/sources/rotated/webhook_secret', { secret: second, previous_valid_hours: 2 }).expect(200);
    expect(JSON.stringify(rotated.body)).not.toContain(second);
    const [current, previous] = rotated.body.secrets as { id: string; expires_at: string | null }[];
    expect(current?.expires_at).toBeNull();
    const hours = (Date.parse(previous!.expires_at!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const rows = (await knex(TABLES.sourceWebhookSecrets).where({ environment_id: caller.environmentId }).select('id', 'secret')) as {
      id: string;
      secret: string;
    }[];
    expect(rows).toHaveLength(2);
    const opened = rows.map((row) => t.secretBox.open(row.secret, caller.environmentId, sealedPlace('sourceWebhookSecret', row.id)));
    expect(opened.sort()).toEqual([first, second].sort());
    expect(rows.map((row) => row.secret).join()).not.toContain('whsec_');

    // previous_valid_hours 0: only the new one verifies from now on.
    const third = whsec();
    const replaced = await as(t.app, caller).put('/sources/rotated/webhook_secret', { secret: third, previous_valid_hours: 0 }).expect(200);
    expect(replaced.body.secrets).toHaveLength(1);
    expect(await knex(TABLES.sourceWebhookSecrets).where({ environment_id: caller.environmentId }).count({ n: '*' })).toEqual([{ n: '1' }]);
    // A second endpoint's secret: the current one stays current.
    const fourth = whsec();
    const both = await as(t.app, caller).put('/sources/rotated/webhook_secret', { secret: fourth, keep_previous: true }).expect(200);
    expect((both.body.secrets as { expires_at: string | null }[]).map((secret) => secret.expires_at)).toEqual([null, null]);
    const refused = await as(t.app, caller)
      .put('/sources/rotated/webhook_secret', { secret: whsec(), keep_previous: true, previous_valid_hours: 1 })
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'parameter_invalid',
      param: 'keep_previous',
      message: 'Send keep_previous or previous_valid_hours, not both.',
    });
    const audit = await knex(TABLES.auditLog)
      .where({ environment_id: caller.environmentId, action: 'source.webhook_secret_set' })
      .select('details');
    expect(audit).toHaveLength(4);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('refuses a malformed secret with the whole error, and stores nothing', async () => {
    const caller = await newCaller(t.app);
    await createSource(caller, 'strict');
    const res = await as(t.app, caller)
      .put('/sources/strict/webhook_secret', { secret: 'sk_test_nope', previous_valid_hours: 100, extra: 1 })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'secret',
      message:
        'secret must be a Stripe signing secret: whsec_ followed by letters and digits; previous_valid_hours must be less than or equal to 72; extra is not allowed',
      errors: [
        { param: 'secret', message: 'secret must be a Stripe signing secret: whsec_ followed by letters and digits' },
        { param: 'previous_valid_hours', message: 'previous_valid_hours must be less than or equal to 72' },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
    expect(await knex(TABLES.sourceWebhookSecrets).where({ environment_id: caller.environmentId }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it("answers 404 for an unknown source and for another environment's", async () => {
    const caller = await newCaller(t.app);
    await createSource(caller, 'mine');
    const other = await otherEnvironmentCaller(t.app, caller);
    expect((await as(t.app, other).get('/sources/mine/webhook').expect(404)).body).toMatchObject({
      code: 'resource_missing',
      param: 'name',
    });
    await as(t.app, other).put('/sources/mine/webhook_secret', { secret: whsec() }).expect(404);
    expect(await knex(TABLES.sourceWebhookSecrets).where({ environment_id: caller.environmentId }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });
});

describe('PUT /api/v1/sources/{name}/webhook_lifecycle', () => {
  const lifecycleOf = async (environmentId: string, name: string) =>
    (
      (await knex(TABLES.sources).where({ environment_id: environmentId, name }).first('webhook_connect_lifecycle')) as {
        webhook_connect_lifecycle: boolean;
      }
    ).webhook_connect_lifecycle;

  it('needs authentication', async () => {
    expect((await request(t.app).put('/api/v1/sources/x/webhook_lifecycle').send({ connect_lifecycle: true }).expect(401)).body).toEqual(
      UNAUTHENTICATED,
    );
  });

  it('opts the source in (GET shows it, with the two events to enable) and out again, audited once per change', async () => {
    const caller = await newCaller(t.app);
    await createSource(caller, 'connected');
    expect((await as(t.app, caller).get('/sources/connected/webhook').expect(200)).body).toMatchObject({ connect_lifecycle: false });
    const on = await as(t.app, caller).put('/sources/connected/webhook_lifecycle', { connect_lifecycle: true }).expect(200);
    expect(sourceWebhookSchema.validate(on.body).error).toBeUndefined();
    expect(on.body.connect_lifecycle).toBe(true);
    expect(on.body.enabled_events).toEqual(expect.arrayContaining(['account.application.authorized', 'account.application.deauthorized']));
    expect(await lifecycleOf(caller.environmentId, 'connected')).toBe(true);
    await as(t.app, caller).put('/sources/connected/webhook_lifecycle', { connect_lifecycle: true }).expect(200);

    const off = await as(t.app, caller).put('/sources/connected/webhook_lifecycle', { connect_lifecycle: false }).expect(200);
    expect(off.body.connect_lifecycle).toBe(false);
    expect(off.body.enabled_events).not.toContain('account.application.authorized');
    expect(await lifecycleOf(caller.environmentId, 'connected')).toBe(false);
    const audit = await knex(TABLES.auditLog)
      .where({ environment_id: caller.environmentId, action: 'source.webhook_lifecycle_changed' })
      .orderBy('created_at')
      .select('target', 'details');
    expect(audit).toEqual([
      { target: 'connected', details: { connect_lifecycle: true } },
      { target: 'connected', details: { connect_lifecycle: false } },
    ]);
  });

  it('refuses bad input with the whole error and changes nothing; 404 for another environment', async () => {
    const caller = await newCaller(t.app);
    await createSource(caller, 'lifecycle_strict');
    const res = await as(t.app, caller)
      .put('/sources/lifecycle_strict/webhook_lifecycle', { connect_lifecycle: 'yes', extra: 1 })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'connect_lifecycle',
      message: 'connect_lifecycle must be a boolean; extra is not allowed',
      errors: [
        { param: 'connect_lifecycle', message: 'connect_lifecycle must be a boolean' },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
    const missing = await as(t.app, caller).put('/sources/lifecycle_strict/webhook_lifecycle', {}).expect(400);
    expect(missing.body).toMatchObject({ code: 'parameter_invalid', param: 'connect_lifecycle', message: 'connect_lifecycle is required' });
    const other = await otherEnvironmentCaller(t.app, caller);
    await as(t.app, other).put('/sources/lifecycle_strict/webhook_lifecycle', { connect_lifecycle: true }).expect(404);
    expect(await lifecycleOf(caller.environmentId, 'lifecycle_strict')).toBe(false);
  });
});
