import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@datasync/testing';
import {
  apiInPage,
  type BrowserSession,
  launchBrowser,
  openSession,
  shoot,
  signUpInBrowser,
  TEST_PASSWORD,
  unexpectedProblems,
} from './support/browser';
import { createDestinationDatabase, type DashboardStack, type DestinationDatabase } from './support/dashboardStack';
import { dashboardStack } from './support/sharedDashboardStack';

// Access and the beta account calls in the browser: API keys shown once, rotation and
// revocation, the environment switcher, early access, pause/resume/delete, logging out and in —
// and no secret in the page's URL, storage or markup, no script or style the CSP would block.

let stack: DashboardStack;
let destination: DestinationDatabase;
let browser: Browser;

beforeAll(async () => {
  [stack, destination, browser] = await Promise.all([dashboardStack(), createDestinationDatabase(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop(), destination?.drop()]);
});

async function storageIsEmpty(page: Page): Promise<boolean> {
  return page.evaluate(() => localStorage.length === 0 && sessionStorage.length === 0);
}

// A credential made in the dashboard is for the Accounts API: config-service authenticates it and
// answers 403 (it may not administer the environment), and 401 once it is revoked.
async function basicGet(clientId: string, secret: string): Promise<number> {
  const response = await fetch(`${stack.configService.url}/api/v1/destinations`, {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
  });
  return response.status;
}

async function sessionCookie(session: BrowserSession) {
  return (await session.context.cookies()).find((c) => c.name === 'datasync_session');
}

describe('dashboard access', () => {
  it('shows a client secret once, rotates and revokes credentials', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      await signUpInBrowser(session);
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByRole('button', { name: 'Create credential' }).click();
      await page.getByRole('heading', { name: 'Your new client credential' }).waitFor();
      const clientId = (await page.locator('#new-client-id').textContent()) ?? '';
      const secret = await page.getByLabel('Client secret').inputValue();
      expect(clientId).toMatch(/^cli_[0-9a-f]{24}$/);
      expect(secret).toHaveLength(43);
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await page.getByText('Copied to the clipboard.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      expect(page.url()).not.toContain(secret);
      expect(await storageIsEmpty(page)).toBe(true);
      await shoot(session, '30-credential-created');
      expect(await basicGet(clientId, secret)).toBe(403);

      // Once stored, the secret is gone from the page for good; the list shows its last four characters.
      await page.getByRole('button', { name: 'I have stored the secret' }).click();
      expect(await page.content()).not.toContain(secret);
      expect(await page.getByRole('row', { name: new RegExp(clientId) }).textContent()).toContain(`••••${secret.slice(-4)}`);

      // Rotation: a second credential, then the old one revoked after a confirmation.
      await page.getByRole('button', { name: `Rotate ${clientId}` }).click();
      await page.getByRole('heading', { name: 'Your new client credential' }).waitFor();
      const newId = (await page.locator('#new-client-id').textContent()) ?? '';
      const newSecret = await page.getByLabel('Client secret').inputValue();
      expect(newId).not.toBe(clientId);
      await page.getByText('An environment has at most 2 active credentials').waitFor();
      expect(await page.getByRole('button', { name: 'Create credential' }).isDisabled()).toBe(true);
      await shoot(session, '31-credential-rotated');
      await page
        .locator('section')
        .filter({ hasText: 'Your new client credential' })
        .getByRole('button', { name: `Revoke ${clientId}` })
        .click();
      await page.getByRole('dialog').waitFor();
      await shoot(session, '32-credential-revoke-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await page.getByText(`${clientId} is revoked.`).waitFor();
      expect(await page.getByRole('row', { name: new RegExp(clientId) }).textContent()).toContain('revoked');
      await waitFor(async () => (await basicGet(clientId, secret)) === 401, {
        description: 'the revoked credential to be refused',
        timeoutMs: 15_000,
        intervalMs: 250,
      });
      expect(await basicGet(newId, newSecret)).toBe(403);
      await shoot(session, '33-credentials');
      expect(await storageIsEmpty(page)).toBe(true);
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('creates an admin credential only after its own confirmation, and shows its scope', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      await signUpInBrowser(session);
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      // Cancelling the confirmation creates nothing.
      await page.getByRole('button', { name: 'Create admin credential' }).click();
      await page.getByRole('dialog').getByText('An admin credential can manage API keys, destinations, sources and syncs').waitFor();
      await shoot(session, '34-admin-credential-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('heading', { name: 'Your new client credential' }).count()).toBe(0);
      await page.getByText('No credential yet').waitFor();

      await page.getByRole('button', { name: 'Create admin credential' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Create admin credential' }).click();
      await page.getByRole('heading', { name: 'Your new client credential' }).waitFor();
      const clientId = (await page.locator('#new-client-id').textContent()) ?? '';
      const secret = await page.getByLabel('Client secret').inputValue();
      await page.getByRole('button', { name: 'I have stored the secret' }).click();
      expect(await page.getByRole('row', { name: new RegExp(clientId) }).textContent()).toContain('admin');
      await shoot(session, '35-admin-credential');
      // The admin credential administers the environment; an Accounts API one would get a 403.
      expect(await basicGet(clientId, secret)).toBe(200);
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('pauses, resumes and deletes an account once early access is on', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      await signUpInBrowser(session);
      // What this test is not about, set up through the API the dashboard uses.
      const platform = await stack.createProviderAccount({ charges: 1 });
      const customer = await stack.createProviderAccount({ charges: 3 });
      const setup: [string, string, object][] = [
        ['POST', '/destinations', { name: 'warehouse', engine: 'postgres', connection_string: destination.connectionString }],
        ['POST', '/sources', { name: 'stripe_main', provider: 'stripe', private_key: platform.secret_key }],
        ['POST', '/syncs', { name: 'main', source: 'stripe_main', destination: 'warehouse' }],
        ['POST', '/syncs/main/accounts', { credential: customer.secret_key, identifier: 'customer_a' }],
      ];
      for (const [method, path, body] of setup)
        expect({ path, status: (await apiInPage(page, method, path, body)).status }).toEqual({
          path,
          status: path === '/syncs/main/accounts' ? 200 : 201,
        });

      // Without early access the actions are there but disabled, with the reason and the way to turn it on.
      await page.goto('/dashboard/syncs/main/accounts');
      const row = page.locator('tr[data-account="customer_a"]');
      await row.waitFor();
      expect(await row.getByRole('button', { name: 'Pause customer_a' }).isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Turn on early access' }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await page.getByRole('switch', { name: 'Beta account calls' }).check();
      await page.getByText('Early access is on for development').waitFor();
      await shoot(session, '34-settings-early-access');

      await page.goto('/dashboard/syncs/main/accounts');
      await row.waitFor();
      await row.getByRole('button', { name: 'Pause customer_a' }).click();
      await page.getByText('The account customer_a is paused.').waitFor();
      await waitFor(async () => (await row.locator('.badge').first().textContent()) === 'paused', {
        description: 'the paused badge',
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      await shoot(session, '35-account-paused');
      await row.getByRole('button', { name: 'Resume customer_a' }).click();
      await page.getByText('The account customer_a is active again.').waitFor();

      await row.getByRole('button', { name: 'Delete customer_a' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await shoot(session, '36-account-delete-confirm');
      // Escape cancels, and the account stays.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await row.count()).toBe(1);
      await row.getByRole('button', { name: 'Delete customer_a' }).click();
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await page.getByText(/The account customer_a (was deleted|is being deleted)/).waitFor();
      await waitFor(async () => (await row.count()) === 0, {
        description: 'the deleted account to leave the list',
        timeoutMs: 30_000,
        intervalMs: 250,
      });
      await shoot(session, '37-account-deleted');
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('switches environments, logs out and back in with a new session, and keeps the session cookie away from scripts', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      const { email } = await signUpInBrowser(session);
      expect(await sessionCookie(session)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(await page.evaluate(() => document.cookie)).toBe('');

      expect(
        (
          await apiInPage(page, 'POST', '/destinations', {
            name: 'dev_only',
            engine: 'postgres',
            connection_string: destination.connectionString,
          })
        ).status,
      ).toBe(201);
      await page.goto('/dashboard/destinations');
      await page.getByRole('row', { name: /dev_only/ }).waitFor();
      await page.getByLabel('Environment').selectOption('production');
      await page.getByText('You are now working in the production environment.').waitFor();
      await page.getByRole('link', { name: 'Destinations' }).click();
      await page.getByText('No destination yet.').waitFor();
      await shoot(session, '38-production-environment');
      await page.getByLabel('Environment').selectOption('development');
      await page.getByText('You are now working in the development environment.').waitFor();

      // Logging out ends the session on the server, not only in this browser.
      const before = (await sessionCookie(session))?.value ?? '';
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByText('You are logged out.').waitFor();
      await shoot(session, '39-logged-out');
      const stale = await fetch(`${stack.configService.url}/api/v1/session`, { headers: { Cookie: `datasync_session=${before}` } });
      expect(stale.status).toBe(401);

      // A page that needs a session leads to the login, and back to it afterwards.
      await page.goto('/dashboard/syncs');
      await page.waitForURL(/\/dashboard\/login\?next=%2Fdashboard%2Fsyncs$/);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Incorrect email or password.').waitFor();
      await shoot(session, '40-login-failed');
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Syncs' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/syncs');
      const after = (await sessionCookie(session))?.value ?? '';
      expect(after).not.toBe('');
      expect(after).not.toBe(before);
      expect(await storageIsEmpty(page)).toBe(true);
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
