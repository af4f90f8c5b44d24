import request from 'supertest';
import { TABLES, sealedPlace } from '@datasync/db';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../../testing/fixtures';

let emulator: TestEmulator;
let api: ApiTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl });
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

const post = (client: TestClient, body: unknown) =>
  request(api.baseUrl)
    .post('/accounts')
    .set('Authorization', client.authorization)
    .send(body as object);

async function clientWithSource(name?: string) {
  const client = await newClient(api);
  const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId, name);
  return { client, source };
}

describe('POST /accounts authentication', () => {
  it.each([
    ['missing', undefined, 'Missing Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).'],
    ['another scheme', 'Bearer abc', 'Unsupported authorization scheme. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).'],
    [
      'without a colon',
      `Basic ${Buffer.from('cli_nocolon').toString('base64')}`,
      'Malformed Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET), UTF-8, id and secret separated by a colon.',
    ],
    [
      'wrong',
      `Basic ${Buffer.from('cli_000000000000000000000000:wrong').toString('base64')}`,
      'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
    ],
    [
      'NUL-holding',
      `Basic ${Buffer.from('cli_\u0000x:secret').toString('base64')}`,
      'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
    ],
  ])('answers 401 with WWW-Authenticate for %s credentials', async (_case, authorization, message) => {
    const req = request(api.baseUrl).post('/accounts');
    if (authorization) req.set('Authorization', authorization);
    const res = await req.send({ sourceType: 'stripe', credential: 'sk_test_whatever1' }).expect(401);
    expect(res.body).toEqual({ type: 'authentication_error', message });
    expect(res.headers['www-authenticate']).toBe('Basic realm="datasync", charset="UTF-8"');
  });
});

