import type { Browser } from 'playwright-core';
import { waitFor } from '@datasync/testing';
import { apiInPage, fieldError, launchBrowser, openSession, shoot, signUpInBrowser, unexpectedProblems } from './support/browser';
import { createDestinationDatabase, type DashboardStack, type DestinationDatabase } from './support/dashboardStack';
import { dashboardStack } from './support/sharedDashboardStack';

// A person, in headless Chromium, goes from sign-up to rows in stripe_charges with the
// dashboard alone: the real config-service, loader and provider emulator, a real destination.

let stack: DashboardStack;
let destination: DestinationDatabase;
let browser: Browser;

beforeAll(async () => {
  [stack, destination, browser] = await Promise.all([dashboardStack(), createDestinationDatabase(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop(), destination?.drop()]);
});

describe('dashboard', () => {
  it('takes a person from sign-up to rows in stripe_charges', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      await signUpInBrowser(session, { screenshot: '01-signup' });
      await shoot(session, '02-getting-started');

      // Destination: Create stays disabled until the test passed for exactly these values.
      await page.getByRole('link', { name: 'Next: create a destination' }).click();
      await page.getByRole('heading', { name: 'New destination' }).waitFor();
      const create = page.getByRole('button', { name: 'Create destination' });
      await page.getByLabel('Name', { exact: true }).fill('warehouse');
      // Blob storage gets its own format, placeholder and access-key hint instead of the database user's.
      await page.getByLabel('Engine').selectOption('s3');
      await page.getByRole('heading', { name: 'Use an access key limited to one bucket and prefix' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Use a separate database user' }).count()).toBe(0);
      const connection = page.getByLabel('Connection string');
      expect(await connection.getAttribute('placeholder')).toBe('s3://access_key:secret@host:443/bucket?prefix=datasync');
      expect(
        await page
          .getByText('Format: s3://<access key>:<secret>@<host>:<port>/<bucket>?prefix=…&region=…&format=ndjson.gz|parquet')
          .count(),
      ).toBe(1);
      expect(await page.getByRole('link', { name: 'The access-key policy for the bucket and prefix' }).getAttribute('href')).toBe(
        '/dashboard/help/s3-access-key',
      );
      await shoot(session, '03-destination-form-s3');
      await page.getByLabel('Engine').selectOption('postgres');
      await page.getByRole('heading', { name: 'Use a separate database user' }).waitFor();
      expect(await connection.getAttribute('placeholder')).toBe('postgres://user:password@host:5432/database');
      await connection.fill(destination.connectionString);
      expect(await create.isDisabled()).toBe(true);
      await shoot(session, '03-destination-form');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Connection works').waitFor();
      expect(await create.isEnabled()).toBe(true);
      await shoot(session, '04-destination-checked');
      // Any edit disables it again; restoring the tested values does not re-enable it without a new test.
      await page.getByLabel('Name', { exact: true }).fill('warehouse_2');
      expect(await create.isDisabled()).toBe(true);
      await page.getByText('The form changed since the test').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('warehouse');
      expect(await create.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Connection works').waitFor();
      await create.click();
      await page.getByRole('heading', { name: 'Destinations' }).waitFor();
      await page.getByText('The destination warehouse was created.').waitFor();
      const row = page.getByRole('row', { name: /warehouse/ });
      expect(await row.textContent()).toContain('postgres://');
      expect(await page.content()).not.toContain(destination.password);
      await shoot(session, '05-destinations');

      // Source: the provider's inputs appear once it is chosen; the key is verified, never shown again.
      const platform = await stack.createProviderAccount({ charges: 5 });
      await page.goto('/dashboard/sources/new');
      await page.getByRole('heading', { name: 'New source' }).waitFor();
      expect(await page.getByLabel(/Secret key/).count()).toBe(0);
      await page.getByLabel('Name', { exact: true }).fill('stripe_main');
      await page.getByLabel('Provider').selectOption('stripe');
      await page.getByLabel(/Secret key/).fill(platform.secret_key);
      expect(await page.getByLabel(/Secret key/).getAttribute('type')).toBe('password');
      await page.getByLabel('OAuth client ID').fill(platform.client_id);
      expect(await page.getByLabel('Rate budget (%)').inputValue()).toBe('50');
      await page.getByLabel('Rate budget (%)').fill('30');
      await shoot(session, '06-source-form');
      await page.getByRole('button', { name: 'Verify key and create source' }).click();
      await page.getByRole('heading', { name: 'Sources' }).waitFor();
      await page.getByText(`for the Stripe account ${platform.id}`).waitFor();
      expect(await page.content()).not.toContain(platform.secret_key);
      expect(await page.getByRole('row', { name: /stripe_main/ }).textContent()).toContain(`OAuth and key${platform.client_id}`);
      expect(await page.getByRole('row', { name: /stripe_main/ }).textContent()).toContain('30 %');
      await shoot(session, '07-sources');

      // The source's rate budget: shown as saved, checked against 5–80, then changed.
      await page.getByRole('link', { name: 'Rate budget of stripe_main' }).click();
      await page.getByRole('heading', { name: 'Rate budget of stripe_main' }).waitFor();
      expect(await page.getByLabel('Rate budget (%)').inputValue()).toBe('30');
      await page.getByLabel('Rate budget (%)').fill('90');
      await page.getByRole('button', { name: 'Save' }).click();
      expect(await fieldError(page, 'Rate budget (%)')).toBe('The rate budget must be a whole number from 5 to 80.');
      await page.getByLabel('Rate budget (%)').fill('20');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText("The loader now spends up to 20 % of the provider's rate limit on each account of stripe_main.").waitFor();
      expect(await page.getByRole('row', { name: /stripe_main/ }).textContent()).toContain('20 %');
      expect((await apiInPage<{ rate_budget_percent: number }>(page, 'GET', '/sources/stripe_main')).body.rate_budget_percent).toBe(20);

      // The source's Link page settings: the client id shown as saved, checked, then removed.
      await page.getByRole('link', { name: 'Link page of stripe_main' }).click();
      await page.getByRole('heading', { name: 'Link page of stripe_main' }).waitFor();
      expect(await page.getByLabel('OAuth client ID').inputValue()).toBe(platform.client_id);
      await shoot(session, '07-source-link-page');
      await page.getByLabel('OAuth client ID').fill('ca_with-dash');
      await page.getByRole('button', { name: 'Save' }).click();
      expect(await fieldError(page, /OAuth client ID/)).toBe(
        'The OAuth client ID must start with ca_, followed by letters and digits only.',
      );
      await page.getByLabel('OAuth client ID').fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The Link page of stripe_main now offers only the pasted key.').waitFor();
      expect(await page.getByRole('row', { name: /stripe_main/ }).textContent()).toContain('key only');
      expect((await apiInPage<{ oauth_client_id: string | null }>(page, 'GET', '/sources/stripe_main')).body.oauth_client_id).toBeNull();

      // Sync: after creation its Overview tab opens.
      await page.goto('/dashboard/syncs/new');
      await page.getByRole('heading', { name: 'New sync' }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('stripe_to_warehouse');
      await page.getByLabel('Source').selectOption('stripe_main');
      await page.getByLabel('Destination').selectOption('warehouse');
      await shoot(session, '08-sync-form');
      await page.getByRole('button', { name: 'Create sync' }).click();
      await page.waitForURL('**/dashboard/syncs/stripe_to_warehouse/overview');
      await page.getByRole('link', { name: 'Overview' }).and(page.locator('[aria-current="page"]')).waitFor();
      expect(await page.locator('#sync-status').textContent()).toBe('no collections');
      await shoot(session, '09-sync-overview-new');

      // Collections: mounting charges lands on the collection's page, and the table exists.
      await page.getByRole('link', { name: 'Collections' }).click();
      await page.getByRole('button', { name: 'Mount collection' }).waitFor();
      await shoot(session, '10-collections');
      await page.getByLabel('Resource').selectOption('charges');
      await page.getByRole('button', { name: 'Mount collection' }).click();
      await page.waitForURL('**/dashboard/syncs/stripe_to_warehouse/collections/charges');
      await page.getByRole('heading', { name: 'Charges' }).waitFor();
      expect(await page.locator('#collection-table').textContent()).toBe('stripe_charges');
      expect(await page.getByRole('row', { name: /amount/ }).count()).toBeGreaterThan(0);
      const tables = await destination.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.map((t) => t.table_name)).toContain('stripe_charges');
      await shoot(session, '11-collection');

      // Accounts: add one with its key; it shows up, then its rows arrive without a reload.
      const customer = await stack.createProviderAccount({ charges: 40 });
      await page.getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('heading', { name: 'Add an account' }).waitFor();
      await page.getByLabel('Credential').fill(customer.secret_key);
      await page.getByLabel('Identifier (optional)').fill('acme_customer_1');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByText('The account acme_customer_1 was added.').waitFor();
      expect(await page.getByLabel('Credential').inputValue()).toBe('');
      const accountRow = page.locator('tr[data-account="acme_customer_1"]');
      await accountRow.waitFor();
      expect(await accountRow.textContent()).toContain(customer.id);
      await shoot(session, '12-accounts-added');

      await page.getByRole('link', { name: 'Overview' }).click();
      await page.locator('#sync-rows').waitFor();
      // The loader attaches the account (the spec allows two minutes) and copies its charges.
      const loaded = () =>
        destination.query<{ n: string }>("select count(*) as n from stripe_charges where account_id = 'acme_customer_1'");
      await waitFor(async () => (await loaded())[0]?.n === '40', {
        description: '40 charges in stripe_charges',
        timeoutMs: 130_000,
        intervalMs: 500,
      }).catch((err: Error) => {
        throw new Error(`${err.message}\nloader output:\n${stack.loader.output()}`);
      });
      // The page polls and shows, without a reload, what the loader wrote through the sync: the
      // account's 40 charges, no more (a page written twice would count twice).
      const text = async (selector: string) => (await page.locator(selector).textContent()) ?? '';
      await waitFor(async () => (await text('#sync-rows')) === '40', {
        description: 'the overview to show 40 rows loaded',
        timeoutMs: 15_000,
        intervalMs: 250,
      }).catch(async (err: Error) => {
        throw new Error(`${err.message}; it shows ${await text('#sync-rows')}`);
      });
      expect(await text('#sync-accounts')).toBe('1');
      expect(await text('#sync-accounts + .stat-sub')).toBe('1 active');
      expect(await page.locator('#sync-activity time').count()).toBe(1);
      await shoot(session, '13-sync-overview-loaded');

      await page.getByRole('link', { name: 'Collections' }).click();
      await page.getByRole('link', { name: 'charges' }).first().click();
      await page.locator('tr[data-account="acme_customer_1"]').waitFor();
      expect(await page.locator('tr[data-account="acme_customer_1"] td.num').textContent()).toBe('40');
      await shoot(session, '14-collection-progress');

      // Once the backfill's run completes, the account is live with all its rows.
      await page.getByRole('link', { name: 'Accounts' }).click();
      await accountRow.waitFor();
      const status = accountRow.locator('td').nth(1);
      await waitFor(async () => (await status.locator('.badge').textContent()) === 'live', {
        description: 'the account to be live',
        timeoutMs: 30_000,
        intervalMs: 250,
      }).catch(async (err: Error) => {
        throw new Error(`${err.message}; it shows ${await status.textContent()}`);
      });
      // The full verification that follows the load shows under the table, with no drift.
      const progress = accountRow.locator('td').nth(2);
      await waitFor(async () => ((await progress.textContent()) ?? '').includes('verified complete as of'), {
        description: 'the verification after the load to show',
        timeoutMs: 30_000,
        intervalMs: 250,
      });
      expect(await progress.textContent()).toMatch(/^stripe_charges 40 rows liveverified complete as of \d+ s ago$/);
      await shoot(session, '15-accounts-loaded');
      await accountRow.getByRole('button', { name: 'Verify acme_customer_1 against the provider' }).click();
      await page.getByText('The account acme_customer_1 is being verified against the provider').waitFor();
      await page.getByRole('link', { name: 'Overview' }).click();
      await waitFor(async () => (await text('#sync-status')) === 'live', {
        description: 'the sync to be live',
        timeoutMs: 10_000,
        intervalMs: 250,
      });
      expect(await text('#sync-rows')).toBe('40');

      // The remaining pages: every step ticked, the list of syncs, the database-user help, an unknown address.
      await page.getByRole('link', { name: 'datasync', exact: true }).click();
      await page.getByRole('heading', { name: 'Everything is set up' }).waitFor();
      expect(await page.locator('.checklist li.done').count()).toBe(5);
      await shoot(session, '16-getting-started-done');
      await page.getByRole('link', { name: 'Syncs', exact: true }).click();
      await page.getByRole('link', { name: 'stripe_to_warehouse' }).waitFor();
      await shoot(session, '17-syncs');
      await page.goto('/dashboard/help/database-user');
      await page.getByRole('heading', { name: 'A separate database user for datasync' }).waitFor();
      expect(await page.locator('pre').first().textContent()).toContain('GRANT USAGE, CREATE ON SCHEMA stripe_data TO datasync;');
      await shoot(session, '18-help-database-user');
      await page.goto('/dashboard/help/s3-access-key');
      await page.getByRole('heading', { name: 'An access key limited to one bucket and prefix' }).waitFor();
      expect(await page.locator('pre').first().textContent()).toContain('"Resource": "arn:aws:s3:::my-bucket/datasync/prod/*"');
      await shoot(session, '18-help-s3-access-key');
      await page.goto('/dashboard/no/such/page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await shoot(session, '19-not-found');

      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
