import request from 'supertest';
import { closeTestKnex, getTestKnex, type TestEmulator } from '@datasync/testing';
import { createCredential, signUp } from '../../testing/accessApp';
import { buildAccountsApp } from '../../testing/accountsApp';

// Every endpoint of config-service, called by each kind of caller, with the outcome of its
// authentication asserted exactly. The table is the access policy: an endpoint missing from it,
// or one that lets a caller in (or keeps one out) against it, fails the test. The handlers' own
// answers (400 for the empty bodies sent here, 404 for the made-up names) count as "let in".

type Caller = 'anonymous' | 'accountsKey' | 'adminKey' | 'session';
type Outcome = 'in' | '401' | '403';
type Access = Record<Caller, Outcome>;

const PUBLIC: Access = { anonymous: 'in', accountsKey: 'in', adminKey: 'in', session: 'in' };
// A session or an admin credential; the Accounts API's credential is authenticated, then refused.
const ADMIN: Access = { anonymous: '401', accountsKey: '403', adminKey: 'in', session: 'in' };
// The session itself: no credential of any scope stands in for a signed-in user.
const SESSION: Access = { anonymous: '401', accountsKey: '401', adminKey: '401', session: 'in' };

const POLICY: Record<string, Access> = {
  'POST /signup': PUBLIC,
  'POST /login': PUBLIC,
  'GET /openapi.json': PUBLIC,
  'POST /logout': SESSION,
  'GET /session': SESSION,
  'POST /environments/current': SESSION,
  'GET /environments': ADMIN,
  'PUT /environments/{name}/early_access': ADMIN,
  'GET /client_credentials': ADMIN,
  'POST /client_credentials': ADMIN,
  'POST /client_credentials/{client_id}/revoke': ADMIN,
  'POST /destinations/check': ADMIN,
  'POST /destinations': ADMIN,
  'GET /destinations': ADMIN,
  'GET /destinations/{name}': ADMIN,
  'DELETE /destinations/{name}': ADMIN,
  'POST /sources': ADMIN,
  'GET /sources': ADMIN,
  'GET /sources/{name}': ADMIN,
  'PATCH /sources/{name}': ADMIN,
  'DELETE /sources/{name}': ADMIN,
  'GET /sources/{name}/webhook': ADMIN,
  'PUT /sources/{name}/webhook_secret': ADMIN,
  'PUT /sources/{name}/webhook_lifecycle': ADMIN,
  'POST /syncs': ADMIN,
  'GET /syncs': ADMIN,
  'GET /syncs/{name}': ADMIN,
  'DELETE /syncs/{name}': ADMIN,
  'POST /syncs/{name}/collections': ADMIN,
  'GET /syncs/{name}/collections': ADMIN,
  'GET /syncs/{name}/collections/{resource_type}': ADMIN,
  'DELETE /syncs/{name}/collections/{resource_type}': ADMIN,
  'GET /syncs/{name}/accounts': ADMIN,
  'POST /syncs/{name}/accounts': ADMIN,
  'PUT /syncs/{name}/accounts/{identifier}': ADMIN,
  'DELETE /syncs/{name}/accounts/{identifier}': ADMIN,
  'POST /syncs/{name}/accounts/{identifier}/verify': ADMIN,
  'GET /webhook_endpoints': ADMIN,
  'POST /webhook_endpoints': ADMIN,
  'DELETE /webhook_endpoints/{id}': ADMIN,
  'POST /webhook_endpoints/{id}': ADMIN,
  'GET /webhook_endpoints/{id}/deliveries': ADMIN,
  'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/retry': ADMIN,
};

const knex = getTestKnex();
// The provider is never reached: every body here is refused before verification.
const { app } = buildAccountsApp(knex, { baseUrl: 'http://127.0.0.1:9' } as TestEmulator);
afterAll(closeTestKnex);

function documentedOperations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function outcome(res: request.Response): Outcome | string {
  if (res.status === 401) return '401';
  if (res.status === 403 && (res.body as { code?: string }).code === 'insufficient_scope') return '403';
  // Any other 403 (a CSRF failure) or a 429 would be the test's own mistake: show it as it is.
  if (res.status === 403 || res.status === 429 || res.status >= 500) return `${res.status} ${JSON.stringify(res.body)}`;
  return 'in';
}

describe('config-service access policy', () => {
  it('lets exactly the callers of the table into every endpoint', async () => {
    const owner = await signUp(app);
    const [accountsKey, adminKey] = [await createCredential(owner), await createCredential(owner, 'admin')];
    const documented = documentedOperations((await request(app).get('/api/v1/openapi.json').expect(200)).body);
    expect(documented.sort()).toEqual(Object.keys(POLICY).sort());

    const observed: Record<string, Record<Caller, Outcome | string>> = {};
    for (const operation of documented) {
      const [method, template] = operation.split(' ') as [string, string];
      const path = template.replace(/\{[^}]+\}/g, 'made_up');
      const call = async (caller: Caller) => {
        let req = (request(app) as unknown as Record<string, (url: string) => request.Test>)[method.toLowerCase()]!(`/api/v1${path}`);
        if (caller === 'accountsKey') req = req.set('Authorization', accountsKey.authorization);
        if (caller === 'adminKey') req = req.set('Authorization', adminKey.authorization);
        if (caller === 'session') {
          // A session of its own per call: POST /logout must not end the one the next call uses.
          const login = await request(app).post('/api/v1/login').send({ email: owner.email, password: owner.password }).expect(200);
          const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0] as string;
          req = req.set('Cookie', cookie).set('X-CSRF-Token', login.body.csrf_token as string);
        }
        return outcome(method === 'GET' || method === 'DELETE' ? await req : await req.send({}));
      };
      observed[operation] = {
        anonymous: await call('anonymous'),
        accountsKey: await call('accountsKey'),
        adminKey: await call('adminKey'),
        session: await call('session'),
      };
    }
    expect(observed).toEqual(POLICY);
  });
});
