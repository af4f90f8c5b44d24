import type { Browser } from 'playwright-core';
import { waitFor } from '@datasync/testing';
import { apiInPage, launchBrowser, openSession, unnamedControls, signUpInBrowser, unexpectedProblems, type BrowserSession } from './support/browser';
import { createDestinationDatabase, startDashboardStack, type DashboardStack, type DestinationDatabase } from './support/dashboardStack';

// A person, in headless Chromium, goes from sign-up to rows in stripe_charges with the
// dashboard alone: the real config-service, loader and provider emulator, a real destination.

/** A screenshot for people to look at, and a check that every control on the page has a name. */
async function shoot(session: BrowserSession, name: string): Promise<void> {
  await session.screenshot(name);
  expect({ page: name, unnamed: await unnamedControls(session.page) }).toEqual({ page: name, unnamed: [] });
}

let stack: DashboardStack;
let destination: DestinationDatabase;
let browser: Browser;

beforeAll(async () => {
  [stack, destination, browser] = await Promise.all([startDashboardStack(), createDestinationDatabase(), launchBrowser()]);
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
      await page.getByLabel('Database engine').selectOption('postgres');
      await page.getByLabel('Connection string').fill(destination.connectionString);
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
      await shoot(session, '06-source-form');
      await page.getByRole('button', { name: 'Verify key and create source' }).click();
      await page.getByRole('heading', { name: 'Sources' }).waitFor();
      await page.getByText(`for the Stripe account ${platform.id}`).waitFor();
      expect(await page.content()).not.toContain(platform.secret_key);
      await shoot(session, '07-sources');

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
      const tables = await destination.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
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
      const loaded = () => destination.query<{ n: string }>("select count(*) as n from stripe_charges where account_id = 'acme_customer_1'");
      await waitFor(async () => (await loaded())[0]?.n === '40', { description: '40 charges in stripe_charges', timeoutMs: 130_000, intervalMs: 500 }).catch(
        (err: Error) => {
          throw new Error(`${err.message}\nloader output:\n${stack.loader.output()}`);
        },
      );
      // The page polls and shows, without a reload, the rows the loader reports for the account
      // through libs/accounts (the same numbers the API gives).
      const reportedRows = async (): Promise<number | null> => {
        const { body } = await apiInPage<{ data: { collections: { table: string; rows_loaded: number }[] }[] }>(page, 'GET', '/syncs/stripe_to_warehouse/accounts');
        const progress = body.data.flatMap((a) => a.collections).filter((c) => c.table === 'stripe_charges');
        return progress.length === 0 ? null : progress.reduce((sum, c) => sum + c.rows_loaded, 0);
      };
      let shown = '';
      await waitFor(
        async () => {
          const reported = await reportedRows();
          shown = (await page.locator('#sync-rows').textContent()) ?? '';
          return shown === (reported === null ? 'none yet' : String(reported));
        },
        { description: 'the overview to show the rows the loader reports', timeoutMs: 15_000, intervalMs: 250 },
      );
      await shoot(session, '13-sync-overview-loaded');

      await page.getByRole('link', { name: 'Collections' }).click();
      await page.getByRole('link', { name: 'charges' }).first().click();
      await page.locator('tr[data-account="acme_customer_1"]').waitFor();
      expect(await page.locator('tr[data-account="acme_customer_1"] td.num').textContent()).toBe(shown === 'none yet' ? '0' : shown);
      await shoot(session, '14-collection-progress');
      await page.getByRole('link', { name: 'Accounts' }).click();
      await accountRow.waitFor();
      await shoot(session, '15-accounts-loaded');

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
      await page.goto('/dashboard/no/such/page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await shoot(session, '19-not-found');

      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
