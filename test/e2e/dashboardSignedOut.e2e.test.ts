import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { testDatabaseUrl, testRedisUrl } from '@datasync/testing';
import { launchBrowser, openSession, signUpInBrowser } from './support/browser';
import { startServiceProcess, type ServiceProcess } from './support/loaderServices';

// A signed-out visit is not an error: the first load of the dashboard, a deep link, and a reload
// after logging out reach the login page with nothing at all in the browser console (no 401).

let configService: ServiceProcess;
let browser: Browser;

beforeAll(async () => {
  const prefix = `e2e-signed-out-${randomBytes(4).toString('hex')}`;
  [configService, browser] = await Promise.all([
    startServiceProcess('config-service', {
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      // Its own sign-up counter: every test signs up from 127.0.0.1, and the limit is per address.
      API_REDIS_PREFIX: prefix,
      SECRETS_MASTER_KEYS: `e2e:${randomBytes(32).toString('base64')}`,
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), configService?.stop()]);
});

it.each(['/dashboard/', '/dashboard/syncs'])(
  'a first signed-out visit to %s shows the login page without a console error',
  async (path) => {
    const session = await openSession(browser, configService.url);
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
  const session = await openSession(browser, configService.url);
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
  const session = await openSession(browser, configService.url);
  try {
    await signUpInBrowser(session);
    await session.page.reload();
    await session.page.getByRole('heading', { name: 'Getting started' }).waitFor();
    expect(session.problems()).toEqual([]);
  } finally {
    await session.close();
  }
});