describe('POST /accounts validation', () => {
  it('names every bad field in one 400, and never echoes the credential', async () => {
    const client = await newClient(api);
    const res = await post(client, {
      sourceType: 'paypal',
      credential: 'sk_live_short',
      app: 'Bad Name',
      identifier: '-x',
      extra: 1,
    }).expect(400);
    const credentialRule =
      "must be the account's own Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…), or an object with accountId (acct_…) for an account connected to the app of the source";
    const identifierRule =
      'identifier is invalid: an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit';
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'sourceType',
      message: expect.any(String),
      errors: [
        { param: 'sourceType', message: 'sourceType must be one of: stripe' },
        { param: 'credential', message: `credential ${credentialRule}` },
        { param: 'app', message: 'app must be a source name: 1-63 lowercase letters, digits and underscores' },
        { param: 'identifier', message: identifierRule },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('sk_live_short');
  });

  it('names the missing fields of an empty body', async () => {
    const client = await newClient(api);
    const res = await post(client, {}).expect(400);
    expect(res.body.errors).toEqual([
      { param: 'sourceType', message: 'sourceType is required' },
      { param: 'credential', message: 'credential is required' },
    ]);
  });

  it('checks the account id of a connected-account credential', async () => {
    const client = await newClient(api);
    const res = await post(client, { sourceType: 'stripe', credential: { accountId: 'nope' } }).expect(400);
    expect(res.body.errors).toEqual([
      { param: 'credential.accountId', message: 'credential.accountId must be a Stripe account id (acct_…)' },
    ]);
    const other = await post(client, { sourceType: 'stripe', credential: { account: 'acct_1' } }).expect(400);
    expect(other.body.errors).toEqual([
      { param: 'credential', message: expect.stringMatching(/^credential must be the account's own Stripe secret key/) },
    ]);
  });
});

describe('POST /accounts registration', () => {
  it('registers an account by its own key: 200, identifier = external_id, key sealed in the row', async () => {
    const { client, source } = await clientWithSource();
    const account = await emulator.createAccount();
    const res = await post(client, { sourceType: 'stripe', credential: account.secret_key }).expect(200);
    expect(res.body).toEqual({ account: { external_id: account.id, identifier: account.id }, already_existed: false });
    const rows = await accountRows(api.knex, client.environmentId);
    expect(rows).toEqual([
      expect.objectContaining({
        source_id: source.id,
        source_type: 'stripe',
        identifier: account.id,
        external_id: account.id,
        credential_kind: 'secret_key',
        active: true,
        deleting_at: null,
      }),
    ]);
    const sealed = rows[0]?.credential_secret as string;
    expect(sealed).not.toContain(account.secret_key);
    expect(api.secretBox.open(sealed, client.environmentId, sealedPlace('accountCredential', rows[0]?.id as string))).toBe(
      account.secret_key,
    );
    expect(api.logs()).not.toContain(account.secret_key);
    // The verification's `created` is kept: the loader's plan starts from it without asking again.
    const provider = (await (
      await fetch(`${emulator.baseUrl}/v1/account`, { headers: { authorization: `Bearer ${account.secret_key}` } })
    ).json()) as { created: number };
    expect(Number((await api.knex(TABLES.accounts).where({ id: rows[0]?.id }).first('provider_created')).provider_created)).toBe(
      provider.created,
    );
    const audit = await api.knex(TABLES.auditLog).where({ environment_id: client.environmentId, action: 'account.registered' }).first();
    expect(audit).toMatchObject({ actor: `client:${client.clientId}`, target: `stripe/${account.id}` });
    expect(JSON.stringify(audit)).not.toContain(account.secret_key);
  });

  it('registers an account connected to the app, with a custom identifier and a restricted key later', async () => {
    const { client, source } = await clientWithSource();
    const connected = await emulator.createAccount({ connected_to: source.platform.id });
    const first = await post(client, {
      sourceType: 'stripe',
      credential: { accountId: connected.id },
      identifier: 'customer-42@shop.example',
    }).expect(200);
    expect(first.body).toEqual({ account: { external_id: connected.id, identifier: 'customer-42@shop.example' }, already_existed: false });
    const [row] = await accountRows(api.knex, client.environmentId);
    expect(row).toMatchObject({ credential_kind: 'connected_account', credential_secret: null, identifier: 'customer-42@shop.example' });

    // Same identity, source and external_id: already existed; the new credential replaces the old.
    const again = await post(client, {
      sourceType: 'stripe',
      credential: connected.restricted_key,
      identifier: 'customer-42@shop.example',
    }).expect(200);
    expect(again.body).toEqual({ account: { external_id: connected.id, identifier: 'customer-42@shop.example' }, already_existed: true });
    const [replaced] = await accountRows(api.knex, client.environmentId);
    expect(replaced).toMatchObject({ id: row?.id, credential_kind: 'secret_key' });
    expect(
      api.secretBox.open(replaced?.credential_secret as string, client.environmentId, sealedPlace('accountCredential', row?.id as string)),
    ).toBe(connected.restricted_key);
    const replacements = await api
      .knex(TABLES.auditLog)
      .where({ environment_id: client.environmentId, action: 'account.credential_replaced' });
    expect(replacements).toHaveLength(1);
  });

  it('keeps an inactive account inactive when it registers again', async () => {
    const { client } = await clientWithSource();
    const account = await emulator.createAccount();
    await post(client, { sourceType: 'stripe', credential: account.secret_key }).expect(200);
    await api.knex(TABLES.accounts).where({ environment_id: client.environmentId }).update({ active: false });
    await post(client, { sourceType: 'stripe', credential: account.secret_key }).expect(200, {
      account: { external_id: account.id, identifier: account.id },
      already_existed: true,
    });
    expect((await accountRows(api.knex, client.environmentId))[0]).toMatchObject({ active: false });
    // The same key again is no credential change: nothing to audit.
    const actions = await api.knex(TABLES.auditLog).where({ environment_id: client.environmentId }).pluck('action');
    expect(actions.filter((action: string) => action.startsWith('account.'))).toEqual(['account.registered']);
  });

  it('refuses an identifier that belongs to another provider account', async () => {
    const { client } = await clientWithSource();
    const [a, b] = await Promise.all([emulator.createAccount(), emulator.createAccount()]);
    await post(client, { sourceType: 'stripe', credential: a?.secret_key, identifier: 'shop-1' }).expect(200);
    const res = await post(client, { sourceType: 'stripe', credential: b?.secret_key, identifier: 'shop-1' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'identifier_taken',
      param: 'identifier',
      message: `The identifier "shop-1" already belongs to another Stripe account (${a?.id}) of this environment. Choose another identifier, or delete that account first.`,
    });
    expect(await accountRows(api.knex, client.environmentId)).toHaveLength(1);
  });

  it('refuses the same identity under another source, naming app when several sources exist', async () => {
    const { client, source } = await clientWithSource('shop_a');
    const other = await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'shop_b');
    const account = await emulator.createAccount();
    const ambiguous = await post(client, { sourceType: 'stripe', credential: account.secret_key }).expect(400);
    expect(ambiguous.body).toEqual({
      type: 'invalid_request_error',
      code: 'app_required',
      param: 'app',
      message: 'This environment has 2 Stripe sources ("shop_a", "shop_b"); name the one to use in app.',
    });
    await post(client, { sourceType: 'stripe', credential: account.secret_key, app: source.name }).expect(200);
    const res = await post(client, { sourceType: 'stripe', credential: account.secret_key, app: other.name }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'identifier_taken',
      param: 'credential',
      message: `The identifier "${account.id}" is already registered under another Stripe source of this environment. Give this account an identifier of its own, or delete that account first.`,
    });
    const unknown = await post(client, { sourceType: 'stripe', credential: account.secret_key, app: 'nope' }).expect(400);
    expect(unknown.body).toEqual({
      type: 'invalid_request_error',
      code: 'unknown_app',
      param: 'app',
      message: 'This environment has no Stripe source named "nope". Its Stripe sources are "shop_a", "shop_b".',
    });
  });

  it('says what to fix when the environment has no source, the key is wrong, or the account is not connected', async () => {
    const client = await newClient(api);
    const account = await emulator.createAccount();
    const noSource = await post(client, { sourceType: 'stripe', credential: account.secret_key }).expect(400);
    expect(noSource.body).toEqual({
      type: 'invalid_request_error',
      code: 'no_source',
      param: 'sourceType',
      message: 'This environment has no Stripe source. Create one in the dashboard (Sources) before registering Stripe accounts.',
    });

    await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    const badKey = await post(client, { sourceType: 'stripe', credential: 'sk_test_0000000000000000000000' }).expect(400);
    expect(badKey.body).toMatchObject({ type: 'invalid_request_error', code: 'invalid_credential', param: 'credential' });
    expect(badKey.body.message).toMatch(/^Stripe rejected the key: .+ Send the account's own secret key/);
    expect(JSON.stringify(badKey.body)).not.toContain('sk_test_0000000000000000000000');

    const stranger = await emulator.createAccount();
    const notConnected = await post(client, { sourceType: 'stripe', credential: { accountId: stranger.id } }).expect(400);
    expect(notConnected.body).toMatchObject({ type: 'invalid_request_error', code: 'account_not_connected', param: 'credential' });
    expect(notConnected.body.message).toContain(`Stripe account ${stranger.id} is not connected to the app of source`);
    expect(await accountRows(api.knex, client.environmentId)).toEqual([]);
  });

  it('refuses a key of the other mode than the source, storing nothing', async () => {
    const { client, source } = await clientWithSource('live_shop');
    await api.knex(TABLES.sources).where({ id: source.id }).update({ livemode: true });
    const account = await emulator.createAccount();
    const res = await post(client, { sourceType: 'stripe', credential: account.secret_key }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'livemode_mismatch',
      param: 'credential',
      message: 'The credential is a test-mode key, but source "live_shop" is live-mode. Use a live-mode key.',
    });
    expect(await accountRows(api.knex, client.environmentId)).toEqual([]);
  });

  it('answers 50 identical parallel registrations with one account and 49 already_existed', async () => {
    const { client } = await clientWithSource();
    const account = await emulator.createAccount();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(client, { sourceType: 'stripe', credential: account.secret_key, identifier: 'racer' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(results.filter((r) => r.body.already_existed === false)).toHaveLength(1);
    expect(results.filter((r) => r.body.already_existed === true)).toHaveLength(49);
    const rows = await accountRows(api.knex, client.environmentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identifier: 'racer', external_id: account.id });
  });
});

describe('POST /accounts with the provider unreachable', () => {
  it('answers 503 provider_unreachable and stores nothing', async () => {
    const offline = await startApiTestApp();
    try {
      const client = await newClient(offline);
      await insertSource(offline.knex, offline.secretBox, emulator, client.environmentId);
      const res = await request(offline.baseUrl)
        .post('/accounts')
        .set('Authorization', client.authorization)
        .send({ sourceType: 'stripe', credential: 'sk_test_1234567890abcdef' })
        .expect(503);
      expect(res.body).toMatchObject({ type: 'api_error', code: 'provider_unreachable' });
      expect(res.body.message).toMatch(/^Stripe could not be reached to verify the credential .*nothing was registered\. Retry shortly\.$/);
      expect(res.headers['retry-after']).toBe('5');
      expect(await accountRows(offline.knex, client.environmentId)).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
