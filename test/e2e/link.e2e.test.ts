import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@datasync/testing';
import { launchBrowser, openSession, unexpectedProblems, type BrowserSession } from './support/browser';
import { startLinkStack, startReturnPage, type Integrator, type LinkStack, type ReturnPage } from './support/linkStack';
import { repoRoot } from './support/repo';

// The hosted Link page in a real browser, against the real processes: an integrator creates a
// link session over HTTP, its customer opens the URL, connects (through the emulator's consent
// page, or with a pasted key) and lands on the integrator's return page; the account is then in
// GET /accounts and its rows in the destination. Each way a link can fail gets its own page.

const SCREENSHOTS = path.join(repoRoot, 'test-results', 'link');
const ROWS_MS = 90_000;

let stack: LinkStack;
let integrator: Integrator;
let returnPage: ReturnPage;
let browser: Browser;
let session: BrowserSession;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [stack, returnPage, browser] = await Promise.all([startLinkStack(), startReturnPage(), launchBrowser()]);
  integrator = await stack.newIntegrator();
});

afterAll(async () => {
  await browser?.close();
  await returnPage?.close();
  await stack?.stop();
});

beforeEach(async () => {
  session = await openSession(browser, stack.accountsApi.url, { viewport: { width: 1000, height: 800 } });
});

