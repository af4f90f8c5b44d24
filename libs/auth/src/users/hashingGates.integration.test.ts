import { randomUUID } from 'node:crypto';
import { RateLimitError } from '@datasync/errors';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { hashPassword, verifyPassword } from '../passwords/password';
import type { PasswordHashing } from '../passwords/passwordHashing';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from './users.service';

// Sign-ups are limited only per client address, so many addresses can flood them; each costs a
// scrypt. Logins and sign-ups hash behind gates of their own (users.service.ts): a flood of one
// that fills its gate to the point of refusals neither refuses nor holds up the other. The flood's
// hashes are held (a hashing the test releases), so the gates are full for as long as the test
// needs, whatever the machine's speed.

const knex = getTestKnex();
afterAll(closeTestKnex);

const FAST = { N: 2 ** 10, r: 8, p: 1 };
const PASSWORD = 'correct horse battery';
const CONCURRENCY = 1;
// What one gate takes: CONCURRENCY hashing, 25 times as many waiting (users.service.ts).
const GATE_HOLDS = CONCURRENCY + 25 * CONCURRENCY;

/** scrypt, with sign-up hashes or login checks held until released. */
class HeldHashing implements PasswordHashing {
  private held = { hash: false, verify: false };
  private waiting: (() => void)[] = [];

  hold(flow: 'hash' | 'verify'): void {
    this.held[flow] = true;
  }

  release(): void {
    this.held = { hash: false, verify: false };
    for (const go of this.waiting.splice(0)) go();
  }

  async hash(password: string): Promise<string> {
    if (this.held.hash) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return hashPassword(password, FAST);
  }

  async verify(password: string, stored: string): Promise<boolean> {
    if (this.held.verify) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return verifyPassword(password, stored);
  }
}

function newService() {
  const hashing = new HeldHashing();
  const sessions = new SessionsService(knex, { ttlMs: 3_600_000, idleMs: 1_800_000 });
  const users = new UsersService(knex, sessions, FAST, { hashConcurrency: CONCURRENCY, hashing });
  return { hashing, users };
}

const email = () => `gate-${randomUUID()}@example.test`;
const signUp = (users: UsersService, address: string) =>
  users.signup({ email: email(), password: PASSWORD, organizationName: 'Gate test' }, address);

/** Calls started at once; `settled` counts those that ended, either way. */
function flood<T>(count: number, start: () => Promise<T>) {
  let settled = 0;
  const calls = Array.from({ length: count }, () => {
    const call = start();
    call.then(
      () => (settled += 1),
      () => (settled += 1),
    );
    return call;
  });
  return { calls, settled: () => settled };
}

it('a flood of sign-ups that fills their gate neither refuses nor holds up a login', async () => {
  const { hashing, users } = newService();
  const existing = email();
  await users.signup({ email: existing, password: PASSWORD, organizationName: 'Gate test' });

  hashing.hold('hash');
  const signups = flood(GATE_HOLDS, () => signUp(users, `198.51.100.${Math.floor(Math.random() * 250)}`));
  // The gate is full: the next sign-up is refused at once.
  await expect(signUp(users, '198.51.100.251')).rejects.toBeInstanceOf(RateLimitError);

  const login = await users.login({ email: existing, password: PASSWORD }, undefined, '203.0.113.9');
  expect(login.user.email).toBe(existing);
  // It went through while every sign-up of the flood still waited.
  expect(signups.settled()).toBe(0);

  hashing.release();
  expect(await Promise.all(signups.calls)).toHaveLength(GATE_HOLDS);
});

it('a flood of logins that fills their gate neither refuses nor holds up a sign-up', async () => {
  const { hashing, users } = newService();
  const existing = email();
  await users.signup({ email: existing, password: PASSWORD, organizationName: 'Gate test' });

  hashing.hold('verify');
  const logins = flood(GATE_HOLDS, () => users.login({ email: existing, password: 'a wrong password' }, undefined, '203.0.113.10'));
  await expect(users.login({ email: existing, password: PASSWORD }, undefined, '203.0.113.11')).rejects.toBeInstanceOf(RateLimitError);

  const signedUp = await signUp(users, '198.51.100.7');
  expect(signedUp.session.token).toEqual(expect.any(String));
  expect(logins.settled()).toBe(0);

  hashing.release();
  const outcomes = await Promise.allSettled(logins.calls);
  expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code?: string }).code : 'logged in'))).toEqual(
    Array(GATE_HOLDS).fill('invalid_login'),
  );
});
