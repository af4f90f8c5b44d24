import type { AccountsService, CredentialInput } from '@datasync/accounts';
import { writeAudit, type AttemptLimiter, type Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import { RateLimitError, toApiError, type ApiError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { ConnectError, providerModule, type OAuthConnect } from '@datasync/providers';
import {
  claim,
  complete,
  findByStateHash,
  findByTokenHash,
  findInEnvironment,
  recordRefusedKey,
  release,
  setOAuthState,
  type LinkSession,
} from './linkSessions.repository';
import { findPageSource, type LinkPageSource } from './linkSources.repository';
import { linkStatus } from './linkStatus';
import {
  generateOAuthState,
  hashLinkToken,
  hashOAuthState,
  isWellFormedLinkToken,
  isWellFormedOAuthState,
  linkCsrfMatches,
  linkCsrfToken,
} from './linkToken';
import { resultUrl } from './returnUrl';

export interface LinkContext {
  session: LinkSession;
  source: LinkPageSource;
}

/**
 * A link that cannot be used (any more): each gets a page of its own, and nothing changes.
 * `locked`: revoked because too many keys were refused on it.
 */
export type Closed = { kind: 'not_found' } | { kind: 'expired' | 'used' | 'revoked' | 'locked' | 'busy'; context: LinkContext };

export type Opened = { kind: 'open'; context: LinkContext; csrfToken: string };

type Connected = { kind: 'connected'; context: LinkContext; redirectTo: string };
/** libs/accounts refused the registration, with POST /accounts' own error. */
type Refused = { kind: 'refused'; context: LinkContext; error: ApiError };
type CsrfInvalid = { kind: 'csrf_invalid' };

/** The client address has had too many keys refused, on any link: nothing was asked of the provider. */
type AddressLimited = { kind: 'address_limited'; context: LinkContext; error: RateLimitError };
export type KeyOutcome = Closed | CsrfInvalid | AddressLimited | Connected | (Refused & { csrfToken: string });
export type ConnectStart =
  Closed | CsrfInvalid | { kind: 'oauth_unavailable'; context: LinkContext } | { kind: 'redirect'; url: string; state: string };
export type CallbackOutcome =
  | Closed
  | { kind: 'bad_callback' }
  | { kind: 'denied'; context: LinkContext }
  | { kind: 'provider_error'; context: LinkContext; code: string }
  | Connected
  | Refused;

export interface CallbackInput {
  state?: unknown;
  code?: unknown;
  error?: unknown;
  /** The state the connect step left in this browser's cookie. */
  cookieState?: string;
  /** This callback's URL, the authorize step's `redirect_uri`: some providers' exchanges repeat it. */
  redirectUri: string;
}

export interface LinkPageDeps {
  knex: Knex;
  secretBox: SecretBox;
  accounts: AccountsService;
  /** The provider's OAuth client; undefined for a provider whose Link page offers only the pasted credential. */
  connect: (provider: string) => OAuthConnect | undefined;
  /** Keys refused on one link before it is revoked. */
  keyAttempts: number;
  /** Keys refused per client address, across links. */
  keyFailures: AttemptLimiter;
  logger: Logger;
}

// Long enough for a registration whose provider verification retries; a crashed attempt frees the link after it.
const CLAIM_MS = 120_000;
const AUTH_CODE = /^[A-Za-z0-9_]{1,255}$/;

/**
 * The customer's side of a link session: open the page, connect through the provider's OAuth
 * or with a pasted key, and register the account through libs/accounts (the same code and rules
 * as POST /accounts), acting for the client credential that created the link.
 */
export class LinkPageService {
  constructor(private readonly deps: LinkPageDeps) {}

  async open(token: string): Promise<Opened | Closed> {
    if (!isWellFormedLinkToken(token)) return { kind: 'not_found' };
    const session = await findByTokenHash(this.deps.knex, hashLinkToken(token));
    if (!session) return { kind: 'not_found' };
    const opened = await this.usable(session);
    return opened.kind === 'usable' ? { kind: 'open', context: opened.context, csrfToken: linkCsrfToken(token) } : opened;
  }

  /** The connect button: a fresh state on the session, then the provider's consent page. */
  async startConnect(token: string, csrf: unknown, redirectUri: string): Promise<ConnectStart> {
    const opened = await this.open(token);
    if (opened.kind !== 'open') return opened;
    if (!linkCsrfMatches(token, csrf)) return { kind: 'csrf_invalid' };
    const { context } = opened;
    const oauth = this.deps.connect(context.source.provider);
    if (context.source.oauthClientId === null || !oauth) return { kind: 'oauth_unavailable', context };
    const state = generateOAuthState();
    if (!(await setOAuthState(this.deps.knex, context.session.id, hashOAuthState(state)))) return this.reread(token);
    const url = oauth.authorizeUrl({ clientId: context.source.oauthClientId, state, redirectUri });
    return { kind: 'redirect', url, state };
  }

  /** The provider sent the customer back: check the state, exchange the code, register. */
  async finishConnect(input: CallbackInput): Promise<CallbackOutcome> {
    const { state } = input;
    // The state must be one this service issued, to this browser: a response forged elsewhere, or
    // one replayed into another browser, is refused before anything else happens.
    if (!isWellFormedOAuthState(state) || input.cookieState !== state) return { kind: 'bad_callback' };
    const session = await findByStateHash(this.deps.knex, hashOAuthState(state));
    if (!session) return { kind: 'bad_callback' };
    const opened = await this.usable(session);
    if (opened.kind !== 'usable') return opened;
    const { context } = opened;
    if (input.error !== undefined) {
      return input.error === 'access_denied' ? { kind: 'denied', context } : { kind: 'provider_error', context, code: 'provider_error' };
    }
    if (typeof input.code !== 'string' || !AUTH_CODE.test(input.code)) return { kind: 'bad_callback' };
    const oauth = this.deps.connect(context.source.provider);
    if (!oauth) return { kind: 'bad_callback' };
    let credential: CredentialInput;
    try {
      const sourceSecret = this.deps.secretBox.open(
        context.source.credentialSecret,
        session.environmentId,
        sealedPlace('sourceKey', context.source.id),
      );
      credential = await oauth.exchangeCode({
        sourceSecret,
        code: input.code,
        redirectUri: input.redirectUri,
        ...(context.source.oauthClientId !== null ? { clientId: context.source.oauthClientId } : {}),
      });
    } catch (err) {
      if (!(err instanceof ConnectError)) throw err;
      this.deps.logger.warn('link connect: code exchange failed', {
        link_session: session.id,
        kind: err.kind,
        code: err.code,
        error: err.message,
      });
      return { kind: 'provider_error', context, code: err.code };
    }
    return this.register(context, credential);
  }

  /**
   * The pasted key: POSTed, verified and stored encrypted by libs/accounts, never put in a URL.
   * Each refusal tells whoever holds the link whether the provider knows a key, so refusals are
   * bounded per link (then it is revoked: a new link is needed) and per client address, across
   * links (then a 429 page until the window ends), both checked before the provider is asked.
   */
  async submitKey(token: string, csrf: unknown, key: string, address: string): Promise<KeyOutcome> {
    const opened = await this.open(token);
    if (opened.kind !== 'open') return opened;
    if (!linkCsrfMatches(token, csrf)) return { kind: 'csrf_invalid' };
    const { context } = opened;
    const limited = await rateLimited(() => this.deps.keyFailures.check(address));
    if (limited) return { kind: 'address_limited', context, error: limited };
    const outcome = await this.register(context, providerModule(context.source.provider).link.pasted.credential(key));
    if (outcome.kind !== 'refused') return outcome;
    // A provider that could not be asked answered nothing about the key.
    if (outcome.error.code === 'provider_unreachable') return { ...outcome, csrfToken: opened.csrfToken };
    const attempts = await recordRefusedKey(this.deps.knex, context.session.id, this.deps.keyAttempts);
    const overAddress = await rateLimited(() => this.deps.keyFailures.record(address));
    if (attempts >= this.deps.keyAttempts) {
      this.deps.logger.warn('link session revoked: too many refused keys', { link_session: context.session.id, attempts });
      return { kind: 'locked', context };
    }
    if (overAddress) return { kind: 'address_limited', context, error: overAddress };
    return { ...outcome, csrfToken: opened.csrfToken };
  }

  private async register(context: LinkContext, credential: CredentialInput): Promise<Connected | Refused | Closed> {
    const { session, source } = context;
    if (!(await claim(this.deps.knex, session.id, CLAIM_MS))) return this.closedNow(context);
    // The Link page acts for the credential that created the session, within the Accounts API.
    const caller: Caller = {
      kind: 'client',
      environmentId: session.environmentId,
      organizationId: source.organizationId,
      clientId: session.clientId,
      scope: 'accounts',
    };
    let account: { identifier: string; externalId: string };
    try {
      const registration = await this.deps.accounts.register(caller, {
        sourceType: source.provider,
        credential,
        app: source.name,
        identifier: session.identifier ?? undefined,
      });
      account = { identifier: registration.account.identifier, externalId: registration.account.externalId };
    } catch (err) {
      // If even this fails (database down), the lease runs out by itself after CLAIM_MS.
      await release(this.deps.knex, session.id).catch(() => undefined);
      const known = toApiError(err);
      // A provider that could not be asked is the customer's to retry; anything else 5xx is ours.
      if (!known || (known.status >= 500 && known.code !== 'provider_unreachable')) throw err;
      return { kind: 'refused', context, error: known };
    }
    await this.deps.knex.transaction(async (trx) => {
      await complete(trx, session.id, account);
      await writeAudit(trx, {
        organizationId: source.organizationId,
        environmentId: session.environmentId,
        actor: `client:${session.clientId}`,
        action: 'link_session.completed',
        target: `link_session/${session.id}`,
        details: { identifier: account.identifier, external_id: account.externalId, credential_kind: credential.kind },
      });
    });
    this.deps.logger.info('link session completed', {
      link_session: session.id,
      environment_id: session.environmentId,
      credential_kind: credential.kind,
    });
    return {
      kind: 'connected',
      context,
      redirectTo: resultUrl(session.returnUrl, session.id, { status: 'connected', identifier: account.identifier }),
    };
  }

  private async usable(session: LinkSession): Promise<{ kind: 'usable'; context: LinkContext } | Closed> {
    const source = await findPageSource(this.deps.knex, session.environmentId, session.sourceId);
    // The foreign key cascades, so a session always has its source; a concurrent delete reads as gone.
    if (!source) return { kind: 'not_found' };
    const context = { session, source };
    const status = linkStatus(session);
    if (status === 'completed') return { kind: 'used', context };
    if (status === 'revoked' && session.failedKeyAttempts >= this.deps.keyAttempts) return { kind: 'locked', context };
    if (status === 'revoked' || status === 'expired') return { kind: status, context };
    return { kind: 'usable', context };
  }

  private async reread(token: string): Promise<Closed> {
    const opened = await this.open(token);
    return opened.kind === 'open' ? { kind: 'busy', context: opened.context } : opened;
  }

  // The claim failed: the session changed since it was read (used, revoked, expired), or another
  // attempt holds it.
  private async closedNow(context: LinkContext): Promise<Closed> {
    const fresh = await findInEnvironment(this.deps.knex, context.session.environmentId, context.session.id);
    if (!fresh) return { kind: 'not_found' };
    const opened = await this.usable(fresh);
    return opened.kind === 'usable' ? { kind: 'busy', context: opened.context } : opened;
  }
}

/** The 429 a limiter threw, or undefined when it let the attempt through. */
async function rateLimited(attempt: () => Promise<void>): Promise<RateLimitError | undefined> {
  try {
    await attempt();
    return undefined;
  } catch (err) {
    if (err instanceof RateLimitError) return err;
    throw err;
  }
}
