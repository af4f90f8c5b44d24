import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { testChromiumPath } from '@datasync/testing';
import { repoRoot } from './repo';

// The installed Chromium `npm test` found (CHROMIUM_PATH), never a downloaded browser; headless
// and quiet (no network besides ours).
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Where the screenshots go: git-ignored (test-results/), kept after the run to look at. */
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'dashboard');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: testChromiumPath(), args: ARGS });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions and Content-Security-Policy violations seen so far. */
  problems(): string[];
  /** A full-page screenshot under SCREENSHOT_DIR/<name>.png. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh browser context (its own cookies) on `baseUrl`. Everything the page complains about is
 * collected: a dashboard that trips its own CSP, or throws, fails the test that asks.
 */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    context,
    page,
    problems: () => [...problems],
    async screenshot(name) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: () => context.close(),
  };
}

/** Console messages that only say an expected API refusal happened (a 4xx the page then explains). */
export function unexpectedProblems(problems: string[]): string[] {
  return problems.filter((p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p));
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** Signs a new organization up through the form; resolves on the Getting started page. */
export async function signUpInBrowser(session: BrowserSession, options: { screenshot?: string } = {}): Promise<{ email: string }> {
  const { page } = session;
  const email = `dash-${Math.random().toString(16).slice(2, 12)}@example.test`;
  await page.goto('/dashboard/signup');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  if (options.screenshot) await session.screenshot(options.screenshot);
  await page.getByLabel('Organization name').fill('Acme Analytics');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Getting started' }).waitFor();
  return { email };
}

/** The error shown under a labelled field (wired through aria-describedby), '' when none. */
export async function fieldError(page: Page, label: string | RegExp): Promise<string> {
  const input = page.getByLabel(label, { exact: typeof label === 'string' });
  const described = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = described.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return '';
  return ((await page.locator(`[id="${errorId}"]`).textContent()) ?? '').trim();
}

/**
 * Calls the JSON API from inside the page, with its session cookie and CSRF token: for setting
 * up what a test is not about, the way the dashboard itself would.
 */
export async function apiInPage<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch('/api/v1/session')).json()) as { csrf_token: string };
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as T };
    },
    { method, path, body },
  );
}

/**
 * Form controls and buttons a screen reader could not name (no label, aria-label or text), and
 * images without alt: what a page must not have.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('input, select, textarea, button, a[href]'))) {
      const control = el as HTMLInputElement;
      const named =
        (control.labels?.length ?? 0) > 0 ||
        Boolean(el.getAttribute('aria-label')) ||
        Boolean(el.getAttribute('aria-labelledby')) ||
        (el.textContent ?? '').trim() !== '';
      if (!named) found.push(el.outerHTML.slice(0, 120));
    }
    return found;
  });
}

/** A screenshot for people to look at, and a check that every control on the page has a name. */
export async function shoot(session: BrowserSession, name: string): Promise<void> {
  await session.screenshot(name);
  expect({ page: name, unnamed: await unnamedControls(session.page) }).toEqual({ page: name, unnamed: [] });
}
