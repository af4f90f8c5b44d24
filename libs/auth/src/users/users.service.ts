import type { EnvironmentName, Knex } from '@datasync/db';
import { ApiError, InvalidRequestError } from '@datasync/errors';
import { writeAudit } from '../audit/audit.repository';
import type { Caller } from '../caller';
import type { PasswordAttemptLimiters } from '../limits/authLimits';
import { ConcurrencyGate } from '../limits/concurrencyGate';
import { findEnvironmentById, findEnvironmentByName, insertEnvironments, type Environment } from '../environments/environments.repository';
import { DEFAULT_SCRYPT, dummyPasswordHash, needsRehash, type ScryptParams } from '../passwords/password';
import { scryptHashing, type PasswordHashing } from '../passwords/passwordHashing';
import { lastEnvironmentOfUser } from '../sessions/sessions.repository';
import type { SessionsService, StartedSession } from '../sessions/sessions.service';
import {
  findOrganization,
  findUser,
  findUserWithHashByEmail,
  insertOrganization,
  insertUser,
  updatePasswordHash,
  type Organization,
  type User,
} from './users.repository';

export const MIN_PASSWORD_LENGTH = 12;
/** Where a new organization's first session acts: trying things out belongs in development. */
export const FIRST_ENVIRONMENT: EnvironmentName = 'development';

export interface SessionView {
  user: User;
  organization: Organization;
  environment: Environment;
}

export interface LoggedIn extends SessionView {
  session: StartedSession;
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}

/** One answer for an unknown email and a wrong password, so the form does not reveal who has an account. */
function invalidLogin(): ApiError {
  return new ApiError(401, 'authentication_error', 'Incorrect email or password.', {
    code: 'invalid_login',
    headers: { 'WWW-Authenticate': 'Session realm="datasync"' },
  });
}

export interface UsersServiceOptions {
  /** Sign-up and login limits per client address and per account; none when absent (tests, the demo seed). */
  limiters?: PasswordAttemptLimiters;
  /** Password hashes computed at once; more wait, and past 25 times as many get a 429. */
  hashConcurrency?: number;
  /** scrypt with the service's parameters unless given (tests hold it: passwordHashing.ts). */
  hashing?: PasswordHashing;
}

export class UsersService {
  // Each flow has its own gate, so a flood of sign-ups (limited only per address) cannot queue
  // out the logins of existing users, nor the other way round.
  private readonly signupHashing: ConcurrencyGate;
  private readonly loginHashing: ConcurrencyGate;
  private readonly limiters: PasswordAttemptLimiters | undefined;
  private readonly hashing: PasswordHashing;

  constructor(
    private readonly knex: Knex,
    private readonly sessions: SessionsService,
    private readonly scryptParams: ScryptParams = DEFAULT_SCRYPT,
    options: UsersServiceOptions = {},
  ) {
    const concurrency = options.hashConcurrency ?? 2;
    this.signupHashing = new ConcurrencyGate(concurrency, concurrency * 25);
    this.loginHashing = new ConcurrencyGate(concurrency, concurrency * 25);
    this.limiters = options.limiters;
    this.hashing = options.hashing ?? scryptHashing(scryptParams);
  }

  /** Creates the organization with its environments and its first user, and logs the user in. */
  async signup(input: { email: string; password: string; organizationName: string }, address = 'unknown'): Promise<LoggedIn> {
    // Every sign-up costs a hash, failed or not: all of them count.
    await this.limiters?.signupPerAddress.record(address);
    const passwordHash = await this.signupHashing.run(() => this.hashing.hash(input.password));
    try {
      return await this.knex.transaction(async (trx) => {
        const organization = await insertOrganization(trx, input.organizationName);
        const environments = await insertEnvironments(trx, organization.id);
        const user = await insertUser(trx, { organizationId: organization.id, email: input.email, passwordHash });
        const environment = environments.find((e) => e.name === FIRST_ENVIRONMENT) as Environment;
        const session = await this.sessions.start(user.id, environment.id, trx);
        await writeAudit(trx, { ...this.userAudit(user), action: 'user.signed_up' });
        return { user, organization, environment, session };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_lower_unique')) {
        throw new InvalidRequestError('An account with this email already exists. Log in instead.', {
          code: 'email_taken',
          param: 'email',
        });
      }
      throw err;
    }
  }

  /** A new session for the right email and password; the caller's previous session, if any, ends. */
  async login(input: { email: string; password: string }, previousToken?: string, address = 'unknown'): Promise<LoggedIn> {
    // Checked before the hash, so a locked-out guesser costs no scrypt. An unknown email counts
    // like a known one: the limit must not tell which emails have accounts.
    const account = input.email.trim().toLowerCase();
    await this.limiters?.loginPerAccount.check(account);
    await this.limiters?.loginPerAddress.check(address);
    const found = await findUserWithHashByEmail(this.knex, input.email);
    const ok = await this.loginHashing.run(async () =>
      this.hashing.verify(input.password, found?.passwordHash ?? (await dummyPasswordHash(this.scryptParams))),
    );
    if (!found || !ok) {
      if (found) {
        await writeAudit(this.knex, { ...this.userAudit(found), action: 'user.login_failed' });
      }
      if (this.limiters) await Promise.all([this.limiters.loginPerAccount.record(account), this.limiters.loginPerAddress.record(address)]);
      throw invalidLogin();
    }
    const { passwordHash: storedHash, ...user } = found;
    // The one moment the password is known: a hash made with weaker parameters is replaced.
    if (needsRehash(storedHash, this.scryptParams)) {
      const rehashed = await this.loginHashing.run(() => this.hashing.hash(input.password));
      await updatePasswordHash(this.knex, user.id, rehashed);
    }
    // Read before ending the previous session, which is often the most recent one.
    const lastId = await lastEnvironmentOfUser(this.knex, user.id);
    if (previousToken) await this.sessions.end(previousToken);
    const environment = (lastId && (await findEnvironmentById(this.knex, lastId))) || (await this.firstEnvironment(user.organizationId));
    const session = await this.sessions.start(user.id, environment.id);
    await writeAudit(this.knex, { ...this.userAudit(user), action: 'user.logged_in' });
    const organization = (await findOrganization(this.knex, user.organizationId)) as Organization;
    return { user, organization, environment, session };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.end(token);
  }

  /** The user, organization and current environment of a session. */
  async describe(caller: Extract<Caller, { kind: 'session' }>): Promise<SessionView> {
    const [user, organization, environment] = await Promise.all([
      findUser(this.knex, caller.userId),
      findOrganization(this.knex, caller.organizationId),
      findEnvironmentById(this.knex, caller.environmentId),
    ]);
    if (!user || !organization || !environment) throw new Error('session refers to a missing user, organization or environment');
    return { user, organization, environment };
  }

  private userAudit(user: User) {
    return { organizationId: user.organizationId, environmentId: null, actor: `user:${user.id}`, target: user.id };
  }

  private async firstEnvironment(organizationId: string): Promise<Environment> {
    const found = await findEnvironmentByName(this.knex, organizationId, FIRST_ENVIRONMENT);
    if (!found) throw new Error(`organization ${organizationId} has no ${FIRST_ENVIRONMENT} environment`);
    return found;
  }
}
