import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { hashLinkToken } from '../../link/linkToken';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { insertSource, newClient, type TestClient } from '../../testing/fixtures';

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
    .post('/link_sessions')
    .set('Authorization', client.authorization)
    .send(body as object);
const rowsOf = (environmentId: string) => api.knex(TABLES.linkSessions).where({ environment_id: environmentId });

describe('POST /link_sessions', () => {
  it('answers 401 without credentials and creates nothing', async () => {
    const res = await request(api.baseUrl)
      .post('/link_sessions')
      .send({ sourceType: 'stripe', return_url: 'https://example.com/done' })
      .expect(401);
    expect(res.body).toEqual({
      type: 'authentication_error',
      message: 'Missing Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
    });
    expect(res.headers['www-authenticate']).toBe('Basic realm="datasync", charset="UTF-8"');
  });

  it('names every bad field in one 400', async () => {
    const client = await newClient(api);
    const res = await post(client, {
      source: 'Bad Name',
      sourceType: 'paypal',
      identifier: '-x',
      return_url: 'ftp://example.com',
      extra: true,
    }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'source',
      message: expect.any(String),
      errors: [
        { param: 'source', message: 'source must be a source name: 1-63 lowercase letters, digits and underscores' },
        { param: 'sourceType', message: 'sourceType must be one of: stripe' },
        {
          param: 'identifier',
          message:
            'identifier is invalid: an identifier is 1-255 characters: letters, digits, and _ . @ - (not first), starting with a letter or digit',
        },
        {
          param: 'return_url',
          message: 'return_url must be an https URL (or http on localhost or 127.0.0.1) without a #fragment or user:password@',
        },
        { param: 'extra', message: 'extra is not allowed' },
      ],
    });
    expect(await rowsOf(client.environmentId)).toEqual([]);
  });

  it('requires a source or a sourceType, and a return_url', async () => {
    const client = await newClient(api);
    const res = await post(client, {}).expect(400);
    expect(res.body.errors).toEqual([
      { param: 'sourceType', message: 'sourceType is required when source is not given: name the source, or give its type' },
      { param: 'return_url', message: 'return_url is required' },
    ]);
  });

  it.each([
    ['plain http elsewhere', 'http://example.com/done'],
    ['a fragment', 'https://example.com/done#x'],
    ['user:password@', 'https://user:pw@example.com/done'],
  ])('refuses a return_url with %s', async (_case, returnUrl) => {
    const client = await newClient(api);
    const res = await post(client, { sourceType: 'stripe', return_url: returnUrl }).expect(400);
    expect(res.body.errors).toEqual([
      {
        param: 'return_url',
        message: 'return_url must be an https URL (or http on localhost or 127.0.0.1) without a #fragment or user:password@',
      },
    ]);
  });

  it('refuses plain http on localhost in production', async () => {
    const production = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, settings: { NODE_ENV: 'production' } });
    try {
      const client = await newClient(production);
      const res = await request(production.baseUrl)
        .post('/link_sessions')
        .set('Authorization', client.authorization)
        .send({ sourceType: 'stripe', return_url: 'http://localhost:3000/done' })
        .expect(400);
      expect(res.body.errors).toEqual([
        { param: 'return_url', message: 'return_url must be an https URL without a #fragment or user:password@' },
      ]);
    } finally {
      await production.close();
    }
  });

  it('says which source is meant when none or several match', async () => {
    const client = await newClient(api);
    const none = await post(client, { sourceType: 'stripe', return_url: 'https://example.com/done' }).expect(400);
    expect(none.body).toEqual({
      type: 'invalid_request_error',
      code: 'no_source',
      param: 'sourceType',
      message: 'This environment has no Stripe source. Create one in the dashboard (Sources) first.',
    });
    const unknown = await post(client, { source: 'nope', return_url: 'https://example.com/done' }).expect(400);
    expect(unknown.body).toEqual({
      type: 'invalid_request_error',
      code: 'unknown_source',
      param: 'source',
      message: 'This environment has no source named "nope".',
    });
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'alpha');
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'beta');
    const several = await post(client, { sourceType: 'stripe', return_url: 'https://example.com/done' }).expect(400);
    expect(several.body).toEqual({
      type: 'invalid_request_error',
      code: 'source_required',
      param: 'source',
      message: 'This environment has 2 Stripe sources ("alpha", "beta"); name the one to use in source.',
    });
    expect(await rowsOf(client.environmentId)).toEqual([]);
  });

  it('creates a session whose URL holds a token that is stored only as a hash', async () => {
    const client = await newClient(api);
    const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    const before = Date.now();
    const res = await post(client, { source: source.name, identifier: 'customer-42', return_url: 'http://127.0.0.1:3000/back?x=1' }).expect(
      200,
    );
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: expect.stringMatching(new RegExp(`^${api.baseUrl}/link/lnk_[0-9a-f]{48}$`)),
      source: source.name,
      source_type: 'stripe',
      identifier: 'customer-42',
      return_url: 'http://127.0.0.1:3000/back?x=1',
      status: 'open',
      expires_at: expect.any(String),
      created_at: expect.any(String),
      completed_at: null,
      revoked_at: null,
      account: null,
    });
    const validFor = Date.parse(res.body.expires_at) - before;
    expect(validFor).toBeGreaterThan(29 * 60_000);
    expect(validFor).toBeLessThanOrEqual(30 * 60_000 + 5_000);

    const token = String(res.body.url).split('/link/')[1] as string;
    const [row] = await rowsOf(client.environmentId);
    expect(row).toMatchObject({
      id: res.body.id,
      source_id: source.id,
      client_id: client.clientId,
      identifier: 'customer-42',
      token_hash: hashLinkToken(token),
    });
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = await api.knex(TABLES.auditLog).where({ environment_id: client.environmentId, action: 'link_session.created' });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(api.logs()).not.toContain(token);
  });

  it('resolves the source from sourceType alone, and builds the URL on LINK_PUBLIC_URL when set', async () => {
    const withPublicUrl = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      settings: { LINK_PUBLIC_URL: 'https://connect.example.com/' },
    });
    try {
      const client = await newClient(withPublicUrl);
      const source = await insertSource(withPublicUrl.knex, withPublicUrl.secretBox, emulator, client.environmentId);
      const res = await request(withPublicUrl.baseUrl)
        .post('/link_sessions')
        .set('Authorization', client.authorization)
        .send({ sourceType: 'stripe', return_url: 'https://example.com/done' })
        .expect(200);
      expect(res.body).toMatchObject({
        source: source.name,
        identifier: null,
        url: expect.stringMatching(/^https:\/\/connect\.example\.com\/link\/lnk_[0-9a-f]{48}$/),
      });
    } finally {
      await withPublicUrl.close();
    }
  });

  it('replays the same session for the same Idempotency-Key', async () => {
    const client = await newClient(api);
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
    const body = { sourceType: 'stripe', return_url: 'https://example.com/done' };
    const first = await post(client, body).set('Idempotency-Key', 'link-1').expect(200);
    const again = await post(client, body).set('Idempotency-Key', 'link-1').expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowsOf(client.environmentId)).toHaveLength(1);
    // What Redis keeps for the replay holds no usable link URL.
    const token = /lnk_[A-Za-z0-9_-]+/.exec(first.body.url as string)?.[0] as string;
    expect(token).toBeDefined();
    const kept = await Promise.all((await api.redis.keys(`${api.settings.API_REDIS_PREFIX}:idem:*`)).map((key) => api.redis.get(key)));
    expect(kept.length).toBeGreaterThan(0);
    for (const value of kept) expect(value).not.toContain(token);
  });
});
