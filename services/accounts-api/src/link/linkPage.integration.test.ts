import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, startEmulator, type EmulatorAccount, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient, type TestSource } from '../testing/fixtures';

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

const RETURN_URL = 'https://integrator.example.com/back?from=link';

interface Link {
  client: TestClient;
  source: TestSource;
  id: string;
  token: string;
  path: string;
}

/** A client, a source (with the app's OAuth client id unless told otherwise) and an open link session. */
async function newLink(options: { identifier?: string; oauth?: boolean } = {}): Promise<Link> {
  const client = await newClient(api);
  const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  if (options.oauth !== false) {
    const { client_id } = (await (await fetch(`${emulator.baseUrl}/_emulator/accounts/${source.platform.id}`)).json()) as {
      client_id: string;
    };
    await api.knex(TABLES.sources).where({ id: source.id }).update({ oauth_client_id: client_id });
  }
  const res = await request(api.baseUrl)
    .post('/link_sessions')
    .set('Authorization', client.authorization)
    .send({ source: source.name, identifier: options.identifier, return_url: RETURN_URL })
    .expect(200);
  const path = new URL(res.body.url as string).pathname;
  return { client, source, id: res.body.id as string, token: path.slice('/link/'.length), path };
}

function csrfOf(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no csrf_token in the page');
  return match[1];
}

async function openPage(link: Link) {
  const page = await request(api.baseUrl).get(link.path).expect(200);
  return { page, csrf: csrfOf(page.text) };
}

const sessionRow = (id: string) => api.knex(TABLES.linkSessions).where({ id }).first();
const postKey = (link: Link, fields: Record<string, string>) =>
  request(api.baseUrl).post(`${link.path}/key`).type('form').redirects(0).send(fields);

/** The connect button, then the emulator's consent form answered with `decision`: where the provider sends the browser back. */
async function consent(link: Link, decision: 'approve' | 'deny'): Promise<{ callback: string; cookie: string }> {
  const { csrf } = await openPage(link);
  const start = await request(api.baseUrl).post(`${link.path}/connect`).type('form').redirects(0).send({ csrf_token: csrf }).expect(303);
  const authorize = new URL(start.headers.location as string);
  const cookie = (start.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
  const answer = await fetch(`${emulator.baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), decision }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return { callback: answer.headers.get('location') as string, cookie };
}

const followCallback = (callback: string, cookie?: string) => {
  const url = new URL(callback);
  const req = request(api.baseUrl).get(`${url.pathname}${url.search}`).redirects(0);
  return cookie ? req.set('Cookie', cookie) : req;
};

describe('the Link page', () => {
  it('names the organization and the provider, under a strict CSP, uncached, without referrer', async () => {
    const link = await newLink();
    const org = (await api.knex(TABLES.organizations).where({ id: link.client.organizationId }).first()) as { name: string };
    const { page, csrf } = await openPage(link);
    expect(page.text).toContain(`Connect your Stripe account to ${org.name}`);
    expect(page.text).toContain('Connect with Stripe');
    expect(page.text).toContain('Test mode');
    expect(page.text).not.toContain('<script');
    expect(page.text).not.toContain(' style=');
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self'; " +
        `form-action 'self' https://integrator.example.com ${emulator.baseUrl}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const css = await request(api.baseUrl).get('/link/assets/link.css').expect(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('offers only the pasted key when the source has no OAuth client id', async () => {
    const link = await newLink({ oauth: false });
    const { page, csrf } = await openPage(link);
    expect(page.text).not.toContain('Connect with Stripe');
    expect(page.text).toContain('Paste a restricted key');
    const start = await request(api.baseUrl).post(`${link.path}/connect`).type('form').send({ csrf_token: csrf }).expect(400);
    expect(start.text).toContain('Connecting through Stripe is not available here');
  });

  it.each([
    ['unknown', 'lnk_000000000000000000000000000000000000000000000000'],
    ['malformed', 'lnk_nope'],
  ])('answers a token that is %s with a page that says the link is not valid', async (_case, token) => {
    const res = await request(api.baseUrl).get(`/link/${token}`).expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('This link is not valid');
    const post = await request(api.baseUrl).post(`/link/${token}/key`).type('form').send({ key: 'sk_test_abcdefgh1234' }).expect(404);
    expect(post.text).toContain('This link is not valid');
  });

  it('answers an expired link with its page, and a return link that says so', async () => {
    const link = await newLink();
    await api
      .knex(TABLES.linkSessions)
      .where({ id: link.id })
      .update({ expires_at: api.knex.raw("now() - interval '1 second'") });
    const res = await request(api.baseUrl).get(link.path).expect(410);
    expect(res.text).toContain('This link has expired');
    expect(res.text).toContain(
      `https://integrator.example.com/back?from=link&amp;status=error&amp;reason=link_expired&amp;link_session=${link.id}`,
    );
  });
});

