import fc from 'fast-check';
import { errorBodySchema, type OpenApiDocument } from '@datasync/openapi';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../testing/fixtures';
import { rawRequest } from '../testing/http';

// Thousands of generated requests at every endpoint. Whatever comes in, the answer has a
// documented status and the documented error shape, and no account row appears or changes.
// Two environments: `open` has early access and no accounts (toggle/delete find nothing to
// change), `closed` has accounts and no early access (toggle/delete are refused).

const SEED = 20261122;
const RUNS = 2000;

let emulator: TestEmulator;
let api: ApiTestApp;
let open: TestClient;
let closed: TestClient;
let identifiers: string[];
let document: OpenApiDocument;

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl });
  [open, closed] = await Promise.all([newClient(api, { earlyAccess: true }), newClient(api, { earlyAccess: false })]);
  await insertSource(api.knex, api.secretBox, emulator, open.environmentId, 'shop');
  await insertSource(api.knex, api.secretBox, emulator, closed.environmentId, 'shop');
  identifiers = [];
  for (const name of ['alpha', 'beta']) {
    const account = await emulator.createAccount();
    const res = await rawRequest(api.baseUrl, {
      method: 'POST',
      path: '/accounts',
      headers: { authorization: closed.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ sourceType: 'stripe', credential: account.secret_key, identifier: name }),
    });
    expect(res.status).toBe(200);
    identifiers.push(name);
  }
  document = (await rawRequest(api.baseUrl, { method: 'GET', path: '/openapi.json' })).json as OpenApiDocument;
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });
const anyText = fc.oneof(printable, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 400 }));

const segment = fc.oneof(
  fc.constantFrom('stripe', 'alpha', 'beta', 'shop', 'acct_1', 'x', '', '..', '%FF', '%E0%A4%A', '%2F', '%00', '%25', 'a%20b'),
  anyText.map(encodeURIComponent),
  fc.integer({ min: 256, max: 4000 }).map((n) => 'a'.repeat(n)),
);

const path = fc.oneof(
  fc.constant('/accounts'),
  fc.tuple(segment, segment).map(([t, i]) => `/accounts/${t}/${i}`),
  segment.map((s) => `/sources/${s}/accounts`),
  segment.map((s) => `/accounts/${s}`),
  segment.map((s) => `/${s}`),
  fc.constantFrom('/openapi.json', '/docs', '/accounts/stripe/alpha', '/accounts/stripe/beta', '/sources/shop/accounts'),
);

const query = fc
  .option(
    fc.dictionary(
      fc.oneof(fc.constantFrom('limit', 'starting_after', 'source_type', 'active', 'status'), printable),
      fc.oneof(printable, fc.constantFrom('0', '101', 'true', 'stripe/alpha', '%FF')),
    ),
    { nil: undefined },
  )
  .map((q) =>
    q
      ? `?${Object.entries(q)
          .map(([k, v]) => `${encodeURIComponent(k)}=${v === '%FF' ? v : encodeURIComponent(v)}`)
          .join('&')}`
      : '',
  );

const credentialValue = fc.oneof(
  anyText,
  fc.constantFrom('sk_test_12345678abcdefgh', 'rk_live_abcdefgh12345678'),
  fc.record({ accountId: fc.oneof(anyText, fc.constant('acct_nonexistent1')) }),
  fc.jsonValue(),
);

const bodyObject = fc.oneof(
  fc.record(
    {
      sourceType: fc.oneof(fc.constant('stripe'), anyText),
      credential: credentialValue,
      app: fc.oneof(fc.constant('shop'), anyText),
      identifier: fc.oneof(fc.constant('alpha'), anyText),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      credentials: fc.oneof(
        fc.record(
          { type: fc.oneof(fc.constant('stripe-app'), anyText), accountId: fc.oneof(fc.constant('acct_nonexistent1'), anyText) },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record({ active: fc.jsonValue() }, { requiredKeys: [] }),
  fc.dictionary(anyText, fc.jsonValue(), { maxKeys: 4 }),
);

const body = fc.oneof(
  fc.constant(undefined),
  bodyObject.map((b) => Buffer.from(JSON.stringify(b))),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  anyText.map((t) => Buffer.from(t)),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

type Who = 'open' | 'closed' | 'none' | 'garbage' | 'nocolon' | 'wrong';
const who = fc.constantFrom<Who>('open', 'closed', 'open', 'closed', 'none', 'garbage', 'nocolon', 'wrong');
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json',
  'text/plain',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=x',
  'application/merge-patch+json',
);

const requests = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
  path,
  query,
  body,
  who,
  contentType,
  garbage: printable,
  idempotencyKey: fc.option(fc.oneof(printable, fc.uuid()), { nil: undefined }),
});

function authorization(kind: Who, garbage: string): string | undefined {
  switch (kind) {
    case 'open':
      return open.authorization;
    case 'closed':
      return closed.authorization;
    case 'none':
      return undefined;
    case 'garbage':
      return garbage;
    case 'nocolon':
      return `Basic ${Buffer.from(garbage.replace(/:/g, '') || 'x').toString('base64')}`;
    case 'wrong':
      return `Basic ${Buffer.from(`${closed.clientId}:${garbage}`).toString('base64')}`;
  }
}

// What the document lists for the operation, plus what it says any operation may answer
// (`default`: 404, 405, 413, 415, 429) and the 400 for a body that is not JSON, which is refused
// before routing, on any path. 500 and 503 are not expected: every dependency is up.
function documentedStatuses(method: string, requestPath: string): Set<number> {
  const allowed = new Set([400, 404, 405, 413, 415, 429]);
  for (const [template, methods] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]*')}/?$`);
    if (!pattern.test(requestPath.split('?')[0] as string)) continue;
    const op = methods[method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()];
    for (const status of Object.keys(op?.responses ?? {})) if (status !== 'default') allowed.add(Number(status));
  }
  return allowed;
}

describe('generated requests', () => {
  it(`answer ${RUNS} requests with documented statuses and bodies, changing no row`, async () => {
    const before = await Promise.all([accountRows(api.knex, open.environmentId), accountRows(api.knex, closed.environmentId)]);
    expect(before[1]).toHaveLength(2);
    await fc.assert(
      fc.asyncProperty(requests, async (r) => {
        const headers: Record<string, string> = {};
        const auth = authorization(r.who, r.garbage);
        if (auth !== undefined) headers.authorization = auth;
        if (r.contentType !== undefined && r.body !== undefined) headers['content-type'] = r.contentType;
        if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
        const res = await rawRequest(api.baseUrl, { method: r.method, path: `${r.path}${r.query}`, headers, body: r.body });
        const allowed = documentedStatuses(r.method, r.path);
        if (!allowed.has(res.status))
          throw new Error(`status ${res.status} is not documented for ${r.method} ${r.path.slice(0, 80)}: ${res.text.slice(0, 300)}`);
        if (r.method === 'HEAD') return;
        if (res.status >= 400) {
          const invalid = errorBodySchema.validate(res.json).error;
          if (invalid) throw new Error(`error body does not match the schema (${invalid.message}): ${res.text.slice(0, 300)}`);
          if (/\bat .+\.(ts|js):\d+/.test(res.text)) throw new Error(`a stack trace leaked: ${res.text.slice(0, 300)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const after = await Promise.all([accountRows(api.knex, open.environmentId), accountRows(api.knex, closed.environmentId)]);
    expect(after).toEqual(before);
    expect(api.logs()).not.toMatch(/"level":"error"/);
  });
});
