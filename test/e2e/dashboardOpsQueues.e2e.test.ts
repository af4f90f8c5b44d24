import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Browser, Page } from 'playwright-core';
import { jobCatalog } from '@datasync/queue';
import { addSettledJob, testDatabaseUrl, testRedisUrl, waitFor } from '@datasync/testing';
import { launchBrowser, openSession, signUpInBrowser, TEST_PASSWORD, unexpectedProblems, type BrowserSession } from './support/browser';
import { startServiceProcess, type ServiceProcess } from './support/loaderServices';

// The operators' queue dashboard in headless Chromium, on the real config-service: counts by
// state for every catalog queue, a failed job retried from the page, a read-only viewer, and a
// plain 404 for a tenant and an anonymous visitor. No loader runs, so jobs stay where the test
// put them.

const prefix = `e2e-ops-${randomBytes(4).toString('hex')}`;
const operatorEmail = `operator-${randomBytes(4).toString('hex')}@example.test`;
const viewerEmail = `viewer-${randomBytes(4).toString('hex')}@example.test`;
const accountId = randomUUID();
const attachId = `attach-${accountId}`;

let configService: ServiceProcess;
let browser: Browser;
let queues: Map<string, Queue>;

beforeAll(async () => {
  [configService, browser] = await Promise.all([
    startServiceProcess('config-service', {
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      API_REDIS_PREFIX: prefix,
      SECRETS_MASTER_KEYS: `e2e:${randomBytes(32).toString('base64')}`,
      OPS_OPERATOR_EMAILS: operatorEmail,
      OPS_VIEWER_EMAILS: viewerEmail,
    }),
    launchBrowser(),
  ]);
  queues = new Map(jobCatalog.queues.map((name) => [name, new Queue(name, { connection: { url: testRedisUrl() }, prefix })]));
  const lifecycle = queues.get('lifecycle')!;
  await addSettledJob(
    lifecycle,
    { name: 'account.attach', data: { accountId }, jobId: attachId },
    { state: 'failed', error: 'destination refused' },
  );
  await addSettledJob(lifecycle, { name: 'account.pause', data: { accountId }, jobId: `pause-${accountId}` }, { state: 'completed' });
  await lifecycle.add('account.resume', { accountId }, { jobId: `resume-${accountId}` });
  await lifecycle.add('account.resync', { accountId }, { jobId: `resync-${accountId}`, delay: 3_600_000 });
});

afterAll(async () => {
  await Promise.all([...(queues?.values() ?? [])].map((queue) => queue.obliterate({ force: true }).then(() => queue.close())));
  await Promise.all([browser?.close(), configService?.stop()]);
});

function pageProblems(session: BrowserSession): string[] {
  return unexpectedProblems(session.problems());
}

/** Every request the session's pages make that is not to config-service itself. */
function recordOutsideRequests(session: BrowserSession): string[] {
  const outside: string[] = [];
  const origin = new URL(configService.url).origin;
  session.context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) outside.push(url);
  });
  return outside;
}

/** Signs up with this email from the page (the sign-up form itself is dashboard.e2e's). */
async function signUpAs(session: BrowserSession, email: string): Promise<void> {
  await session.page.goto('/dashboard/');
  const status = await session.page.evaluate(
    async ({ email, password }) =>
      (
        await fetch('/api/v1/signup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password, organization_name: 'Ops' }),
        })
      ).status,
    { email, password: TEST_PASSWORD },
  );
  expect(status).toBe(201);
}

/** The badge of a status tab ("FAILED 1"), '' when the state is empty. */
async function statusCounts(page: Page, queue: string): Promise<Record<string, string>> {
  const counts: Record<string, string> = {};
  for (const status of ['waiting', 'delayed', 'failed', 'completed']) {
    const text = await page.locator(`main a[href="/ops/queues/queue/${queue}?status=${status}"]`).innerText();
    counts[status] = text.replace(/\s+/g, ' ').trim();
  }
  return counts;
}

async function expectNotFound(page: Page): Promise<void> {
  const response = await page.goto('/ops/queues');
  expect(response?.status()).toBe(404);
  expect(await response?.json()).toEqual({
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: 'No such route: GET /ops/queues.',
  });
}