describe('the pasted key', () => {
  it('registers the account, completes the session once and returns with the identifier', async () => {
    const link = await newLink({ identifier: 'customer-7' });
    const customer = await emulator.createAccount();
    const { csrf } = await openPage(link);
    const res = await postKey(link, { csrf_token: csrf, key: customer.restricted_key }).expect(303);
    expect(res.headers.location).toBe(
      `https://integrator.example.com/back?from=link&status=connected&identifier=customer-7&link_session=${link.id}`,
    );
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([
      expect.objectContaining({
        identifier: 'customer-7',
        external_id: customer.id,
        source_id: link.source.id,
        credential_kind: 'secret_key',
      }),
    ]);
    expect(await sessionRow(link.id)).toMatchObject({
      account_identifier: 'customer-7',
      account_external_id: customer.id,
      claimed_until: null,
    });

    const again = await postKey(link, { csrf_token: csrf, key: customer.restricted_key }).expect(410);
    expect(again.text).toContain('This link has already been used');
    const status = await request(api.baseUrl).get(`/link_sessions/${link.id}`).set('Authorization', link.client.authorization).expect(200);
    expect(status.body).toMatchObject({ status: 'completed', account: { external_id: customer.id, identifier: 'customer-7' } });
    const logs = api.logs();
    // The request log prints the page's path: masked, not left out.
    expect(logs).toContain('lnk_[REDACTED]');
    for (const secret of [link.token, customer.restricted_key, csrf]) expect(logs).not.toContain(secret);
  });

  it('shows what to fix for a refused key and changes nothing', async () => {
    const link = await newLink();
    const { csrf } = await openPage(link);
    const res = await postKey(link, { csrf_token: csrf, key: 'rk_test_000000000000000000' }).expect(400);
    expect(res.text).toContain('Stripe did not accept this key.');
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).not.toContain('rk_test_000000000000000000');
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    expect(await sessionRow(link.id)).toMatchObject({ completed_at: null, claimed_until: null });
    // The form works again with the CSRF token of the re-rendered page.
    const customer = await emulator.createAccount();
    await postKey(link, { csrf_token: csrfOf(res.text), key: customer.secret_key }).expect(303);
  });

  it('closes a link after LINK_KEY_ATTEMPTS refused keys: even the right key is then refused, and a new link works', async () => {
    const link = await newLink();
    let { csrf } = await openPage(link);
    for (let i = 1; i < 5; i += 1) {
      const res = await postKey(link, { csrf_token: csrf, key: `rk_test_00000000000000000${i}` }).expect(400);
      csrf = csrfOf(res.text);
    }
    const last = await postKey(link, { csrf_token: csrf, key: 'rk_test_000000000000000009' }).expect(410);
    expect(last.text).toContain('This link can no longer be used');
    expect(last.text).toContain('reason=too_many_attempts');
    expect(await sessionRow(link.id)).toMatchObject({ failed_key_attempts: 5, completed_at: null, claimed_until: null });
    const customer = await emulator.createAccount();
    const refused = await postKey(link, { csrf_token: csrf, key: customer.secret_key }).expect(410);
    expect(refused.text).toContain('This link can no longer be used');
    expect((await request(api.baseUrl).get(link.path).expect(410)).text).toContain('This link can no longer be used');
    const status = await request(api.baseUrl).get(`/link_sessions/${link.id}`).set('Authorization', link.client.authorization).expect(200);
    expect(status.body.status).toBe('revoked');
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    const fresh = await newLink();
    const { csrf: freshCsrf } = await openPage(fresh);
    await postKey(fresh, { csrf_token: freshCsrf, key: customer.secret_key }).expect(303);
  });

  it('refuses keys from a client address past LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR, across links, before asking the provider', async () => {
    const limited = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      settings: { LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR: 3, TRUSTED_PROXIES: 'loopback' },
    });
    try {
      const client = await newClient(limited);
      const source = await insertSource(limited.knex, limited.secretBox, emulator, client.environmentId);
      const openLink = async () => {
        const created = await request(limited.baseUrl)
          .post('/link_sessions')
          .set('Authorization', client.authorization)
          .send({ source: source.name, return_url: RETURN_URL })
          .expect(200);
        const path = new URL(created.body.url as string).pathname;
        const page = await request(limited.baseUrl).get(path).expect(200);
        return { path, csrf: csrfOf(page.text) };
      };
      const submit = (link: { path: string; csrf: string }, address: string, key: string) =>
        request(limited.baseUrl)
          .post(`${link.path}/key`)
          .set('X-Forwarded-For', address)
          .type('form')
          .redirects(0)
          .send({ csrf_token: link.csrf, key });
      // Three links, one refused key each, from hosts of one IPv6 /64.
      for (let i = 0; i < 3; i += 1) await submit(await openLink(), `2001:db8:5:6::${i + 1}`, 'rk_test_000000000000000001').expect(400);
      const customer = await emulator.createAccount();
      const next = await openLink();
      const refused = await submit(next, '2001:db8:5:6::99', customer.secret_key).expect(429);
      expect(refused.text).toContain('Too many attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await accountRows(limited.knex, client.environmentId)).toEqual([]);
      // Another address is not affected, on the same link.
      await submit(next, '198.51.100.20', customer.secret_key).expect(303);
    } finally {
      await limited.close();
    }
  });

  it('refuses a form without the CSRF token of its session', async () => {
    const link = await newLink();
    const other = await newLink();
    const customer = await emulator.createAccount();
    const { csrf: otherCsrf } = await openPage(other);
    const forms: Record<string, string>[] = [{ key: customer.secret_key }, { csrf_token: otherCsrf, key: customer.secret_key }];
    for (const fields of forms) {
      const res = await postKey(link, fields).expect(403);
      expect(res.text).toContain('This form has expired');
    }
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
  });

  it('answers a form of too many fields with an error page, not a 500, and changes nothing', async () => {
    const link = await newLink();
    const fields = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x']));
    const res = await postKey(link, fields).expect(413);
    expect(res.text).toContain('Something went wrong');
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    expect(api.logs()).not.toContain('link page failed');
  });

  it('lets one of two simultaneous submissions use the link', async () => {
    const link = await newLink();
    const [a, b] = (await Promise.all([emulator.createAccount(), emulator.createAccount()])) as [EmulatorAccount, EmulatorAccount];
    const { csrf } = await openPage(link);
    const results = await Promise.all([
      postKey(link, { csrf_token: csrf, key: a.secret_key }),
      postKey(link, { csrf_token: csrf, key: b.secret_key }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([303, expect.any(Number)]);
    expect([409, 410]).toContain(results.find((r) => r.status !== 303)?.status);
    expect(await accountRows(api.knex, link.client.environmentId)).toHaveLength(1);
  });
});

describe('connecting through the provider', () => {
  it('exchanges the code server-side and registers the connected account', async () => {
    const link = await newLink();
    const { callback, cookie } = await consent(link, 'approve');
    expect(cookie).toMatch(/^datasync_link_state=/);
    const res = await followCallback(callback, cookie).expect(303);
    const location = new URL(res.headers.location as string);
    const externalId = location.searchParams.get('identifier') as string;
    expect(externalId).toMatch(/^acct_/);
    expect(location.searchParams.get('status')).toBe('connected');
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([
      expect.objectContaining({
        identifier: externalId,
        external_id: externalId,
        credential_kind: 'connected_account',
        credential_secret: null,
      }),
    ]);
    expect(await sessionRow(link.id)).toMatchObject({ oauth_state_hash: null, account_external_id: externalId });
    // The same answer again finds no session: its state is spent.
    const replay = await followCallback(callback, cookie).expect(400);
    expect(replay.text).toContain('This sign-in response is not valid');
    const logs = api.logs();
    const state = new URL(callback).searchParams.get('state') as string;
    const code = new URL(callback).searchParams.get('code') as string;
    for (const secret of [link.token, state, code]) expect(logs).not.toContain(secret);
  });

  it('shows a declined consent and keeps the link open', async () => {
    const link = await newLink();
    const { callback, cookie } = await consent(link, 'deny');
    const res = await followCallback(callback, cookie).expect(200);
    expect(res.text).toContain('You chose not to connect');
    expect(res.text).toContain(`status=error&amp;reason=access_denied&amp;link_session=${link.id}`);
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    expect(await sessionRow(link.id)).toMatchObject({ completed_at: null });
    await request(api.baseUrl).get(link.path).expect(200);
  });

  it('refuses an answer that comes without the state cookie, or with a forged state', async () => {
    const link = await newLink();
    const { callback, cookie } = await consent(link, 'approve');
    expect((await followCallback(callback).expect(400)).text).toContain('This sign-in response is not valid');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    await followCallback(forged.toString(), 'datasync_link_state=' + 'A'.repeat(43)).expect(400);
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    // The genuine answer still works afterwards.
    await followCallback(callback, cookie).expect(303);
  });

  it('shows a provider error when the code is refused', async () => {
    const link = await newLink();
    const { callback, cookie } = await consent(link, 'approve');
    const forged = new URL(callback);
    forged.searchParams.set('code', 'ac_forgedforgedforgedforged');
    const res = await followCallback(forged.toString(), cookie).expect(400);
    expect(res.text).toContain('Stripe could not complete the connection');
    expect(res.text).toContain('invalid_grant');
    expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    expect(await sessionRow(link.id)).toMatchObject({ completed_at: null });
  });

  it('shows a provider error when the provider cannot be reached', async () => {
    const offline = await startApiTestApp({
      providerBaseUrl: emulator.baseUrl,
      settings: { PROVIDER_STRIPE_CONNECT_URL: 'http://127.0.0.1:9', SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS },
    });
    try {
      const link = await newLink();
      const { csrf } = await openPage(link);
      const start = await request(offline.baseUrl)
        .post(`${link.path}/connect`)
        .type('form')
        .redirects(0)
        .send({ csrf_token: csrf })
        .expect(303);
      const state = new URL(start.headers.location as string).searchParams.get('state') as string;
      const cookie = (start.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
      const res = await request(offline.baseUrl)
        .get(`/link/oauth/callback?code=ac_somecodesomecode&state=${state}`)
        .set('Cookie', cookie)
        .expect(502);
      expect(res.text).toContain('Stripe did not answer in time');
      expect(await accountRows(api.knex, link.client.environmentId)).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
