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

/**
 * `count` calls started at once. `refused` resolves at the first one refused with a 429 (the gate
 * is full then: its hashes are held, so none leaves it); `settled` counts those that ended.
 */
function flood<T>(count: number, start: () => Promise<T>) {
  let settled = 0;
  let refusedOne!: () => void;
  const refused = new Promise<void>((resolve) => (refusedOne = resolve));
  const calls = Array.from({ length: count }, () => {
    const call = start();
    call.then(
      () => (settled += 1),
      (err: unknown) => {
        settled += 1;
        if (err instanceof RateLimitError) refusedOne();
      },
    );
    return call;
  });
  return { calls, refused, settled: () => settled };
}

/** What became of each call: `done`, the 429's limiter, or the error's code. */
const outcomes = async (calls: Promise<unknown>[]) =>
  (await Promise.allSettled(calls)).map((o) => {
    if (o.status === 'fulfilled') return 'done';
    return o.reason instanceof RateLimitError ? o.reason.limiter : ((o.reason as { code?: string }).code ?? 'error');
  });

it('a flood of sign-ups that fills their gate neither refuses nor holds up a login', async () => {
  const { hashing, users } = newService();
  const existing = email();
  await users.signup({ email: existing, password: PASSWORD, organizationName: 'Gate test' });

  hashing.hold('hash');
  // One more than the gate takes: that one is refused, the gate is full.
  const signups = flood(GATE_HOLDS + 1, () => signUp(users, `198.51.100.${Math.floor(Math.random() * 250)}`));
  await signups.refused;

  const login = await users.login({ email: existing, password: PASSWORD }, undefined, '203.0.113.9');
  expect(login.user.email).toBe(existing);
  // It went through while the flood's sign-ups all still waited (the refused one aside).
  expect(signups.settled()).toBe(1);

  hashing.release();
  expect((await outcomes(signups.calls)).sort()).toEqual([...Array(GATE_HOLDS).fill('done'), 'password_hashing'].sort());
});

it('a flood of logins that fills their gate neither refuses nor holds up a sign-up', async () => {
  const { hashing, users } = newService();
  const existing = email();
  await users.signup({ email: existing, password: PASSWORD, organizationName: 'Gate test' });

  hashing.hold('verify');
  const logins = flood(GATE_HOLDS + 1, () => users.login({ email: existing, password: 'a wrong password' }, undefined, '203.0.113.10'));
  await logins.refused;

  const signedUp = await signUp(users, '198.51.100.7');
  expect(signedUp.session.token).toEqual(expect.any(String));
  expect(logins.settled()).toBe(1);

  hashing.release();
  expect((await outcomes(logins.calls)).sort()).toEqual([...Array(GATE_HOLDS).fill('invalid_login'), 'password_hashing'].sort());
});
