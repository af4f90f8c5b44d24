import type { Browser } from 'playwright-core';
import { fieldError, launchBrowser, unnamedControls, openSession, shoot, signUpInBrowser, unexpectedProblems } from './support/browser';
import type { DashboardStack } from './support/dashboardStack';
import { dashboardStack } from './support/sharedDashboardStack';

// The Webhooks page in headless Chromium: a refused URL explained, an endpoint added with its
// signing secret shown once (never in the list, the URL or storage), its delivery log, disabling and enabling it, deletion.

let stack: DashboardStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([dashboardStack(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop()]);
});

// A public address: the network guard passes it; the stack sends it nothing (no account here).
const ENDPOINT_URL = 'https://93.184.216.34/hooks';

describe('dashboard webhooks', () => {
  it('adds an endpoint with its secret shown once, shows its delivery log and deletes it', async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      // A new organization starts in its development environment.
      await signUpInBrowser(session);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByText('No webhook endpoint in development yet.').waitFor();

      await page.getByLabel('Endpoint URL').fill('https://127.0.0.1/hooks');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByText('url\'s host "127.0.0.1" is not on the public internet; webhook endpoints must be.').waitFor();
      expect(await fieldError(page, 'Endpoint URL')).toBe(
        'url\'s host "127.0.0.1" is not on the public internet; webhook endpoints must be.',
      );

      await page.getByLabel('Endpoint URL').fill(ENDPOINT_URL);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByRole('heading', { name: 'Signing secret of the new endpoint' }).waitFor();
      const secret = await page.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('cell', { name: ENDPOINT_URL, exact: true }).waitFor();
      await shoot(session, 'webhooks-01-created');
      await page.getByRole('button', { name: 'I have stored the secret' }).click();
      expect(await page.content()).not.toContain(secret);
      expect(page.url()).not.toContain(secret);

      await page.getByRole('button', { name: `Deliveries to ${ENDPOINT_URL}` }).click();
      await page.getByText('No event sent to this endpoint yet.').waitFor();
      expect(await unnamedControls(page)).toEqual([]);

      await page.getByRole('button', { name: `Disable ${ENDPOINT_URL}` }).click();
      await page.getByText('Disabled through the API or the dashboard.').waitFor();
      await page.getByRole('button', { name: `Enable ${ENDPOINT_URL}` }).click();
      await page.getByRole('button', { name: `Disable ${ENDPOINT_URL}` }).waitFor();
      expect(await page.getByText('Disabled through the API or the dashboard.').count()).toBe(0);

      await page.getByRole('button', { name: `Delete ${ENDPOINT_URL}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No webhook endpoint in development yet.').waitFor();
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("switches a source's Connect lifecycle on and off from its Webhooks page", async () => {
    const session = await openSession(browser, stack.configService.url);
    const { page } = session;
    try {
      await signUpInBrowser(session);
      const platform = await stack.createProviderAccount({ charges: 0 });
      await page.goto('/dashboard/sources/new');
      await page.getByLabel('Name', { exact: true }).fill('stripe_connect');
      await page.getByLabel('Provider').selectOption('stripe');
      await page.getByLabel(/Secret key/).fill(platform.secret_key);
      await page.getByRole('button', { name: 'Verify key and create source' }).click();
      await page.getByRole('heading', { name: 'Sources' }).waitFor();

      await page.goto('/dashboard/sources/stripe_connect/webhook');
      await page.getByRole('heading', { name: 'Webhooks of stripe_connect' }).waitFor();
      const lifecycle = page.getByRole('switch', { name: 'Follow Stripe’s connect and disconnect events' });
      expect(await lifecycle.isChecked()).toBe(false);
      await lifecycle.click();
      await page.getByText('Accounts that connect to the app of stripe_connect are now registered').waitFor();
      await page.reload();
      expect(await page.getByRole('switch', { name: 'Follow Stripe’s connect and disconnect events' }).isChecked()).toBe(true);
      // The events to enable on the endpoint now include the lifecycle's.
      await page.locator('dd', { hasText: 'account.application.authorized' }).waitFor();
      await shoot(session, 'webhooks-lifecycle-on');
      await page.getByRole('switch', { name: 'Follow Stripe’s connect and disconnect events' }).click();
      await page.getByText('now counted and dropped').waitFor();
      expect(await unnamedControls(page)).toEqual([]);
      expect(unexpectedProblems(session.problems())).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