afterEach(async () => {
  // The page must never trip its own CSP or throw; refusals it explains are 4xx by design.
  const problems = unexpectedProblems(session.problems());
  await session.close();
  expect(problems).toEqual([]);
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

interface CreatedSession {
  id: string;
  url: string;
}

async function createLink(body: Record<string, unknown> = {}): Promise<CreatedSession> {
  const res = await integrator.api<CreatedSession>('/link_sessions', {
    body: { source: integrator.sourceName, return_url: returnPage.url, ...body },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function linkStatus(id: string): Promise<string> {
  const res = await integrator.api<{ status: string }>(`/link_sessions/${id}`);
  return res.body.status;
}

interface ListedAccount {
  identifier: string;
  external_id: string;
  credential_kind: string;
  status: string;
  last_synced_at: string | null;
  collections: unknown[];
}

async function accounts(): Promise<ListedAccount[]> {
  const res = await integrator.api<{ data: ListedAccount[] }>('/accounts?limit=100');
  expect(res.status).toBe(200);
  return res.body.data;
}

/**
 * The accounts as registered, without what the loader changes on its own (status, progress,
 * last_synced_at move with every poll): what a failure page must leave as it was.
 */
// What a registration decides; the loader's view of an account (its status and reason, its
// progress, updated_at) moves on by itself while a test runs.
async function registeredAccounts(): Promise<Pick<ListedAccount, 'identifier' | 'external_id' | 'credential_kind'>[]> {
  return (await accounts()).map(({ identifier, external_id, credential_kind }) => ({ identifier, external_id, credential_kind }));
}

async function heading(page: Page): Promise<string> {
  return ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
}

/** Where the browser landed on the return page: its query parameters. */
async function returned(page: Page): Promise<URLSearchParams> {
  await page.waitForURL((url) => url.toString().startsWith(returnPage.url), { timeout: 30_000 });
  expect(await heading(page)).toBe('Back at the integrator');
  return new URL(page.url()).searchParams;
}

/** The rows the loader wrote for this account into the integrator's destination. */
async function rowsLoaded(identifier: string, atLeast: number): Promise<number> {
  return waitFor(
    async () => {
      const rows = await integrator.destination
        .query<{ n: number }>('select count(*)::int as n from stripe_charges where account_id = $1', [identifier])
        .catch(() => [{ n: 0 }]);
      const n = rows[0]?.n ?? 0;
      return n >= atLeast ? n : undefined;
    },
    { description: `rows of ${identifier} in the destination`, timeoutMs: ROWS_MS, intervalMs: 500 },
  );
}

describe('connecting an account on the Link page', () => {
  it('through the provider’s consent page, back to the return URL, then loaded', async () => {
    const { page } = session;
    const link = await createLink();
    await page.goto(link.url);
    expect(await heading(page)).toBe(`Connect your Stripe account to ${integrator.organizationName}`);
    await expect(page.locator('.brand').textContent()).resolves.toBe(integrator.organizationName);
    await shot(page, '01-link-page');

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL((url) => url.toString().startsWith(`${stack.emulator.url}/oauth/authorize`));
    await shot(page, '02-provider-consent');
    await page.getByRole('button', { name: 'Approve' }).click();

    const result = await returned(page);
    await shot(page, '03-returned-connected');
    expect(result.get('status')).toBe('connected');
    expect(result.get('link_session')).toBe(link.id);
    const identifier = result.get('identifier') as string;
    expect(identifier).toMatch(/^acct_/);
    expect(await accounts()).toContainEqual(
      expect.objectContaining({ identifier, external_id: identifier, credential_kind: 'connected_account' }),
    );
    expect(await linkStatus(link.id)).toBe('completed');
    expect(await rowsLoaded(identifier, 1)).toBeGreaterThan(0);
  });

  it('with a pasted key: a refused one is explained on the form, a good one connects', async () => {
    const { page } = session;
    const customer = await stack.createProviderAccount({ charges: 25 });
    const link = await createLink({ identifier: 'customer-key-1' });
    // A phone, as customers often open the link from an email.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link.url);
    await shot(page, '04-link-page-phone');

    await page.getByLabel('Restricted key', { exact: true }).fill('rk_test_000000000000000000');
    await page.getByRole('button', { name: 'Connect with this key' }).click();
    await expect(page.locator('#key-error').textContent()).resolves.toContain('Stripe did not accept this key.');
    expect(await page.getByLabel('Restricted key', { exact: true }).inputValue()).toBe('');
    await shot(page, '05-key-refused');
    expect(await accounts()).not.toContainEqual(expect.objectContaining({ identifier: 'customer-key-1' }));

    await page.getByLabel('Restricted key', { exact: true }).fill(customer.restricted_key);
    await page.getByRole('button', { name: 'Connect with this key' }).click();
    const result = await returned(page);
    expect(Object.fromEntries(result)).toEqual({ status: 'connected', identifier: 'customer-key-1', link_session: link.id });
    // The key travelled in the POST body only: never in a URL the browser visited.
    expect(page.url()).not.toContain(customer.restricted_key);
    expect(await accounts()).toContainEqual(
      expect.objectContaining({ identifier: 'customer-key-1', external_id: customer.id, credential_kind: 'secret_key' }),
    );
    expect(await rowsLoaded('customer-key-1', 25)).toBe(25);

    // One successful use: the same URL now says so, and changes nothing.
    await page.goto(link.url);
    expect(await heading(page)).toBe('This link has already been used');
    await shot(page, '06-used');
  });
});

describe('the Link page’s failure pages, which change nothing', () => {
  it('a forged link', async () => {
    const { page } = session;
    const before = await registeredAccounts();
    await page.goto(`${stack.accountsApi.url}/link/lnk_${'0'.repeat(48)}`);
    expect(await heading(page)).toBe('This link is not valid');
    await shot(page, '07-forged');
    expect(await registeredAccounts()).toEqual(before);
  });

  it('an expired link, whose return button tells the integrator why', async () => {
    const { page } = session;
    const link = await createLink();
    await stack.controlPlane("update link_sessions set expires_at = now() - interval '1 second' where id = $1", [link.id]);
    await page.goto(link.url);
    expect(await heading(page)).toBe('This link has expired');
    await shot(page, '08-expired');
    await page.getByRole('link', { name: `Return to ${integrator.organizationName}` }).click();
    expect(Object.fromEntries(await returned(page))).toEqual({ status: 'error', reason: 'link_expired', link_session: link.id });
    expect(await linkStatus(link.id)).toBe('expired');
  });

  it('a revoked link', async () => {
    const { page } = session;
    const link = await createLink();
    expect((await integrator.api(`/link_sessions/${link.id}/revoke`, { method: 'POST' })).status).toBe(200);
    await page.goto(link.url);
    expect(await heading(page)).toBe('This link was cancelled');
    await shot(page, '09-revoked');
    expect(await linkStatus(link.id)).toBe('revoked');
  });

  it('a declined consent: the link stays usable', async () => {
    const { page } = session;
    const before = await registeredAccounts();
    const link = await createLink();
    await page.goto(link.url);
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.pathname === '/link/oauth/callback');
    expect(await heading(page)).toBe('You chose not to connect');
    await shot(page, '10-denied');
    expect(await registeredAccounts()).toEqual(before);
    expect(await linkStatus(link.id)).toBe('open');
    await page.goto(link.url);
    expect(await heading(page)).toBe(`Connect your Stripe account to ${integrator.organizationName}`);
  });

  it('a provider error: the provider refuses the code', async () => {
    const { page } = session;
    const before = await registeredAccounts();
    const link = await createLink();
    await page.goto(link.url);
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL((url) => url.toString().startsWith(`${stack.emulator.url}/oauth/authorize`));
    // The provider's answer with a code it never issued, in the browser that started (its state cookie).
    const state = new URL(page.url()).searchParams.get('state') as string;
    await page.goto(`${stack.accountsApi.url}/link/oauth/callback?code=ac_neverissuedneverissued&state=${encodeURIComponent(state)}`);
    expect(await heading(page)).toBe('Stripe could not complete the connection');
    await shot(page, '11-provider-error');
    expect(await registeredAccounts()).toEqual(before);
    expect(await linkStatus(link.id)).toBe('open');
  });
});
