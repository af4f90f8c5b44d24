import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import winston from 'winston';
import { createAuth, type Auth } from '@datasync/auth';
import type { Knex } from '@datasync/db';
import { Readiness } from '@datasync/http';
import { createLogger } from '@datasync/logger';
import { createApp } from '../app';
import type { OpsDashboard } from '../ops';

// Helpers for config-service's HTTP tests: a real app over the real test database, a log that
// can be searched for secrets, and a signed-up user to act as.

export interface TestApp {
  app: Express;
  auth: Auth;
  /** Everything logged so far, every level. */
  logs(): string;
}

export function buildTestApp(knex: Knex, options: { basicAuthCacheSeconds?: number; ops?: OpsDashboard } = {}): TestApp {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'config-service-test', level: 'silly', transports: [new winston.transports.Stream({ stream })] });
  const auth = createAuth({
    knex,
    masterKeys: [{ id: 'test', key: randomBytes(32) }],
    secureCookies: false,
    SESSION_TTL_HOURS: 1,
    SESSION_IDLE_MINUTES: 30,
    BASIC_AUTH_CACHE_SECONDS: options.basicAuthCacheSeconds ?? 0,
    // Cheap hashing keeps the many sign-ups of the tests fast; libs/auth tests the production cost.
    passwordScrypt: { N: 2 ** 10, r: 8, p: 1 },
  });
  const app = createApp({ logger, readiness: new Readiness(), bodyLimit: '100kb', auth, ...(options.ops ? { ops: options.ops } : {}) });
  return { app, auth, logs: () => lines.join('') };
}

export interface SignedUp {
  agent: ReturnType<typeof request.agent>;
  email: string;
  password: string;
  csrf: string;
  /** The value of the session cookie. */
  cookie: string;
  body: {
    user: { id: string; email: string };
    organization: { id: string; name: string };
    environment: { id: string; name: string };
    csrf_token: string;
  };
}

export function randomEmail(): string {
  return `user-${randomBytes(6).toString('hex')}@example.test`;
}

export function sessionCookieOf(res: request.Response): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.find((c) => c.startsWith('datasync_session='));
  return cookie?.slice('datasync_session='.length).split(';')[0];
}

/** A new organization and user, logged in: the agent carries the session cookie. */
export async function signUp(app: Express): Promise<SignedUp> {
  const agent = request.agent(app);
  const email = randomEmail();
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const res = await agent
    .post('/api/v1/signup')
    .send({ email, password, organization_name: `org ${email}` })
    .expect(201);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { agent, email, password, csrf: res.body.csrf_token as string, cookie, body: res.body as SignedUp['body'] };
}

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/** A client credential of the session's current environment, created through the API (for the Accounts API unless `admin`). */
export async function createCredential(
  user: SignedUp,
  scope: 'accounts' | 'admin' = 'accounts',
): Promise<{ client_id: string; client_secret: string; authorization: string }> {
  const body = scope === 'admin' ? { scope, confirm_admin_scope: true } : {};
  const res = await user.agent.post('/api/v1/client_credentials').set('X-CSRF-Token', user.csrf).send(body).expect(201);
  const { client_id, client_secret } = res.body as { client_id: string; client_secret: string };
  return { client_id, client_secret, authorization: basicHeader(client_id, client_secret) };
}
