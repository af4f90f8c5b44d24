import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { sourceSchema } from '../../sources/sources.schemas';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, type ApiCaller, type ResourceTestApp } from '../../testing/resourceApp';

// rate_budget_percent on POST and PATCH /sources: the share of the provider's limit a source's reads may spend.

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

async function post(caller: ApiCaller, name: string, extra: object, status: number) {
  const account = await emulator.createAccount();
  return as(t.app, caller)
    .post('/sources', { name, provider: 'stripe', private_key: account.secret_key, ...extra })
    .expect(status);
}

const share = async (caller: ApiCaller, name: string) =>
  knex(TABLES.sources).where({ environment_id: caller.environmentId, name }).first('rate_budget_percent');

const OUT_OF_RANGE = 'rate_budget_percent must be greater than or equal to 5';

describe('rate_budget_percent of a source', () => {
  it('needs authentication to change', async () => {
    expect((await request(t.app).patch('/api/v1/sources/x').send({ rate_budget_percent: 30 }).expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('is created with the share asked for, or 50 %; both are stored and returned', async () => {
    const caller = await newCaller(t.app);
    const created = await post(caller, 'paced', { rate_budget_percent: 20 }, 201);
    expect(sourceSchema.validate(created.body).error).toBeUndefined();
    expect(created.body).toMatchObject({ name: 'paced', rate_budget_percent: 20 });
    expect(await share(caller, 'paced')).toEqual({ rate_budget_percent: 20 });
    const audit = await knex(TABLES.auditLog)
      .where({ environment_id: caller.environmentId, action: 'source.created', target: 'paced' })
      .first();
    expect(audit.details).toMatchObject({ rate_budget_percent: 20 });

    const defaulted = await post(caller, 'default_pace', {}, 201);
    expect(defaulted.body.rate_budget_percent).toBe(50);
    expect(await share(caller, 'default_pace')).toEqual({ rate_budget_percent: 50 });
  });

  it('refuses a share outside 5–80 % or not a whole number, naming every invalid field, and creates nothing', async () => {
    const caller = await newCaller(t.app);
    const res = await post(caller, 'greedy', { rate_budget_percent: 90, oauth_client_id: 'x' }, 400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'oauth_client_id',
      message:
        'oauth_client_id must be a Stripe Connect client id: ca_ followed by letters and digits; rate_budget_percent must be less than or equal to 80',
      errors: [
        { param: 'oauth_client_id', message: 'oauth_client_id must be a Stripe Connect client id: ca_ followed by letters and digits' },
        { param: 'rate_budget_percent', message: 'rate_budget_percent must be less than or equal to 80' },
      ],
    });
    for (const [bad, message] of [
      [4, OUT_OF_RANGE],
      [0, OUT_OF_RANGE],
      [12.5, 'rate_budget_percent must be an integer'],
      ['half', 'rate_budget_percent must be a number'],
      [null, 'rate_budget_percent must be a number'],
    ] as const) {
      const refused = await post(caller, 'greedy', { rate_budget_percent: bad }, 400);
      expect(refused.body).toEqual({
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        param: 'rate_budget_percent',
        message,
        errors: [{ param: 'rate_budget_percent', message }],
      });
    }
    expect(await knex(TABLES.sources).where({ environment_id: caller.environmentId })).toEqual([]);
  });

  it('changes with PATCH, alone or with the client id; the rest stays, the change is audited', async () => {
    const caller = await newCaller(t.app);
    const created = (await post(caller, 'shop', {}, 201)).body as { oauth_client_id: string | null };
    const res = await as(t.app, caller).patch('/sources/shop', { rate_budget_percent: 75 }).expect(200);
    expect(sourceSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual({ ...created, rate_budget_percent: 75, updated_at: expect.any(String) });
    expect(await share(caller, 'shop')).toEqual({ rate_budget_percent: 75 });

    const both = await as(t.app, caller).patch('/sources/shop', { rate_budget_percent: 10, oauth_client_id: 'ca_abc123' }).expect(200);
    expect(both.body).toMatchObject({ rate_budget_percent: 10, oauth_client_id: 'ca_abc123' });

    const refused = await as(t.app, caller).patch('/sources/shop', { rate_budget_percent: 81 }).expect(400);
    expect(refused.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'rate_budget_percent',
      message: 'rate_budget_percent must be less than or equal to 80',
      errors: [{ param: 'rate_budget_percent', message: 'rate_budget_percent must be less than or equal to 80' }],
    });
    expect(await share(caller, 'shop')).toEqual({ rate_budget_percent: 10 });

    const audit = await knex(TABLES.auditLog)
      .where({ environment_id: caller.environmentId, action: 'source.updated' })
      .orderBy('created_at')
      .pluck('details');
    expect(audit).toEqual([{ rate_budget_percent: 75 }, { oauth_client_id: 'ca_abc123', rate_budget_percent: 10 }]);
  });
});
