import type { Browser } from 'playwright-core';
import { freePort } from '@datasync/testing';
import { apiInPage, fieldError, launchBrowser, openSession, shoot, signUpInBrowser, unexpectedProblems } from './support/browser';
import { createDestinationDatabase, type DashboardStack, type DestinationDatabase } from './support/dashboardStack';
import { dashboardStack } from './support/sharedDashboardStack';

// What a person sees when something is wrong: field rules checked in the browser, the server's
// refusals in place, and the connection check's and the provider's own words.

let stack: DashboardStack;
let destination: DestinationDatabase;
let browser: Browser;

beforeAll(async () => {
  [stack, destination, browser] = await Promise.all([dashboardStack(), createDestinationDatabase(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop(), destination?.drop()]);
});

describe('dashboard error messages', () => {
  it('shows invalid names, a failed connection test and refused keys where they belong', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      await signUpInBrowser(session);

      // Destination: required fields and the name rule, before anything is sent.
      await page.goto('/dashboard/destinations/new');
      await page.getByRole('button', { name: 'Test connection' }).click();
      expect(await fieldError(page, 'Name')).toBe('Name is required.');
      expect(await fieldError(page, 'Connection string')).toBe('Connection string is required.');
      expect(await page.getByLabel('Name', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByLabel('Name', { exact: true }).fill('Warehouse DB');
      expect(await fieldError(page, 'Name')).toBe(
        'Name may contain only lowercase letters, digits and underscores (no spaces or capitals).',
      );
      await shoot(session, '20-destination-field-errors');
      await page.getByLabel('Name', { exact: true }).fill('warehouse');
      expect(await fieldError(page, 'Name')).toBe('');

      // The server's parser, in place under the field.
      await page.getByLabel('Connection string').fill('postgres://nobody@');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
      expect(await fieldError(page, 'Connection string')).not.toBe('');

      // A closed port: the check runs and fails, in its own words, next to the form; Create stays disabled.
      const closed = await freePort();
      await page.getByLabel('Connection string').fill(`postgres://someone:secretpw@127.0.0.1:${closed}/db?connect_timeout=2`);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('The connection test failed').waitFor();
      const failure = (await page.locator('.check-result').textContent()) ?? '';
      expect(failure).toContain(`127.0.0.1:${closed}`);
      expect(failure).toContain('code: refused');
      expect(failure).not.toContain('secretpw');
      expect(await page.getByRole('button', { name: 'Create destination' }).isDisabled()).toBe(true);
      await shoot(session, '21-destination-check-failed');

      // A name already taken: the server's message, under the name.
      expect(
        (
          await apiInPage(page, 'POST', '/destinations', {
            name: 'taken',
            engine: 'postgres',
            connection_string: destination.connectionString,
          })
        ).status,
      ).toBe(201);
      await page.getByLabel('Name', { exact: true }).fill('taken');
      await page.getByLabel('Connection string').fill(destination.connectionString);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
      expect(await fieldError(page, 'Name')).toBe('A destination named taken already exists in this environment. Choose another name.');

      // Source: a name with capitals, then a key the provider refuses.
      await page.goto('/dashboard/sources/new');
      await page.getByLabel('Name', { exact: true }).fill('Stripe Main');
      await page.getByRole('button', { name: 'Verify key and create source' }).click();
      expect(await fieldError(page, 'Name')).toBe(
        'Name may contain only lowercase letters, digits and underscores (no spaces or capitals).',
      );
      expect(await fieldError(page, 'Provider')).toBe('Choose a provider.');
      await page.getByLabel('Name', { exact: true }).fill('stripe_main');
      await page.getByLabel('Provider').selectOption('stripe');
      await page.getByLabel(/Secret key/).fill('sk_test_thiskeydoesnotexist123');
      // A publishable key where the Connect client id belongs is caught before the provider is asked.
      await page.getByLabel('OAuth client ID').fill('pk_test_123');
      await page.getByRole('button', { name: 'Verify key and create source' }).click();
      expect(await fieldError(page, /OAuth client ID/)).toBe(
        'The OAuth client ID must start with ca_, followed by letters and digits only.',
      );
      await page.getByLabel('OAuth client ID').fill('');
      await page.getByRole('button', { name: 'Verify key and create source' }).click();
      await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
      expect(await fieldError(page, /Secret key/)).toContain('rejected the key');
      expect(await page.getByLabel(/Secret key/).inputValue()).toBe('');
      await shoot(session, '22-source-wrong-key');
      expect((await apiInPage<{ data: unknown[] }>(page, 'GET', '/sources')).body.data).toEqual([]);

      // Sync: digits are not allowed in its name.
      const platform = await stack.createProviderAccount({ charges: 1 });
      expect(
        (await apiInPage(page, 'POST', '/sources', { name: 'stripe_main', provider: 'stripe', private_key: platform.secret_key })).status,
      ).toBe(201);
      await page.goto('/dashboard/syncs/new');
      await page.getByLabel('Name', { exact: true }).fill('sync_2');
      await page.getByRole('button', { name: 'Create sync' }).click();
      expect(await fieldError(page, 'Name')).toBe(
        'Name may contain only lowercase letters and underscores (no digits, spaces or capitals).',
      );
      await shoot(session, '23-sync-invalid-name');

      // Accounts: a key the provider refuses.
      expect((await apiInPage(page, 'POST', '/syncs', { name: 'main', source: 'stripe_main', destination: 'taken' })).status).toBe(201);
      await page.goto('/dashboard/syncs/main/accounts');
      await page.getByLabel('Credential').fill('sk_test_notarealaccount999');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
      expect(await fieldError(page, 'Credential')).toMatch(/^Stripe rejected the key/);
      await page.getByLabel('Credential').fill('password123');
      await page.getByRole('button', { name: 'Add account' }).click();
      expect(await fieldError(page, 'Credential')).toBe(
        'The credential must be a secret key (sk_…), a restricted key (rk_…) or a connected account id (acct_…).',
      );
      await shoot(session, '24-account-wrong-key');

      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('shows, under the resource, that another environment owns the table when mounting it', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      await signUpInBrowser(session);
      // One environment mounts charges into the destination...
      const platform = await stack.createProviderAccount({ charges: 1 });
      const setUp = async (prefix: string) => {
        const calls: [string, unknown][] = [
          ['/destinations', { name: `${prefix}_warehouse`, engine: 'postgres', connection_string: destination.connectionString }],
          ['/sources', { name: `${prefix}_stripe`, provider: 'stripe', private_key: platform.secret_key }],
          ['/syncs', { name: `${prefix}_sync`, source: `${prefix}_stripe`, destination: `${prefix}_warehouse` }],
        ];
        for (const [path, body] of calls) expect((await apiInPage(page, 'POST', path, body)).status).toBe(201);
      };
      await setUp('first');
      expect((await apiInPage(page, 'POST', '/syncs/first_sync/collections', { resource_type: 'charges' })).status).toBe(201);
      const first = (await apiInPage<{ environment: { name: string } }>(page, 'GET', '/session')).body.environment.name;
      const other = first === 'production' ? 'development' : 'production';
      // ...then the other environment, pointed at the same database, tries through the form.
      expect((await apiInPage(page, 'POST', '/environments/current', { environment: other })).status).toBe(200);
      await setUp('second');
      await page.goto('/dashboard/syncs/second_sync/collections');
      await page.getByLabel('Resource').selectOption('charges');
      await page.getByRole('button', { name: 'Mount collection' }).click();
      await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
      const message = await fieldError(page, 'Resource');
      expect(message).toMatch(/^The table stripe_charges in this destination belongs to the sync first_sync \([0-9a-f-]{36}\) /);
      expect(message).toContain(`of the environment ${first} (`);
      await shoot(session, '25-collection-table-owned');
      expect((await apiInPage<{ data: unknown[] }>(page, 'GET', '/syncs/second_sync/collections')).body.data).toEqual([]);
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
