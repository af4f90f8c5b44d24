import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp } from '../testing/accessApp';
import { publicRoot } from './publicRoot';

const { app } = buildTestApp(getTestKnex());

afterAll(async () => {
  await closeTestKnex();
});

const STRICT_CSP =
  "default-src 'none';script-src 'self';style-src 'self';img-src 'self';font-src 'self';connect-src 'self';" +
  "manifest-src 'self';form-action 'self';frame-ancestors 'none';base-uri 'none';object-src 'none'";

describe('the dashboard pages', () => {
  it('sends / to the dashboard', async () => {
    const res = await request(app).get('/').expect(302);
    expect(res.headers.location).toBe('/dashboard/');
  });

  it.each(['/dashboard/', '/dashboard', '/dashboard/login', '/dashboard/syncs/stripe_sync/collections/charges'])(
    'answers %s with the app shell under a strict Content-Security-Policy',
    async (page) => {
      const res = await request(app).get(page).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.text).toContain('<script type="module" src="/dashboard/assets/js/app.js"></script>');
    },
  );

  it('serves the scripts and styles, and a 404 for a file that does not exist', async () => {
    const script = await request(app).get('/dashboard/assets/js/app.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toBe(STRICT_CSP);
    await request(app)
      .get('/dashboard/assets/css/dashboard.css')
      .expect(200)
      .expect('content-type', /text\/css/);
    const missing = await request(app).get('/dashboard/assets/js/nope.js').expect(404);
    expect(missing.body).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });

  it('serves the catalog the dropdowns offer, from the engine and provider catalogs', async () => {
    const res = await request(app).get('/dashboard/catalog.json').expect(200);
    const postgres = 'postgres://user:password@host:5432/database';
    expect(res.body.engines).toContainEqual({ name: 'postgres', label: 'PostgreSQL', kind: 'sql', example: postgres, format: postgres });
    expect(res.body.engines).toContainEqual(
      expect.objectContaining({ name: 'mysql', kind: 'sql', example: 'mysql://user:password@host:3306/database' }),
    );
    expect(res.body.engines).toContainEqual({
      name: 's3',
      label: 'S3-compatible storage',
      kind: 'blob',
      example: 's3://access_key:secret@host:443/bucket?prefix=datasync',
      format: 's3://<access key>:<secret>@<host>:<port>/<bucket>?prefix=…&region=…&format=ndjson.gz|parquet',
    });
    const stripe = res.body.providers.find((p: { name: string }) => p.name === 'stripe');
    expect(stripe.fields.map((f: { name: string; secret: boolean }) => [f.name, f.secret])).toEqual([['private_key', true]]);
    expect(stripe.resources).toContainEqual({ name: 'charges', label: 'Charges', table: 'stripe_charges' });
  });

  it('leaves the API alone: its answers stay JSON', async () => {
    const res = await request(app).get('/api/v1/session').expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the database-user help page', () => {
  const sqlBlocks = (text: string, open: RegExp, close: string) =>
    text
      .split(open)
      .slice(1)
      .map((part) => part.slice(0, part.indexOf(close)))
      .filter((block) => /GRANT/.test(block));

  it('shows exactly the GRANTs of docs/destinations.md', async () => {
    const res = await request(app).get('/dashboard/help/database-user').expect(200);
    expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
    const docs = readFileSync(path.resolve(__dirname, '../../../../docs/destinations.md'), 'utf8');
    const fromDocs = sqlBlocks(docs, /```sql\n/, '```').map((b) => b.trimEnd());
    const fromPage = sqlBlocks(res.text, /<pre><code>/, '</code></pre>').map((b) => b.replace(/&amp;/g, '&').trimEnd());
    expect(fromDocs).toHaveLength(2);
    expect(fromPage).toEqual(fromDocs);
  });
});

describe('the access-key help page', () => {
  it("shows exactly the policy of docs/s3.md's recommended access key", async () => {
    const res = await request(app).get('/dashboard/help/s3-access-key').expect(200);
    expect(res.headers['content-security-policy']).toBe(STRICT_CSP);
    const docs = readFileSync(path.resolve(__dirname, '../../../../docs/s3.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Recommended access key'), docs.indexOf('## The connection check'));
    const fromDocs = section.split('```json\n')[1]?.split('```')[0];
    const fromPage = res.text
      .split('<pre><code>')
      .find((block) => block.includes('"Statement"'))
      ?.split('</code></pre>')[0];
    expect(fromDocs).toContain('"s3:ListBucket"');
    expect(fromPage?.trimEnd()).toBe(fromDocs?.trimEnd());
  });
});

describe('the browser code', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );

  // There is no build step to catch a syntax error, and one broken module stops the whole app.
  it.each(
    files(publicRoot())
      .filter((f) => f.endsWith('.js'))
      .map((f) => [path.relative(publicRoot(), f), f]),
  )('%s parses as an ES module', (_name, file) => {
    const check = spawnSync(process.execPath, ['--input-type=module', '--check'], { input: readFileSync(file), encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  // What the CSP and the no-markup rule forbid: nothing may parse strings as HTML or code, or set inline styles.
  it.each(
    files(publicRoot())
      .filter((f) => /\.(js|html)$/.test(f))
      .map((f) => [path.relative(publicRoot(), f), f]),
  )('%s builds pages without markup strings, eval or inline styles', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(
      /\.(inner|outer)HTML\b|insertAdjacentHTML|document\.write|\beval\(|new Function\(|setAttribute\(['"]style|\sstyle=|\.style\./,
    );
    expect(text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(text).not.toMatch(/localStorage|sessionStorage|indexedDB|document\.cookie/);
  });
});
