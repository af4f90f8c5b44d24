import type { Browser } from 'playwright-core';
import { getText, type S3Handle } from '@datasync/destinations';
import { latestState, readParts, startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import { waitFor } from '@datasync/testing';
import { apiInPage, launchBrowser, openSession, shoot, signUpInBrowser, unexpectedProblems } from './support/browser';
import type { DashboardStack } from './support/dashboardStack';
import { dashboardStack } from './support/sharedDashboardStack';
import { canonicalJson, providerCharges } from './support/loaderWorld';

// The S3 destination from the browser: a person chooses S3 in the dashboard (behind an
// S3-compatible server that checks signatures), attaches an account, and the bucket then holds
// gzip NDJSON files with exactly the provider's charges.

const PREFIX = 'exports/prod';

let stack: DashboardStack;
let s3: TestS3;
let handle: S3Handle;
let browser: Browser;

beforeAll(async () => {
  [stack, s3, browser] = await Promise.all([dashboardStack(), startTestS3Server(), launchBrowser()]);
  handle = await s3.open({ prefix: PREFIX });
});

afterAll(async () => {
  await handle?.close();
  await Promise.all([browser?.close(), stack?.stop(), s3?.close()]);
});

it('creates an S3 destination in the dashboard, attaches an account, and the bucket holds its charges', async () => {
  const session = await openSession(browser, stack.configService.url);
  const { page } = session;
  try {
    await signUpInBrowser(session);

    // The S3 form: a wrong secret is refused in the server's own words; the right one enables Create.
    await page.goto('/dashboard/destinations/new');
    await page.getByRole('heading', { name: 'New destination' }).waitFor();
    const create = page.getByRole('button', { name: 'Create destination' });
    await page.getByLabel('Name', { exact: true }).fill('lake');
    await page.getByLabel('Engine').selectOption('s3');
    await page.getByLabel('Connection string').fill(s3.url({ prefix: PREFIX, secret: 'not-the-secret' }));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page
      .getByText(/signature/i)
      .first()
      .waitFor();
    expect(await create.isDisabled()).toBe(true);
    await shoot(session, '41-s3-destination-signature-refused');
    await page.getByLabel('Connection string').fill(s3.url({ prefix: PREFIX }));
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Connection works').waitFor();
    expect(await create.isEnabled()).toBe(true);
    await shoot(session, '42-s3-destination-checked');
    await create.click();
    await page.getByText('The destination lake was created.').waitFor();
    const row = page.getByRole('row', { name: /lake/ });
    expect(await row.textContent()).toContain('s3://');
    expect(await page.content()).not.toContain(encodeURIComponent(s3.secret));
    expect(await page.content()).not.toContain(s3.secret);
    await shoot(session, '43-s3-destinations');

    // What this test is not about, through the API the dashboard uses.
    const platform = await stack.createProviderAccount({ charges: 1 });
    const setup: [string, string, object][] = [
      ['POST', '/sources', { name: 'stripe_main', provider: 'stripe', private_key: platform.secret_key }],
      ['POST', '/syncs', { name: 'to_lake', source: 'stripe_main', destination: 'lake' }],
      ['POST', '/syncs/to_lake/collections', { resource_type: 'charges' }],
    ];
    for (const [method, path, body] of setup)
      expect({ path, status: (await apiInPage(page, method, path, body)).status }).toEqual({ path, status: 201 });

    // The mount wrote the table's schema file.
    const schema = JSON.parse((await getText(handle, `${PREFIX}/stripe_charges/_schema.json`)) ?? 'null') as { format: string } | null;
    expect(schema?.format).toBe('ndjson.gz');

    // The account, added in the Accounts tab, goes live; its files hold the provider's charges.
    const customer = await stack.createProviderAccount({ charges: 250 });
    await page.goto('/dashboard/syncs/to_lake/accounts');
    await page.getByLabel('Credential').fill(customer.secret_key);
    await page.getByLabel('Identifier (optional)').fill('acme_lake');
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByText('The account acme_lake was added.').waitFor();
    const status = page.locator('tr[data-account="acme_lake"] td').nth(1);
    await waitFor(async () => (await status.locator('.badge').textContent()) === 'live', {
      description: 'the account to be live',
      timeoutMs: 130_000,
      intervalMs: 500,
    }).catch(async (err: Error) => {
      throw new Error(`${err.message}; it shows ${await status.textContent()}\nloader output:\n${stack.loader.output()}`);
    });
    // The verification after the load may already have added its "verified complete" line.
    expect(await page.locator('tr[data-account="acme_lake"] td').nth(2).textContent()).toMatch(/^stripe_charges 250 rows live/);
    await shoot(session, '44-s3-account-live');

    const parts = await readParts(handle, `${PREFIX}/stripe_charges/account_id=acme_lake/`);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.key).toMatch(/\.ndjson\.gz$/);
    const rows = parts.flatMap((p) => p.rows);
    expect({ rows: rows.length, distinct: new Set(rows.map((r) => r.id)).size }).toEqual({ rows: 250, distinct: 250 });
    const provider = await providerCharges(stack.emulator.url, customer.secret_key);
    const latest = latestState(rows);
    const different = [...provider]
      .filter(([id, object]) => canonicalJson(latest.get(`acme_lake\0${id}`)?.data) !== canonicalJson(object))
      .map(([id]) => id);
    expect(different).toEqual([]);
    expect(unexpectedProblems(session.problems())).toEqual([]);
  } finally {
    await session.close();
  }
});
