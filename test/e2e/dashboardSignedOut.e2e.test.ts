import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, signUpInBrowser } from './support/browser';
import type { DashboardStack } from './support/dashboardStack';
import { dashboardStack } from './support/sharedDashboardStack';

// A signed-out visit is not an error: the first load of the dashboard, a deep link, and a reload
// after logging out reach the login page with nothing at all in the browser console (no 401).

let stack: DashboardStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([dashboardStack(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop()]);
});

it.each(['/dashboard/', '/dashboard/syncs'])(
  'a first signed-out visit to %s shows the login page without a console error',
  async (path) => {
    const session = await openSession(browser, stack.configService.url);
    try {
      const sessionCalls: number[] = [];
      session.page.on('response', (response) => {
        if (response.url().endsWith('/api/v1/session')) sessionCalls.push(response.status());
      });
      await session.page.goto(path);
      await session.page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(session.problems()).toEqual([]);
      expect(sessionCalls).toEqual([]);
    } finally {
      await session.close();
    }
  },
);

it('a reload after logging out shows the login page without a console error', async () => {
  const session = await openSession(browser, stack.configService.url);
  try {
    await signUpInBrowser(session);
    await session.page.getByRole('button', { name: 'Log out' }).click();
    await session.page.getByRole('heading', { name: 'Log in' }).waitFor();
    await session.page.reload();
    await session.page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(session.problems()).toEqual([]);
  } finally {
    await session.close();
  }
});

it('a signed-in reload still finds its session', async () => {
  const session = await openSession(browser, stack.configService.url);
  try {
    await signUpInBrowser(session);
    await session.page.reload();
    await session.page.getByRole('heading', { name: 'Getting started' }).waitFor();
    expect(session.problems()).toEqual([]);
  } finally {
    await session.close();
  }
});
