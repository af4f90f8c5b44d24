import request from 'supertest';
import { createAuth, SESSION_COOKIE } from '@datasync/auth';
import { parseMasterKeys } from '@datasync/crypto';
import { TABLES } from '@datasync/db';
import { closeTestKnex } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';

// Every endpoint of the Accounts API, called by each kind of caller, with the outcome of its
// authentication asserted exactly: client credentials of either scope are let in (the spec's
// Basic auth), a dashboard session is not a credential here. An endpoint missing from the table
// fails the test. The Link pages (/link/…) are outside the API: their URL is their credential.

type Caller = 'anonymous' | 'accountsKey' | 'adminKey' | 'session';
type Outcome = 'in' | '401' | '403';
type Access = Record<Caller, Outcome>;

const PUBLIC: Access = { anonymous: 'in', accountsKey: 'in', adminKey: 'in', session: 'in' };
const CLIENT: Access = { anonymous: '401', accountsKey: 'in', adminKey: 'in', session: '401' };

const POLICY: Record<string, Access> = {
  'GET /openapi.json': PUBLIC,
  'GET /docs': PUBLIC,
  'POST /accounts': CLIENT,
  'GET /accounts': CLIENT,
  'POST /sources/{sourceName}/accounts': CLIENT,
  'GET /accounts/{source_type}/{identifier}': CLIENT,
  'PUT /accounts/{source_type}/{identifier}': CLIENT,
  'DELETE /accounts/{source_type}/{identifier}': CLIENT,
  'POST /accounts/{source_type}/{identifier}/resync': CLIENT,
  'POST /accounts/{source_type}/{identifier}/verify': CLIENT,
  'POST /link_sessions': CLIENT,
  'GET /link_sessions': CLIENT,
  'GET /link_sessions/{id}': CLIENT,
  'POST /link_sessions/{id}/revoke': CLIENT,
  'POST /webhook_endpoints': CLIENT,
  'GET /webhook_endpoints': CLIENT,
  'GET /webhook_endpoints/{id}': CLIENT,
  'POST /webhook_endpoints/{id}': CLIENT,
  'DELETE /webhook_endpoints/{id}': CLIENT,
  'GET /webhook_endpoints/{id}/deliveries': CLIENT,
  'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/retry': CLIENT,
};

let api: ApiTestApp;

beforeAll(async () => {
  api = await startApiTestApp();
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

function outcome(res: request.Response): Outcome | string {
  if (res.status === 401) return '401';
  if (res.status === 403 && (res.body as { code?: string }).code === 'insufficient_scope') return '403';
  if (res.status === 403 || res.status === 429 || res.status >= 500) return `${res.status} ${JSON.stringify(res.body)}`;
  return 'in';
}

describe('Accounts API access policy', () => {
  it('lets exactly the callers of the table into every endpoint', async () => {
    // A signed-up user with a session, and a credential of each scope in its environment (early access on, for the beta calls).
    const auth = createAuth({
      knex: api.knex,
      masterKeys: parseMasterKeys(api.settings.SECRETS_MASTER_KEYS),
      secureCookies: false,
      SESSION_TTL_HOURS: 1,
      SESSION_IDLE_MINUTES: 30,
      BASIC_AUTH_CACHE_SECONDS: 0,
      passwordScrypt: { N: 2 ** 10, r: 8, p: 1 },
    });
    const suffix = Math.random().toString(36).slice(2);
    const signedUp = await auth.users.signup({
      email: `matrix-${suffix}@example.test`,
      password: 'a long enough password',
      organizationName: `matrix ${suffix}`,
    });
    await api.knex(TABLES.environments).where({ id: signedUp.environment.id }).update({ early_access: true });
    const owner = {
      kind: 'session' as const,
      environmentId: signedUp.environment.id,
      organizationId: signedUp.organization.id,
      userId: signedUp.user.id,
      sessionId: signedUp.session.id,
    };
    const basic = async (scope: 'accounts' | 'admin') => {
      const { credential, clientSecret } = await auth.clientCredentials.create(owner, scope);
      return `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;
    };
    const headers: Record<Caller, Record<string, string>> = {
      anonymous: {},
      accountsKey: { Authorization: await basic('accounts') },
      adminKey: { Authorization: await basic('admin') },
      session: { Cookie: `${SESSION_COOKIE}=${signedUp.session.token}` },
    };

    const document = (await request(api.baseUrl).get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(Object.keys(POLICY).sort());

    const observed: Record<string, Record<Caller, Outcome | string>> = {};
    for (const operation of Object.keys(POLICY)) {
      const [method, template] = operation.split(' ') as [string, string];
      const path = template.replace(/\{[^}]+\}/g, 'made_up');
      const row = {} as Record<Caller, Outcome | string>;
      for (const caller of Object.keys(headers) as Caller[]) {
        const req = (request(api.baseUrl) as unknown as Record<string, (url: string) => request.Test>)[method.toLowerCase()]!(path).set(
          headers[caller],
        );
        row[caller] = outcome(method === 'GET' || method === 'DELETE' ? await req : await req.send({}));
      }
      observed[operation] = row;
    }
    expect(observed).toEqual(POLICY);
  });
});