describe('the queue dashboard', () => {
  it("shows an operator every queue's counts by state and retries a failed job from the page", async () => {
    const session = await openSession(browser, configService.url);
    const outside = recordOutsideRequests(session);
    const { page } = session;
    try {
      await signUpAs(session, operatorEmail);
      await page.goto('/ops/queues');
      const menu = page.locator('#bull-board-sidebar');
      for (const name of jobCatalog.queues) await menu.getByRole('link', { name, exact: true }).waitFor();
      await page.getByText('4 Jobs').waitFor();
      await session.screenshot('60-ops-queues');

      await menu.getByRole('link', { name: 'lifecycle', exact: true }).click();
      await page.getByRole('heading', { name: 'lifecycle' }).waitFor();
      await page.locator(`main a[href="/ops/queues/queue/lifecycle?status=failed"]`).getByText('1').waitFor();
      expect(await statusCounts(page, 'lifecycle')).toEqual({
        waiting: 'WAITING 1',
        delayed: 'DELAYED 1',
        failed: 'FAILED 1',
        completed: 'COMPLETED 1',
      });

      await page.locator(`main a[href="/ops/queues/queue/lifecycle?status=failed"]`).click();
      const card = page.locator('div[class*="card"]').filter({ has: page.getByText(attachId, { exact: true }) });
      await card.getByText('destination refused').first().waitFor();
      await card.getByText('account.attach', { exact: true }).waitFor();
      await session.screenshot('61-ops-queue-failed');

      // The job's own retry button (an icon; "Retry all" is the queue's).
      await card.locator('button:has(svg.lucide-refresh-cw)').click();
      const confirm = page.getByRole('button', { name: /^(Confirm|Retry)$/ });
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      await waitFor(async () => (await queues.get('lifecycle')!.getJobState(attachId)) !== 'failed', {
        description: 'the retried job to leave the failed state',
        timeoutMs: 10_000,
      });
      await waitFor(async () => (await statusCounts(page, 'lifecycle')).failed === 'FAILED', {
        description: 'the page to show no failed job',
        timeoutMs: 10_000,
      });
      expect(await statusCounts(page, 'lifecycle')).toMatchObject({ waiting: 'WAITING 2' });
      // Nothing leaves the host (bull-board's web fonts included), and the console stays clean.
      expect(outside).toEqual([]);
      expect(pageProblems(session)).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('shows a viewer the same queues without retry or clean, and refuses its changes', async () => {
    await addSettledJob(
      queues.get('backfill')!,
      { name: 'segment.load', data: { runId: accountId, n: 0 }, jobId: `segment-${accountId}-0` },
      { state: 'failed', error: 'provider timed out' },
    );
    const session = await openSession(browser, configService.url);
    const outside = recordOutsideRequests(session);
    const { page } = session;
    try {
      await signUpAs(session, viewerEmail);
      await page.goto('/ops/queues/queue/backfill?status=failed');
      const card = page.locator('div[class*="card"]').filter({ has: page.getByText(`segment-${accountId}-0`, { exact: true }) });
      await card.getByText('provider timed out').first().waitFor();
      await page.getByText('read-only', { exact: true }).waitFor();
      await session.screenshot('62-ops-queue-viewer');
      expect(await page.getByRole('button', { name: 'Retry all' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Clean all' }).count()).toBe(0);
      expect(await card.locator('button:has(svg.lucide-refresh-cw), button:has(svg.lucide-trash-2)').count()).toBe(0);

      const status = await page.evaluate(
        async (id) => (await fetch(`/ops/queues/api/queues/backfill/${id}/retry`, { method: 'PUT' })).status,
        `segment-${accountId}-0`,
      );
      expect(status).toBe(403);
      expect(await queues.get('backfill')!.getJobState(`segment-${accountId}-0`)).toBe('failed');
      expect(outside).toEqual([]);
      expect(pageProblems(session).filter((p) => !p.includes('status of 403'))).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('answers a signed-in tenant and an anonymous visitor with the 404 of a page that does not exist', async () => {
    const tenant = await openSession(browser, configService.url);
    const anonymous = await openSession(browser, configService.url);
    try {
      await signUpInBrowser(tenant);
      await expectNotFound(tenant.page);
      await expectNotFound(anonymous.page);
    } finally {
      await Promise.all([tenant.close(), anonymous.close()]);
    }
  });
});
